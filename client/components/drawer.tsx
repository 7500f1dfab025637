import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { ActionButton, Heading, Provider } from '@adobe/react-spectrum'
import { DRAWER_ENTER_MS, DRAWER_EXIT_MS, DRAWER_WIDTH_PX } from '../../shared/constants'
import { focusableIn, returnFocus, trapTab } from './focus'
import { useMediaQuery } from './use-media-query'

export interface DrawerProps {
  readonly isOpen: boolean
  readonly onClose: () => void
  readonly title: string
  /** Pixels; DRAWER_WIDTH_PX.default (950) unless a screen says otherwise (monitor/line 750, feeder 700). */
  readonly width?: number
  readonly children: ReactNode
  /** Pinned under the scrolling body (Save / Cancel …). */
  readonly footer?: ReactNode
  /** The edge it slides from: 'right' (default) for editors and details, 'left' for the menu. */
  readonly side?: 'left' | 'right'
  /**
   * Gives focus back when the control that opened the drawer is gone by the time it closes (a menu
   * item); without it focus goes to the page's main region.
   */
  readonly restoreFocus?: () => void
}

/** Below this much room beside it, a drawer takes the whole width (docs/ui-rules.md). */
const MIN_SCRIM_PX = 200

type Phase = 'closed' | 'entering' | 'open' | 'exiting'

/**
 * The sliding drawer (SHELL-06). A modal dialog named by its heading: focus moves into it on open and
 * back to whatever opened it on close, Tab stays inside, Escape and the scrim close it. It stays
 * mounted through the exit animation so the slide-out is visible. On a screen with less than
 * MIN_SCRIM_PX beside it, it is full width. Its title row is a plain heading, not a <header>, so a
 * drawer adds no second banner landmark.
 */
export function Drawer({
  isOpen,
  onClose,
  title,
  width = DRAWER_WIDTH_PX.default,
  children,
  footer,
  side = 'right',
  restoreFocus,
}: DrawerProps) {
  const phase = usePhase(isOpen)
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const panelId = useId()
  const fullWidth = useMediaQuery(`(max-width: ${width + MIN_SCRIM_PX - 1}px)`)
  useFocusHandOver(isOpen, phase, panel, panelId, restoreFocus)

  if (phase === 'closed') return null
  const shown = phase === 'open'
  const offScreen = side === 'right' ? 'translateX(100%)' : 'translateX(-100%)'
  const duration = phase === 'exiting' ? DRAWER_EXIT_MS : DRAWER_ENTER_MS

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Popovers and dialogs inside handle (and prevent) their own Escape first.
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.stopPropagation()
      onClose()
    } else if (e.key === 'Tab' && panel.current) trapTab(e, panel.current)
  }

  // Portalled to <body> so no ancestor's overflow or transform clips it; the nested Provider keeps
  // the Spectrum theme (it inherits the outer one through React context). Its own stacking context
  // (like Spectrum's dialogs have) layers overlays by opening order: a confirm or picker opened from
  // the drawer shows above it, and nothing inside the app can rise above the drawer.
  return createPortal(
    <Provider UNSAFE_style={{ background: 'transparent', isolation: 'isolate' }}>
      <div className="qm-drawer-root">
        <div
          className="qm-drawer-scrim"
          style={{ opacity: shown ? 1 : 0, transition: `opacity ${duration}ms ease` }}
          onClick={onClose}
          aria-hidden="true"
        />
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="qm-drawer"
          data-phase={phase}
          data-side={side}
          style={{
            width: fullWidth ? '100vw' : `${width}px`,
            transform: shown ? 'translateX(0)' : offScreen,
            transition: `transform ${duration}ms cubic-bezier(0.2, 0, 0, 1)`,
          }}
          onKeyDown={onKeyDown}
        >
          <div className="qm-drawer-header">
            <Heading level={2} margin={0} id={titleId} UNSAFE_className="qm-drawer-title">
              {title}
            </Heading>
            <ActionButton isQuiet aria-label={`Close ${title}`} onPress={onClose} UNSAFE_className="qm-hit">
              ✕
            </ActionButton>
          </div>
          <div className="qm-drawer-body">{children}</div>
          {footer !== undefined && <div className="qm-drawer-footer">{footer}</div>}
        </div>
      </div>
    </Provider>,
    document.body,
  )
}

/**
 * closed → entering (committed off-screen) → open … exiting (DRAWER_EXIT_MS) → closed. 'open' is set
 * only from an effect of the committed 'entering' render, so 'entering' is never batched away on a
 * busy main thread (the slide-in and the focus hand-over both rely on it).
 */
function usePhase(isOpen: boolean): Phase {
  const [phase, setPhase] = useState<Phase>('closed')
  useEffect(() => {
    if (isOpen) {
      setPhase('entering')
      return
    }
    setPhase((p) => (p === 'closed' ? 'closed' : 'exiting'))
    const timer = setTimeout(() => setPhase('closed'), DRAWER_EXIT_MS)
    return () => clearTimeout(timer)
  }, [isOpen])
  useEffect(() => {
    if (phase !== 'entering') return
    // Two frames: the off-screen position must be painted before the transform transitions.
    let second = 0
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setPhase('open'))
    })
    return () => {
      cancelAnimationFrame(first)
      cancelAnimationFrame(second)
    }
  }, [phase])
  return phase
}

/**
 * Moves focus into the drawer once it is on screen and back to the opener when it closes. Two things
 * can pull focus back into the closing panel or drop it on <body>: a confirm dialog opened from the
 * drawer restores focus to its own opener (inside this panel) when its exit animation ends, and the
 * panel unmounts with focus inside. Until the drawer is gone, focus landing there goes to the opener
 * (or the main region when the opener is gone, e.g. a menu item). While open, a focused control that
 * disappears (a removed card, a removed tag) leaves focus on the panel instead of <body>.
 */
function useFocusHandOver(
  isOpen: boolean,
  phase: Phase,
  panel: RefObject<HTMLDivElement | null>,
  panelId: string,
  restoreFocus: (() => void) | undefined,
) {
  const opener = useRef<HTMLElement | null>(null)
  const fallback = useRef(restoreFocus)
  useEffect(() => {
    fallback.current = restoreFocus
  }, [restoreFocus])
  const openNow = useRef(false)
  useEffect(() => {
    if (!isOpen) return
    openNow.current = true
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    return () => {
      openNow.current = false
      // Looked up now: the panel mounts after this effect ran, and stays mounted while it slides out.
      const root = document.getElementById(panelId)
      const back = opener.current
      opener.current = null
      const restore = () => {
        if (openNow.current) return
        const active = document.activeElement
        const lost = !active || active === document.body || (root?.contains(active) ?? false)
        if (!lost) return
        if (!back?.isConnected && fallback.current) fallback.current()
        else returnFocus(back)
      }
      if (back?.isConnected) returnFocus(back)
      else restore()
      const onFocusIn = (e: FocusEvent) => {
        if (root?.contains(e.target as Node)) restore()
      }
      document.addEventListener('focusin', onFocusIn)
      setTimeout(() => {
        document.removeEventListener('focusin', onFocusIn)
        restore()
      }, DRAWER_EXIT_MS + 400)
    }
  }, [isOpen, panelId])
  useEffect(() => {
    const root = panel.current
    if (!isOpen || !root) return
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget !== null) return
      requestAnimationFrame(() => {
        if (openNow.current && document.activeElement === document.body) root.focus({ preventScroll: true })
      })
    }
    root.addEventListener('focusout', onFocusOut)
    return () => root.removeEventListener('focusout', onFocusOut)
  }, [isOpen, phase, panel])
  useEffect(() => {
    const root = panel.current
    if (phase !== 'entering' || !root || root.contains(document.activeElement)) return
    // The first control of the body (a screen's autoFocus wins), else the panel itself. Content
    // that arrives a little later (the menu's links) still gets the focus, as long as the panel
    // holds it: never taken from where the user has put it meanwhile.
    const first = () => {
      const body = root.querySelector<HTMLElement>('.qm-drawer-body')
      return body ? focusableIn(body)[0] : undefined
    }
    const target = first()
    if (target) {
      target.focus({ preventScroll: true })
      return
    }
    root.focus({ preventScroll: true })
    const observer = new MutationObserver(() => {
      if (document.activeElement !== root) return observer.disconnect()
      const later = first()
      if (later) {
        later.focus({ preventScroll: true })
        observer.disconnect()
      }
    })
    observer.observe(root, { childList: true, subtree: true })
    setTimeout(() => observer.disconnect(), DRAWER_ENTER_MS * 2)
  }, [phase, panel])
}
