import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { ActionButton } from '@adobe/react-spectrum'
import { MONITOR_SNACKBAR_MS } from '../../shared/constants'
import { FloatingLayer } from './floating-layer'

export type SnackbarVariant = 'positive' | 'negative' | 'info'

export interface SnackbarOptions {
  readonly variant?: SnackbarVariant
  /** Auto-hide delay; MONITOR_SNACKBAR_MS (3300) unless given (alert snackbars: ALERT_SNACKBAR_MS). */
  readonly timeoutMs?: number
  /** One follow-up the message offers, e.g. opening Sync issues. */
  readonly action?: SnackbarAction
}

export interface SnackbarAction {
  readonly label: string
  readonly onPress: () => void
}

interface Snack {
  readonly id: number
  readonly message: string
  readonly variant: SnackbarVariant
  readonly timeoutMs: number
  readonly action?: SnackbarAction
}

type Show = (message: string, options?: SnackbarOptions) => void

const Context = createContext<Show | undefined>(undefined)

/** How many snackbars stay on screen at once; older ones leave early so messages never pile up. */
const MAX_VISIBLE = 3
/** Above drawers and dialogs: a message about what a drawer just saved must be seen. */
const SNACKBAR_LAYER = 200

/**
 * Snackbars (SHELL-08). Spectrum's own toasts cannot hide before 5 s, and the spec wants 3300 ms and
 * 4 s, so this is a small queue of our own. Errors are announced assertively, the rest politely.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [snacks, setSnacks] = useState<ReadonlyArray<Snack>>([])
  const nextId = useRef(1)

  const dismiss = useCallback((id: number) => setSnacks((all) => all.filter((s) => s.id !== id)), [])
  const show = useCallback<Show>((message, options = {}) => {
    const snack: Snack = {
      id: nextId.current++,
      message,
      variant: options.variant ?? 'info',
      timeoutMs: options.timeoutMs ?? MONITOR_SNACKBAR_MS,
      ...(options.action ? { action: options.action } : {}),
    }
    setSnacks((all) => [...all, snack].slice(-MAX_VISIBLE))
  }, [])

  return (
    <Context.Provider value={show}>
      {children}
      <FloatingLayer zIndex={SNACKBAR_LAYER}>
        <div className="qm-snackbar-region" aria-label="Notifications" role="region">
          {/* Live regions exist before any message so screen readers pick the first one up. */}
          <div role="alert" className="qm-snackbar-stack">
            {snacks
              .filter((s) => s.variant === 'negative')
              .map((s) => (
                <SnackbarItem key={s.id} snack={s} onDismiss={dismiss} />
              ))}
          </div>
          <div role="status" aria-live="polite" className="qm-snackbar-stack">
            {snacks
              .filter((s) => s.variant !== 'negative')
              .map((s) => (
                <SnackbarItem key={s.id} snack={s} onDismiss={dismiss} />
              ))}
          </div>
        </div>
      </FloatingLayer>
    </Context.Provider>
  )
}

function SnackbarItem({ snack, onDismiss }: { snack: Snack; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    // Hovering or focusing the snackbar holds it, so a reader is never cut off mid-sentence.
    if (paused) return
    const timer = setTimeout(() => onDismiss(snack.id), snack.timeoutMs)
    return () => clearTimeout(timer)
  }, [paused, snack.id, snack.timeoutMs, onDismiss])
  return (
    <div
      className={`qm-snackbar qm-snackbar-${snack.variant}`}
      data-variant={snack.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="qm-snackbar-message">{snack.message}</span>
      {snack.action && (
        <ActionButton
          isQuiet
          staticColor="white"
          onPress={() => {
            snack.action?.onPress()
            onDismiss(snack.id)
          }}
        >
          {snack.action.label}
        </ActionButton>
      )}
      <ActionButton isQuiet staticColor="white" aria-label="Dismiss" onPress={() => onDismiss(snack.id)}>
        ✕
      </ActionButton>
    </div>
  )
}

/**
 * The snackbar function. It is callable itself and also carries `.show`, so both
 * `const show = useSnackbar()` and `const { show } = useSnackbar()` read naturally.
 */
export type SnackbarApi = Show & { readonly show: Show }

export function useSnackbar(): SnackbarApi {
  const show = useContext(Context)
  if (!show) throw new Error('useSnackbar must be used inside <SnackbarProvider>')
  return useMemo(
    () => Object.assign((message: string, options?: SnackbarOptions) => show(message, options), { show }),
    [show],
  )
}
