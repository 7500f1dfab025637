import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { AlertDialog, DialogContainer } from '@adobe/react-spectrum'

export interface ConfirmOptions {
  readonly title: string
  readonly body: ReactNode
  /** Default 'Confirm' ('OK' for an error dialog). */
  readonly confirmLabel?: string
  /** Default 'Cancel'. An error dialog has no cancel button unless one is named here. */
  readonly cancelLabel?: string
  readonly variant?: 'destructive' | 'confirmation' | 'error'
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>

interface Request {
  readonly id: number
  readonly options: ConfirmOptions
  readonly resolve: (confirmed: boolean) => void
}

const Context = createContext<Confirm | undefined>(undefined)

/**
 * Confirm and error dialogs (SHELL-08) as a promise: `if (await confirm({...})) …`. Requests made
 * while a dialog is open wait their turn, so two rejections arriving together are both seen.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ReadonlyArray<Request>>([])
  const nextId = useRef(1)

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setQueue((q) => [...q, { id: nextId.current++, options, resolve }])
      }),
    [],
  )

  const current = queue[0]
  const settled = useRef(new Set<number>())
  const settle = useCallback((request: Request, confirmed: boolean) => {
    if (settled.current.has(request.id)) return
    settled.current.add(request.id)
    request.resolve(confirmed)
    setQueue((q) => q.filter((r) => r.id !== request.id))
  }, [])

  return (
    <Context.Provider value={confirm}>
      {children}
      {/* Spectrum calls onDismiss before onPrimaryAction when a button is pressed: a dismissal is
          settled a microtask later, so the button's answer wins and Escape still means "no". */}
      <DialogContainer onDismiss={() => current && queueMicrotask(() => settle(current, false))}>
        {current && (
          <ConfirmDialog key={current.id} options={current.options} settle={(ok) => settle(current, ok)} />
        )}
      </DialogContainer>
    </Context.Provider>
  )
}

function ConfirmDialog({ options, settle }: { options: ConfirmOptions; settle: (ok: boolean) => void }) {
  const { title, body, variant = 'confirmation' } = options
  const isError = variant === 'error'
  const confirmLabel = options.confirmLabel ?? (isError ? 'OK' : 'Confirm')
  const cancelLabel = options.cancelLabel ?? (isError ? undefined : 'Cancel')
  return (
    <AlertDialog
      title={title}
      variant={variant}
      primaryActionLabel={confirmLabel}
      {...(cancelLabel !== undefined ? { cancelLabel } : {})}
      // A destructive action is never the default: Enter on open must not delete anything.
      autoFocusButton={variant === 'destructive' && cancelLabel !== undefined ? 'cancel' : 'primary'}
      onPrimaryAction={() => settle(true)}
      onCancel={() => settle(false)}
    >
      {body}
    </AlertDialog>
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
