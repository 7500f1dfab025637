import { useMemo } from 'react'
import { Content, Heading, IllustratedMessage } from '@adobe/react-spectrum'
import { DRAWER_WIDTH_PX } from '../../../shared/constants'
import { useConfirm } from '../../components/confirm'
import { Drawer } from '../../components/drawer'
import { lineLabel } from '../../components/line-selector'
import { useSnackbar } from '../../components/snackbar'
import { useAppData, useSyncIssues } from '../../db/data-context'
import type { SyncIssue } from '../../db/device-db'
import { useDocs } from '../../db/hooks'
import { SyncIssueCard } from './sync-issue-card'

/**
 * "Sync issues" (OFF-04, OFF-05): every action the server refused or held back as a conflict, named
 * in the user's words, each with Re-apply (runs the action again on the current data; it syncs like
 * any action) and Discard (after a confirm).
 */
export function SyncIssuesPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { controller } = useAppData()
  const issues = useSyncIssues()
  const confirm = useConfirm()
  const { show } = useSnackbar()
  const { data: lines } = useDocs('lines')
  // Feeder lines and other line references read better as names than as ids.
  const names = useMemo(() => new Map(lines.map((l) => [l.id, lineLabel(l)])), [lines])

  const reapply = async (issue: SyncIssue) => {
    // The action runs again on the current data, so it never reverts what the server changed since.
    const outcome = await controller.reapply(issue)
    if (outcome.status === 'refused') show(outcome.rejection.message, { variant: 'negative' })
    else show('Your change was re-applied and is waiting to sync.', { variant: 'info' })
  }
  const discard = async (issue: SyncIssue) => {
    const ok = await confirm({
      title: 'Discard your change?',
      body: `"${issue.action.description}" will be removed from this device. The server's version stays.`,
      confirmLabel: 'Discard',
      variant: 'destructive',
    })
    if (ok) await controller.discard(issue)
  }

  return (
    <Drawer isOpen={isOpen} onClose={onClose} title="Sync issues" width={DRAWER_WIDTH_PX.monitor}>
      {issues.length === 0 ? (
        <IllustratedMessage>
          <Heading level={3}>No sync issues</Heading>
          <Content>Nothing is waiting for you here.</Content>
        </IllustratedMessage>
      ) : (
        issues.map((issue) => (
          <SyncIssueCard
            key={issue.id ?? issue.createdAt}
            issue={issue}
            names={names}
            onReapply={reapply}
            onDiscard={discard}
            onLeave={onClose}
          />
        ))
      )}
    </Drawer>
  )
}
