import type { KeyboardEvent } from 'react'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',')

/** Elements inside `root` that Tab can reach, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
  )
}

/** Keeps Tab / Shift+Tab inside a modal surface (wraps at both ends). */
export function trapTab(e: KeyboardEvent, root: HTMLElement): void {
  const items = focusableIn(root)
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) {
    e.preventDefault()
    root.focus()
    return
  }
  const active = document.activeElement
  if (e.shiftKey && (active === first || active === root)) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && active === last) {
    e.preventDefault()
    first.focus()
  }
}

/** The page's main region (client/features/settings/settings-page.tsx gives it this id). */
export const MAIN_CONTENT_ID = 'qm-content'

/**
 * Gives focus back after a dialog or drawer closed: to the control that opened it when that is still
 * on the page and visible, else to the page's main region — never to <body>, where a keyboard or
 * screen-reader user would have to start again from the top.
 */
export function returnFocus(opener: HTMLElement | null | undefined): void {
  if (opener && opener.isConnected && opener.getClientRects().length > 0) {
    opener.focus({ preventScroll: true })
    if (document.activeElement === opener) return
  }
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true })
}

/**
 * Runs `returnFocus` once whatever else reacts to the close (React Spectrum's own focus restoration
 * of a confirm dialog, a menu closing) has run: two animation frames later.
 */
export function returnFocusSoon(opener: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => requestAnimationFrame(() => returnFocus(opener())))
}
