import { useEffect } from 'react'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { useSnackbar } from '../../components/snackbar'
import { useAppData } from '../../db/data-context'

/**
 * Announces each refused or conflicting action as the server's verdict arrives, naming the action,
 * with the message the online flow shows: the 'Duplicate Monitor Found' dialog for a duplicate
 * monitor, a negative snackbar for the rest (circular feeder line, validation, role, conflict).
 * The action itself waits in Sync issues.
 */
export function RejectionAnnouncer({ onShowIssues }: { onShowIssues: () => void }) {
  const { controller } = useAppData()
  const confirm = useConfirm()
  const { show } = useSnackbar()
  useEffect(
    () =>
      controller.onIssue((issue) => {
        const { rejection } = issue
        if (issue.kind === 'conflict') {
          show(`${issue.action.description}: a newer change from the server was kept. See Sync issues.`, {
            variant: 'negative',
          })
          return
        }
        if (rejection.code !== 'DUPLICATE_MONITOR') {
          show(`${issue.action.description}: ${rejection.message}`, { variant: 'negative' })
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
