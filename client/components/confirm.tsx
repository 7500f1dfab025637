import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { ConfirmOptions, ConfirmRequest } from './confirm-request'

export type { ConfirmOptions } from './confirm-request'

type Confirm = (options: ConfirmOptions) => Promise<boolean>

const Context = createContext<Confirm | undefined>(undefined)

/** The dialog's code (Spectrum's dialog and overlay) arrives with the first request, not at start. */
const ConfirmDialogs = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialogs })))

/**
 * Confirm and error dialogs (SHELL-08) as a promise: `if (await confirm({...})) …`. Requests made
 * while a dialog is open wait their turn, so two rejections arriving together are both seen.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ReadonlyArray<ConfirmRequest>>([])
  const nextId = useRef(1)

  const [used, setUsed] = useState(false)
  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setUsed(true)
        setQueue((q) => [...q, { id: nextId.current++, options, resolve }])
      }),
    [],
  )

  const current = queue[0]
  const settled = useRef(new Set<number>())
  const settle = useCallback((request: ConfirmRequest, confirmed: boolean) => {
    if (settled.current.has(request.id)) return
    settled.current.add(request.id)
    request.resolve(confirmed)
    setQueue((q) => q.filter((r) => r.id !== request.id))
  }, [])

  return (
    <Context.Provider value={confirm}>
      {children}
      {/* Mounted from the first request on and kept, so later dialogs open and close with Spectrum's
          transitions; until then nothing of the dialog is downloaded. */}
      {used && (
        <Suspense fallback={null}>
          <ConfirmDialogs current={current} settle={settle} />
        </Suspense>
      )}
    </Context.Provider>
  )
}

/**
 * `const confirm = useConfirm(); if (await confirm({ title, body, variant: 'destructive' })) …`.
 * The function also carries `.confirm` for destructuring.
 */
export type ConfirmApi = Confirm & { readonly confirm: Confirm }

export function useConfirm(): ConfirmApi {
  const confirm = useContext(Context)
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>')
  return useMemo(() => Object.assign((options: ConfirmOptions) => confirm(options), { confirm }), [confirm])
}
