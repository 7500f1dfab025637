import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Button, ButtonGroup, Content, Heading, InlineAlert, Text } from '@adobe/react-spectrum'
import { Messages } from '../../../shared/validation/messages'
import { PlantDateTime } from '../../components/plant-date-time'
import type { SyncIssue } from '../../db/device-db'
import { duplicateTarget, openDuplicate } from '../monitor-form/open-duplicate'
import { collectionLabel, fieldLabel, formatValue } from './issue-format'

interface Props {
  readonly issue: SyncIssue
  readonly names: ReadonlyMap<string, string>
  readonly onReapply: (issue: SyncIssue) => Promise<void>
  readonly onDiscard: (issue: SyncIssue) => Promise<void>
  /** Closes the panel when an action leads elsewhere ('Edit existing monitor'). */
  readonly onLeave?: () => void
}

/** One conflict (per field: your value vs the server's) or one rejection (the spec's message). */
export function SyncIssueCard({ issue, names, onReapply, onDiscard, onLeave }: Props) {
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  // MON-07: a duplicate only the server saw offers the same way to the existing monitor.
  const existing = issue.kind === 'rejection' ? duplicateTarget(issue) : undefined
  const what = issue.action.description
  const run = (action: (i: SyncIssue) => Promise<void>) => async () => {
    setBusy(true)
    try {
      await action(issue)
    } finally {
      setBusy(false)
    }
  }
  const headingId = `qm-issue-${issue.id ?? issue.createdAt}`

  return (
    <article className="qm-issue" aria-labelledby={headingId} data-kind={issue.kind}>
      <Heading level={3} id={headingId} margin={0}>
        {what}
      </Heading>
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
        <InlineAlert variant="negative" marginY="size-150">
          <Heading>
            {issue.rejection.code === 'DUPLICATE_MONITOR'
              ? Messages.monitor.duplicateTitle
              : 'Change rejected'}
          </Heading>
          <Content>{issue.rejection.message}</Content>
        </InlineAlert>
      )}

      <ButtonGroup isDisabled={busy} marginTop="size-100">
        <Button variant="primary" onPress={run(onReapply)} aria-label={`Re-apply: ${what}`}>
          Re-apply
        </Button>
        <Button variant="secondary" onPress={run(onDiscard)} aria-label={`Discard: ${what}`}>
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
    </article>
  )
}
