import { useCallback, useMemo, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Button, ButtonGroup, Content, Heading, InlineAlert, Text } from '@adobe/react-spectrum'
import type { Rejection } from '../../../shared/sync/protocol'
import { Messages } from '../../../shared/validation/messages'
import { PlantDateTime } from '../../components/plant-date-time'
import type { SyncIssue } from '../../db/storage/device-db'
import { duplicateTarget, openDuplicate } from '../monitor-form/open-duplicate'
import { collectionLabel, fieldLabel, formatValue } from './issue-format'
import {
  applyDraft,
  draftFields,
  hasEditableField,
  refusedForItsValues,
  type DraftField,
} from './reapply-draft'
import { ReapplyEditor } from './reapply-editor'

interface Props {
  readonly issue: SyncIssue
  readonly names: ReadonlyMap<string, string>
  /** Runs the action again (with corrected arguments when given). */
  readonly onReapply: (issue: SyncIssue, args?: unknown) => Promise<void>
  readonly onDiscard: (issue: SyncIssue) => Promise<void>
  /** The device's verdict on the action with these arguments (null: it would apply). */
  readonly check: (issue: SyncIssue, args: unknown) => Promise<Rejection | null>
  /** Closes the panel when an action leads elsewhere ('Edit existing monitor'). */
  readonly onLeave?: () => void
}

/** The id of a card's heading (the panel moves focus there). */
export const issueHeadingId = (issue: SyncIssue): string => `qm-issue-${issue.id ?? issue.createdAt}`

/**
 * One conflict (per field: your value vs the server's) or one rejection (the spec's message and what
 * was tried). Re-apply on a rejection the server would repeat opens the values for correcting first.
 */
export function SyncIssueCard({ issue, names, onReapply, onDiscard, check, onLeave }: Props) {
  const [busy, setBusy] = useState(false)
  const [editing, setEditing] = useState(false)
  const navigate = useNavigate()
  // MON-07: a duplicate only the server saw offers the same way to the existing monitor.
  const existing = issue.kind === 'rejection' ? duplicateTarget(issue) : undefined
  const what = issue.action.description
  const tried = useMemo(
    () => (issue.kind === 'rejection' ? draftFields(issue.action.args, names) : []),
    [issue, names],
  )
  const guarded = (action: () => Promise<void>) => async () => {
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
    }
  }
  const reapply = guarded(async () => {
    if (issue.kind === 'rejection' && hasEditableField(tried)) {
      const wouldRepeat =
        refusedForItsValues(issue.rejection.status) || (await check(issue, issue.action.args)) !== null
      if (wouldRepeat) {
        setEditing(true)
        return
      }
    }
    await onReapply(issue)
  })
  const checkDraft = useCallback(
    (fields: ReadonlyArray<DraftField>) => check(issue, applyDraft(issue.action.args, fields)),
    [check, issue],
  )
  const headingId = issueHeadingId(issue)

  return (
    <article className="qm-issue" aria-labelledby={headingId} data-kind={issue.kind}>
      {/* Focusable by script only: after Re-apply or Discard focus moves to the next card's heading. */}
      <h3 id={headingId} className="qm-issue-heading" tabIndex={-1}>
        {what}
      </h3>
      <Text UNSAFE_className="qm-plant-time-zone">
        {issue.kind === 'conflict' ? 'Changed here and on the server' : 'Not accepted by the server'} ·{' '}
        <PlantDateTime utc={issue.createdAt} />
      </Text>

      {issue.kind === 'conflict' ? (
        <>
          <p>
            Someone else changed the same fields meanwhile. The server&apos;s values were kept and nothing of
            this action was applied; yours are here.
          </p>
          <table aria-label={`Conflicting fields of ${what}`}>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Your value</th>
                <th scope="col">Server&apos;s value</th>
              </tr>
            </thead>
            <tbody>
              {issue.conflicts.map((c) => (
                <tr key={`${c.collection}/${c.id}/${c.field}`}>
                  <th scope="row">
                    {collectionLabel(c.collection)} · {fieldLabel(c.field)}
                  </th>
                  <td>{formatValue(c.localValue, names)}</td>
                  <td>{formatValue(c.serverValue, names)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <>
          <InlineAlert variant="negative" marginY="size-150">
            <Heading>
              {issue.rejection.code === 'DUPLICATE_MONITOR'
                ? Messages.monitor.duplicateTitle
                : 'Change rejected'}
            </Heading>
            <Content>{issue.rejection.message}</Content>
          </InlineAlert>
          {tried.length > 0 && !editing && <TriedTable what={what} tried={tried} names={names} />}
        </>
      )}

      {editing ? (
        <ReapplyEditor
          what={what}
          initial={tried}
          lineNames={names}
          check={checkDraft}
          onSend={(fields) => onReapply(issue, applyDraft(issue.action.args, fields))}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <ButtonGroup isDisabled={busy} marginTop="size-100">
          <Button variant="primary" onPress={() => void reapply()} aria-label={`Re-apply: ${what}`}>
            Re-apply
          </Button>
          <Button
            variant="secondary"
            onPress={() => void guarded(() => onDiscard(issue))()}
            aria-label={`Discard: ${what}`}
          >
            Discard
          </Button>
          {existing && (
            <Button
              variant="secondary"
              onPress={() => {
                onLeave?.()
                openDuplicate(existing, navigate)
              }}
            >
              {Messages.monitor.editExistingMonitor}
            </Button>
          )}
        </ButtonGroup>
      )}
    </article>
  )
}

/** What the refused action tried, value by value. */
function TriedTable({
  what,
  tried,
  names,
}: {
  what: string
  tried: ReadonlyArray<DraftField>
  names: ReadonlyMap<string, string>
}) {
  return (
    <table aria-label={`What you tried: ${what}`}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">What you tried</th>
        </tr>
      </thead>
      <tbody>
        {tried.map((f) => (
          <tr key={f.path.join('.')}>
            <th scope="row">{fieldLabel(f.name)}</th>
            <td>{formatValue(f.value, names)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
