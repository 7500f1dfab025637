import { useEffect } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { ALERT_SNACKBAR_MS } from '../../../shared/constants'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { useSnackbar } from '../../components/snackbar'
import { useAppData } from '../../db/react/data-context'
import { duplicateTarget, openDuplicate } from '../monitor-form/open-duplicate'

/**
 * Announces each refused or conflicting action as the server's verdict arrives, naming the action,
 * with the message the online flow shows: the 'Duplicate Monitor Found' dialog for a duplicate
 * monitor (its 'Edit existing monitor' opens the existing one in EDIT, MON-07), a negative snackbar
 * for the rest (circular feeder line, validation, role, conflict).
 * The action itself waits in Sync issues.
 */
export function RejectionAnnouncer({ onShowIssues }: { onShowIssues: () => void }) {
  const { controller } = useAppData()
  const confirm = useConfirm()
  const { show } = useSnackbar()
  const navigate = useNavigate()
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
        const existing = duplicateTarget(issue)
        void confirm({
          title: Messages.monitor.duplicateTitle,
          body: rejection.message,
          confirmLabel: existing ? Messages.monitor.editExistingMonitor : 'Show sync issues',
          cancelLabel: 'Close',
          variant: 'error',
        }).then((open) => {
          if (!open) return
          if (existing) openDuplicate(existing, navigate)
          else onShowIssues()
        })
      }),
    [controller, confirm, show, onShowIssues, navigate],
  )
  return null
}
