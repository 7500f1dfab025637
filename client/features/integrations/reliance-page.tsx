/**
 * Settings › ETQ Reliance (ETQ-01..03): the plant's lines, each with its connection status chip and
 * an expandable panel to view or edit its configuration. Only with the ETQ flag or the customer
 * override (otherwise it leads to /). Writes are the saveRelianceConfig / deleteRelianceConfig
 * actions: offline a save is pending on this device, carrying the secret only until it is sent.
 */
import { ActionButton, Badge, Flex, Heading, Text, View } from '@adobe/react-spectrum'
import { useNavigate } from '@tanstack/react-router'
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react'
import { canDeleteRelianceConfig, relianceStatusLabel } from '../../../shared/validation/integration-rules'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { PendingMark } from '../../components/pending-mark'
import { CsvExportButton } from '../../components/csv-export-button'
import { PlantDateTime, plantDateTimeText, usePlantTimeZone } from '../../components/plant-date-time'
import type { LocalDoc } from '../../db/collections'
import { usePlant, useSession } from '../../db/react/data-context'
import { useDocs } from '../../db/react/hooks'
import { lineLabel, sortByLabel } from '../lines/line-label'
import { draftOf, RelianceForm, RelianceView } from './reliance-panel'
import { useRelianceDrafts } from './reliance-drafts'
import { isKept, useAction } from '../../hooks/use-action'

type LineDoc = LocalDoc<'lines'>
type ConfigDoc = LocalDoc<'relianceConfigs'>
const R = Messages.reliance

export default function ReliancePage() {
  const { plant } = usePlant()
  const navigate = useNavigate()
  const allowed = plant ? plant.featureFlags.etqIntegration || plant.etqCustomerOverride : true
  useEffect(() => {
    // ETQ-01: neither the flag nor the override → the start page.
    if (!allowed) void navigate({ to: '/', replace: true })
  }, [allowed, navigate])

  const { data: lines, loading } = useDocs('lines')
  const { data: configs } = useDocs('relianceConfigs')
  const rows = useMemo(() => sortByLabel(lines), [lines])
  const byLine = useMemo(() => new Map(configs.map((c) => [c.lineId, c])), [configs])
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const session = useSession()
  const drafts = useRelianceDrafts(session.status === 'signed-in' ? session.user.id : '')
  const report = useAction()
  const confirm = useConfirm()
  const timeZone = usePlantTimeZone()
  // SHELL-07: the rows as the grid shows them.
  const csvTable = () => ({
    headers: ['Line', 'Status', 'Updated'],
    rows: rows.map((line) => {
      const config = byLine.get(line.id)
      return [
        lineLabel(line),
        relianceStatusLabel(config?.connectionStatus ?? ''),
        plantDateTimeText(config?.updatedTime, timeZone),
      ]
    }),
  })

  const toggle = (lineId: string) =>
    setExpanded((s) => {
      const next = new Set(s)
      if (next.has(lineId)) next.delete(lineId)
      else next.add(lineId)
      return next
    })
  const edit = (line: LineDoc) => {
    drafts.set(line.id, draftOf(byLine.get(line.id)))
    setExpanded((s) => new Set(s).add(line.id))
  }
  const cancel = useCallback(
    async (line: LineDoc) => {
      const draft = drafts.get(line.id)
      const initial = draftOf(byLine.get(line.id))
      const changed = draft && JSON.stringify(draft) !== JSON.stringify(initial)
      if (changed) {
        const discard = await confirm({
          title: 'Discard changes?',
          body: `Your changes to the ETQ configuration of ${lineLabel(line)} have not been saved.`,
          confirmLabel: 'Discard',
          cancelLabel: 'Keep editing',
          variant: 'destructive',
        })
        if (!discard) return
      }
      drafts.set(line.id, undefined)
    },
    [byLine, confirm, drafts],
  )
  const save = useCallback(
    async (line: LineDoc) => {
      const draft = drafts.get(line.id)
      if (!draft) return
      const name = lineLabel(line)
      const outcome = await report(
        'saveRelianceConfig',
        { lineId: line.id, ...draft, configId: byLine.get(line.id)?.id ?? crypto.randomUUID() },
        { saved: R.saved(name), failed: R.errorSaving(name), refused: R.errorSaving(name) },
      )
      // The secret leaves memory with the draft; kept on a refusal so nothing typed is lost.
      if (isKept(outcome)) drafts.set(line.id, undefined)
    },
    [byLine, drafts, report],
  )
  const remove = useCallback(
    async (line: LineDoc) => {
      const ok = await confirm({
        title: R.deleting,
        body: R.deleteConfirm,
        confirmLabel: 'Delete',
        cancelLabel: 'Cancel',
        variant: 'destructive',
      })
      if (!ok) return
      const name = lineLabel(line)
      await report(
        'deleteRelianceConfig',
        { lineId: line.id },
        { saved: R.deleted(name), failed: R.errorSaving(name) },
      )
    },
    [confirm, report],
  )

  if (!allowed) return null
  return (
    <View>
      <Heading level={2} marginTop={0}>
        ETQ Reliance Integrations
      </Heading>
      <Text>
        Connect a line to ETQ Reliance. The client secret is sent to the server and never shown again.
      </Text>
      <div className="qm-grid qm-etq-grid">
        <Flex justifyContent="end" marginBottom="size-100">
          <CsvExportButton
            gridName="ETQ Reliance Integrations"
            table={csvTable}
            isDisabled={loading || rows.length === 0}
          />
        </Flex>
        <div className="qm-grid-scroll">
          <table
            className="qm-grid-table"
            aria-label="ETQ Reliance integrations"
            aria-busy={loading || undefined}
          >
            <thead>
              <tr>
                <th scope="col" data-sticky="start">
                  Line
                </th>
                <th scope="col">Status</th>
                <th scope="col" data-priority={2}>
                  Updated
                </th>
                <th scope="col" data-sticky="end">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {loading ? (
                <tr>
                  <td colSpan={4} className="qm-grid-message">
                    Loading…
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="qm-grid-message">
                    {R.noConfigurations}
                  </td>
                </tr>
              ) : (
                rows.map((line) => {
                  const config = byLine.get(line.id)
                  const draft = drafts.get(line.id)
                  const open = expanded.has(line.id) || draft !== undefined
                  const panelId = `etq-panel-${line.id}`
                  return (
                    <Fragment key={line.id}>
                      <tr data-row-id={line.id}>
                        <td data-sticky="start">
                          <span className="qm-teams-line">
                            <Text>{lineLabel(line)}</Text>
                            <PendingMark
                              pending={config?.pendingSince !== undefined}
                              saving={config?.saving === true}
                            />
                          </span>
                        </td>
                        <td>
                          <StatusChip status={config?.connectionStatus} />
                        </td>
                        <td data-priority={2}>
                          <PlantDateTime utc={config?.updatedTime} />
                        </td>
                        <td data-sticky="end">
                          <span className="qm-etq-actions">
                            <ActionButton
                              aria-expanded={open}
                              {...(open ? { 'aria-controls': panelId } : {})}
                              aria-label={`View ${lineLabel(line)}`}
                              isDisabled={draft !== undefined}
                              onPress={() => toggle(line.id)}
                              UNSAFE_className="qm-hit"
                            >
                              View
                            </ActionButton>
                            <ActionButton
                              aria-label={`Edit ${lineLabel(line)}`}
                              isDisabled={draft !== undefined}
                              onPress={() => edit(line)}
                              UNSAFE_className="qm-hit"
                            >
                              Edit
                            </ActionButton>
                            {config && canDeleteRelianceConfig(config.connectionStatus) && (
                              <ActionButton
                                aria-label={`Delete ${lineLabel(line)}`}
                                onPress={() => void remove(line)}
                                UNSAFE_className="qm-hit"
                              >
                                Delete
                              </ActionButton>
                            )}
                          </span>
                        </td>
                      </tr>
                      {open && (
                        <tr className="qm-etq-detail">
                          <td colSpan={4} id={panelId}>
                            <div className="qm-etq-panel">
                              {draft ? (
                                <RelianceForm
                                  lineName={lineLabel(line)}
                                  draft={draft}
                                  onChange={(next) => drafts.set(line.id, next)}
                                  onSave={() => void save(line)}
                                  onCancel={() => void cancel(line)}
                                />
                              ) : (
                                <RelianceView config={config} />
                              )}
                            </div>
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  )
                })
              )}
            </tbody>
          </table>
        </div>
      </div>
    </View>
  )
}

function StatusChip({ status }: { status: ConfigDoc['connectionStatus'] | undefined }) {
  const variant = status === 'SUCCESS' ? 'positive' : status === 'ERROR' ? 'negative' : 'neutral'
  return <Badge variant={variant}>{relianceStatusLabel(status ?? '')}</Badge>
}
