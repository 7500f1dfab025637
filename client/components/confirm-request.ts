import type { ReactNode } from 'react'

/** What a confirm or error dialog asks (ConfirmProvider, confirm.tsx; shown by confirm-dialog.tsx). */
export interface ConfirmOptions {
  readonly title: string
  readonly body: ReactNode
  /** Default 'Confirm' ('OK' for an error dialog). */
  readonly confirmLabel?: string
  /** Default 'Cancel'. An error dialog has no cancel button unless one is named here. */
  readonly cancelLabel?: string
  readonly variant?: 'destructive' | 'confirmation' | 'error'
}

export interface ConfirmRequest {
  readonly id: number
  readonly options: ConfirmOptions
  readonly resolve: (confirmed: boolean) => void
}
