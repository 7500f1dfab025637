import { useEffect } from 'react'
import { ALERT_SNACKBAR_MS } from '../../../shared/constants'
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
        const openIssues = { label: 'Sync issues', onPress: onShowIssues }
        if (issue.kind === 'conflict') {
          show(`Your change "${issue.action.description}" was replaced by a newer change from the server.`, {
            variant: 'negative',
            timeoutMs: ALERT_SNACKBAR_MS,
            action: openIssues,
          })
          return
        }
        if (rejection.code !== 'DUPLICATE_MONITOR') {
          show(`${issue.action.description}: ${rejection.message}`, {
            variant: 'negative',
            timeoutMs: ALERT_SNACKBAR_MS,
            action: openIssues,
          })
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
