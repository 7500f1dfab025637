/**
 * Settings › Microsoft Teams (TEAMS-01/02): one row per line with its webhook's Date Configured (plant
 * time) and Status; Edit opens the Webhook URL field inline with Save / Cancel, Delete asks first.
 * Reads the local database and writes through the saveTeamsWebhook / deleteTeamsWebhook actions, so
 * it works offline; a row whose webhook waits to be sent shows the pending mark.
 */
import { Heading, Text, View } from '@adobe/react-spectrum'
import { useCallback, useMemo, useState } from 'react'
import { Messages } from '../../../shared/validation/messages'
import { validateTeamsWebhookUrl } from '../../../shared/validation/integration-rules'
import { useConfirm } from '../../components/confirm'
import { DataGrid, type DataGridColumn } from '../../components/data-grid'
import { PendingMark } from '../../components/pending-mark'
import { PlantDateTime, plantDateTimeText, usePlantTimeZone } from '../../components/plant-date-time'
import { useSnackbar } from '../../components/snackbar'
import type { LocalDoc } from '../../db/collections'
import { useDocs } from '../../db/react/hooks'
import { lineLabel, sortByLabel } from '../lines/line-label'
import { TeamsRowActions, TeamsUrlField, type TeamsDraft } from './teams-row'
import { isKept, useAction } from '../../hooks/use-action'

type LineDoc = LocalDoc<'lines'>
type WebhookDoc = LocalDoc<'teamsWebhooks'>
const T = Messages.teams

export default function TeamsPage() {
  const { data: lines, loading: linesLoading } = useDocs('lines')
  const { data: webhooks, loading: hooksLoading } = useDocs('teamsWebhooks')
  const rows = useMemo(() => sortByLabel(lines), [lines])
  const byLine = useMemo(() => new Map(webhooks.map((w) => [w.lineId, w])), [webhooks])
  const [draft, setDraft] = useState<TeamsDraft | undefined>(undefined)
  const report = useAction()
  const confirm = useConfirm()
  const { show } = useSnackbar()

  /** Leaving an edit with typed changes asks first: nothing typed is dropped silently. */
  const mayLeaveEdit = useCallback(async () => {
    if (!draft || draft.url === draft.initial) return true
    const line = lines.find((l) => l.id === draft.lineId)
    return confirm({
      title: 'Discard changes?',
      body: `Your Webhook URL for ${line ? lineLabel(line) : 'this line'} has not been saved.`,
      confirmLabel: 'Discard',
      cancelLabel: 'Keep editing',
      variant: 'destructive',
    })
  }, [confirm, draft, lines])

  const startEdit = useCallback(
    async (line: LineDoc) => {
      if (!(await mayLeaveEdit())) return
      const url = byLine.get(line.id)?.url ?? ''
      setDraft({ lineId: line.id, url, initial: url, touched: false })
    },
    [byLine, mayLeaveEdit],
  )

  const cancel = useCallback(async () => {
    if (await mayLeaveEdit()) setDraft(undefined)
  }, [mayLeaveEdit])

  const save = useCallback(
    async (line: LineDoc) => {
      if (!draft) return
      const problem = validateTeamsWebhookUrl(draft.url)
      if (problem !== undefined) {
        setDraft({ ...draft, touched: true })
        show(problem, { variant: 'negative' })
        return
      }
      const existing = byLine.get(line.id)
      const outcome = await report(
        'saveTeamsWebhook',
        { lineId: line.id, url: draft.url, webhookId: existing?.id ?? crypto.randomUUID() },
        { saved: T.configured(lineLabel(line)), failed: T.saveFailed, refused: T.saveFailed },
      )
      // Kept open on a refusal or failure: the typed URL stays to be corrected.
      if (isKept(outcome)) setDraft(undefined)
    },
    [byLine, draft, report, show],
  )

  const remove = useCallback(
    async (line: LineDoc, webhook: WebhookDoc) => {
      const ok = await confirm({
        title: T.deleteTitle,
        body: T.deleteBody(lineLabel(line)),
        confirmLabel: 'Delete',
        cancelLabel: 'Cancel',
        variant: 'destructive',
      })
      if (!ok) return
      await report(
        'deleteTeamsWebhook',
        { webhookId: webhook.id },
        { saved: T.deleted(lineLabel(line)), failed: T.saveFailed },
      )
    },
    [confirm, report],
  )

  const timeZone = usePlantTimeZone()
  const columns = useMemo(() => {
    const list: Array<DataGridColumn<LineDoc>> = [
      {
        id: 'line',
        header: 'Line',
        sticky: 'start',
        width: '24%',
        cell: (line) => (
          <span className="qm-teams-line">
            <Text>{lineLabel(line)}</Text>
            <PendingMark
              pending={byLine.get(line.id)?.pendingSince !== undefined}
              saving={byLine.get(line.id)?.saving === true}
            />
          </span>
        ),
        sortValue: (line) => lineLabel(line).toLowerCase(),
        csv: (line) => lineLabel(line),
      },
      {
        id: 'configured',
        header: 'Date Configured',
        priority: 2,
        cell: (line) => <PlantDateTime utc={byLine.get(line.id)?.lastModifiedDateTime} />,
        sortValue: (line) => byLine.get(line.id)?.lastModifiedDateTime ?? '',
        csv: (line) => plantDateTimeText(byLine.get(line.id)?.lastModifiedDateTime, timeZone),
      },
      {
        id: 'status',
        header: 'Status',
        cell: (line) => <TeamsStatus configured={byLine.has(line.id)} />,
        sortValue: (line) => (byLine.has(line.id) ? T.statusConfigured : T.statusNotConfigured),
        csv: (line) => (byLine.has(line.id) ? T.statusConfigured : T.statusNotConfigured),
      },
    ]
    if (draft) {
      list.push({
        id: 'url',
        header: 'Webhook URL',
        width: '34%',
        cell: (line) =>
          draft.lineId === line.id ? (
            <TeamsUrlField
              draft={draft}
              lineName={lineLabel(line)}
              onChange={(url) => setDraft({ ...draft, url, touched: true })}
              onSave={() => void save(line)}
              onCancel={() => void cancel()}
            />
          ) : null,
      })
    }
    list.push({
      id: 'actions',
      header: 'Actions',
      sticky: 'end',
      width: 200,
      cell: (line) => {
        const webhook = byLine.get(line.id)
        return (
          <TeamsRowActions
            lineName={lineLabel(line)}
            editing={draft?.lineId === line.id}
            {...(webhook ? { onDelete: () => void remove(line, webhook) } : {})}
            onEdit={() => void startEdit(line)}
            onSave={() => void save(line)}
            onCancel={() => void cancel()}
          />
        )
      },
    })
    return list
  }, [byLine, cancel, draft, remove, save, startEdit, timeZone])

  return (
    <View>
      <Heading level={2} marginTop={0}>
        Microsoft Teams Integrations
      </Heading>
      <Text>Send a line&apos;s alerts to a Microsoft Teams channel through its incoming webhook.</Text>
      <View marginTop="size-200">
        <DataGrid
          ariaLabel="Microsoft Teams integrations"
          rows={rows}
          columns={columns}
          getRowId={(line) => line.id}
          emptyText="No lines found"
          loading={linesLoading || hooksLoading}
          csvName="Teams Integrations"
        />
      </View>
    </View>
  )
}

function TeamsStatus({ configured }: { configured: boolean }) {
  return (
    <span className={configured ? 'qm-teams-status qm-teams-status--on' : 'qm-teams-status'}>
      {configured ? T.statusConfigured : T.statusNotConfigured}
    </span>
  )
}
