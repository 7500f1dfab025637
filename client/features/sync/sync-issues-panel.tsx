import { useCallback, useEffect, useMemo, useRef } from 'react'
import { Content, Heading, IllustratedMessage } from '@adobe/react-spectrum'
import { DRAWER_WIDTH_PX } from '../../../shared/constants'
import { useConfirm } from '../../components/confirm'
import { Drawer } from '../../components/drawer'
import { lineLabel } from '../../components/line-selector'
import { useSnackbar } from '../../components/snackbar'
import { useAppData, useSyncIssues } from '../../db/react/data-context'
import type { SyncIssue } from '../../db/storage/device-db'
import type { IntentName } from '../../../shared/intents'
import { useDocs } from '../../db/react/hooks'
import { issueHeadingId, SyncIssueCard } from './sync-issue-card'

const EMPTY_HEADING_ID = 'qm-issues-empty'

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

  // When a card goes, focus moves to the card that takes its place (or the empty message), never
  // to the page body: a keyboard user keeps their place in the list.
  const focusAt = useRef<number | null>(null)
  useEffect(() => {
    const index = focusAt.current
    if (index === null) return
    focusAt.current = null
    const next = issues[Math.min(index, issues.length - 1)]
    document.getElementById(next ? issueHeadingId(next) : EMPTY_HEADING_ID)?.focus()
  }, [issues])
  const removing = (issue: SyncIssue) => {
    focusAt.current = issues.findIndex((i) => i.id === issue.id)
  }

  const check = useCallback(
    (issue: SyncIssue, args: unknown) => controller.check(issue.action.name as IntentName, args),
    [controller],
  )
  const reapply = async (issue: SyncIssue, args?: unknown) => {
    // The action runs again on the current data, so it never reverts what the server changed since.
    removing(issue)
    const outcome = await controller.reapply(issue, args)
    if (outcome.status === 'refused') {
      focusAt.current = null
      show(outcome.rejection.message, { variant: 'negative' })
    } else show('Your change was re-applied and is waiting to sync.', { variant: 'info' })
  }
  const discard = async (issue: SyncIssue) => {
    const ok = await confirm({
      title: 'Discard your change?',
      body: `"${issue.action.description}" will be removed from this device. The server's version stays.`,
      confirmLabel: 'Discard',
      variant: 'destructive',
    })
    if (!ok) return
    removing(issue)
    await controller.discard(issue)
  }

  return (
    <Drawer isOpen={isOpen} onClose={onClose} title="Sync issues" width={DRAWER_WIDTH_PX.monitor}>
      {issues.length === 0 ? (
        <div id={EMPTY_HEADING_ID} tabIndex={-1} className="qm-issues-empty">
          <IllustratedMessage>
            <Heading level={3}>No sync issues</Heading>
            <Content>Nothing is waiting for you here.</Content>
          </IllustratedMessage>
        </div>
      ) : (
        issues.map((issue) => (
          <SyncIssueCard
            key={issue.id ?? issue.createdAt}
            issue={issue}
            names={names}
            onReapply={reapply}
            onDiscard={discard}
            check={check}
            onLeave={onClose}
          />
        ))
      )}
    </Drawer>
  )
}
