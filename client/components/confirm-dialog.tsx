import { AlertDialog, DialogContainer } from '@adobe/react-spectrum'
import type { ConfirmOptions, ConfirmRequest } from './confirm-request'

/**
 * The dialogs of ConfirmProvider (client/components/confirm.tsx), in a chunk of their own: the
 * provider is part of the first screen, Spectrum's dialog is only needed once something asks.
 * `current` is the request at the head of the queue; `settle` answers it exactly once.
 */
export function ConfirmDialogs({
  current,
  settle,
}: {
  current: ConfirmRequest | undefined
  settle: (request: ConfirmRequest, confirmed: boolean) => void
}) {
  return (
    // Spectrum calls onDismiss before onPrimaryAction when a button is pressed: a dismissal is
    // settled a microtask later, so the button's answer wins and Escape still means "no".
    <DialogContainer onDismiss={() => current && queueMicrotask(() => settle(current, false))}>
      {current && (
        <ConfirmDialog key={current.id} options={current.options} settle={(ok) => settle(current, ok)} />
      )}
    </DialogContainer>
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
