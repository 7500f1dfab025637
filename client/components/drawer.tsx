import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { ActionButton, Heading, Provider } from '@adobe/react-spectrum'
import { DRAWER_ENTER_MS, DRAWER_EXIT_MS, DRAWER_WIDTH_PX } from '../../shared/constants'
import { focusableIn, trapTab } from './focus'

export interface DrawerProps {
  readonly isOpen: boolean
  readonly onClose: () => void
  readonly title: string
  /** Pixels; DRAWER_WIDTH_PX.default (950) unless a screen says otherwise (monitor/line 750, feeder 700). */
  readonly width?: number
  readonly children: ReactNode
  /** Pinned under the scrolling body (Save / Cancel …). */
  readonly footer?: ReactNode
}

type Phase = 'closed' | 'entering' | 'open' | 'exiting'

/**
 * The sliding right-hand drawer (SHELL-06). A modal dialog: focus moves into it on open and back to
 * whatever opened it on close, Tab stays inside, Escape and the scrim close it. It stays mounted
 * through the exit animation so the slide-out is visible.
 */
export function Drawer({
  isOpen,
  onClose,
  title,
  width = DRAWER_WIDTH_PX.default,
  children,
  footer,
}: DrawerProps) {
  const phase = usePhase(isOpen)
  const panel = useRef<HTMLDivElement>(null)
  useFocusHandOver(isOpen, phase, panel)

  if (phase === 'closed') return null
  const shown = phase === 'open'
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
          role="dialog"
          aria-modal="true"
          aria-label={title}
          tabIndex={-1}
          className="qm-drawer"
          data-phase={phase}
          style={{
            width: `min(${width}px, 100vw)`,
            transform: shown ? 'translateX(0)' : 'translateX(100%)',
            transition: `transform ${duration}ms cubic-bezier(0.2, 0, 0, 1)`,
          }}
          onKeyDown={onKeyDown}
        >
          <header className="qm-drawer-header">
            <Heading level={2} margin={0} UNSAFE_className="qm-drawer-title">
              {title}
            </Heading>
            <ActionButton isQuiet aria-label={`Close ${title}`} onPress={onClose}>
              ✕
            </ActionButton>
          </header>
          <div className="qm-drawer-body">{children}</div>
          {footer !== undefined && <footer className="qm-drawer-footer">{footer}</footer>}
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

/** Moves focus into the drawer once it is on screen and back to the opener when it closes. */
function useFocusHandOver(isOpen: boolean, phase: Phase, panel: RefObject<HTMLDivElement | null>) {
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (!isOpen) return
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    return () => {
      const back = opener.current
      opener.current = null
      if (back && back.isConnected) back.focus()
    }
  }, [isOpen])
  useEffect(() => {
    const root = panel.current
    if (phase !== 'entering' || !root || root.contains(document.activeElement)) return
    // The first control of the body (a screen's autoFocus wins), else the panel itself.
    const body = root.querySelector<HTMLElement>('.qm-drawer-body')
    const target = (body && focusableIn(body)[0]) ?? root
    target.focus({ preventScroll: true })
  }, [phase, panel])
}
