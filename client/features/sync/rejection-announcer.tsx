import { useEffect } from 'react'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { useSnackbar } from '../../components/snackbar'
import { useAppData } from '../../db/data-context'

/**
 * Announces each rejection as the server's verdict arrives, with the message the online flow shows:
 * the 'Duplicate Monitor Found' dialog for a duplicate monitor, a negative snackbar for the rest
 * (circular feeder line, validation, role). The attempt itself waits in Sync issues.
 */
export function RejectionAnnouncer({ onShowIssues }: { onShowIssues: () => void }) {
  const { controller } = useAppData()
  const confirm = useConfirm()
  const { show } = useSnackbar()
  useEffect(
    () =>
      controller.onRejection((_collection, rejection) => {
        if (rejection.code !== 'DUPLICATE_MONITOR') {
          show(rejection.message, { variant: 'negative' })
          return
        }
        void confirm({
          title: Messages.monitor.duplicateTitle,
          body: rejection.message,
          confirmLabel: 'Show sync issues',
          cancelLabel: 'Close',
          variant: 'error',
        }).then((open) => open && onShowIssues())
      }),
    [controller, confirm, show, onShowIssues],
  )
  return null
}
