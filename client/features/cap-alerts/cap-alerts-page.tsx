/**
 * Cap Alerts (CAPA-01..05), the settings area's default section: per line, the signals with
 * configured limits and their cap monitor's toggle, exclude switches and alert rules. Everything is
 * read from the device, so it works offline; while the local queries have not answered the page
 * shows placeholders, never an empty state that is not true yet.
 */
import { useCallback, useMemo, useState } from 'react'
import { Flex, Heading, SearchField, Text } from '@adobe/react-spectrum'
import { Messages } from '../../../shared/validation/messages'
import { LineSelector, lineLabel, useSelectedLine } from '../../components/line-selector'
import { Skeleton } from '../../components/skeleton'
import { useLineArrived, usePlant } from '../../db/react/data-context'
import { useDocs } from '../../db/react/hooks'
import { CapAlertRulesDialog, type CapAlertRulesTarget } from './cap-alert-rules-dialog'
import { capAlertRows, filterCapAlertRows, type CapAlertRow } from './cap-alert-rows'
import { CapAlertsGrid } from './cap-alerts-grid'
import { useCapAlertActions, type ExcludeSwitch } from './use-cap-alert-actions'

const C = Messages.capAlerts

export default function CapAlertsPage() {
  const [lineId, setLineId] = useSelectedLine()
  const lines = useDocs('lines')
  const { plant, loading: plantLoading } = usePlant()
  const signals = useDocs('signals', { lineId: lineId ?? '' })
  const limits = useDocs('signalLimits', { lineUUID: lineId ?? '' })
  const monitors = useDocs('monitors', { monitor_type: 'cap' })
  const [filter, setFilter] = useState('')
  const [rulesOf, setRulesOf] = useState<CapAlertRulesTarget>()
  const { setMonitor, setExclude, saveRules } = useCapAlertActions()

  const rows = useMemo(
    () => (lineId ? capAlertRows(lineId, signals.data, limits.data, monitors.data) : []),
    [lineId, signals.data, limits.data, monitors.data],
  )
  const shown = useMemo(() => filterCapAlertRows(rows, filter), [rows, filter])

  const onToggle = useCallback(
    (r: CapAlertRow, active: boolean) => void setMonitor(r.signalId, active),
    [setMonitor],
  )
  const onExclude = useCallback(
    (r: CapAlertRow, which: ExcludeSwitch, value: boolean) => {
      if (r.monitor) void setExclude(r.monitor.monitor_uuid, which, value)
    },
    [setExclude],
  )
  const onEditRules = useCallback((r: CapAlertRow) => {
    if (r.monitor) setRulesOf({ monitorId: r.monitor.monitor_uuid, signalLabel: r.signal })
  }, [])

  const failed = [lines, signals, limits, monitors].some((q) => q.error !== undefined)
  // During a first sync a signal without limits may only mean its limits have not arrived yet: the
  // line's signals and limits come first (useLineArrived), and the page says it waits for them.
  const arrived = useLineArrived(lineId)
  const dataLoading = signals.loading || limits.loading || monitors.loading || plantLoading || !arrived
  const noLines = !lines.loading && !lines.data.some((l) => l.active)
  const line = lines.data.find((l) => l.id === lineId)
  const lineName = line ? lineLabel(line) : (lineId ?? '')

  return (
    <Flex direction="column" gap="size-200" minWidth={0}>
      <Heading level={2} margin={0}>
        Cap Alerts
      </Heading>
      <Flex gap="size-300" alignItems="end" wrap>
        <LineSelector value={lineId} onChange={setLineId} />
        <SearchField
          label="Filter"
          value={filter}
          onChange={setFilter}
          width="size-3600"
          maxWidth="100%"
          UNSAFE_className="qm-cap-filter"
        />
      </Flex>
      <Text UNSAFE_className="qm-cap-note">{C.tableNote}</Text>
      {failed ? (
        <div className="qm-cap-error" role="alert">
          {C.errorLoadingData}
        </div>
      ) : noLines ? (
        <Text>No lines exist for this plant.</Text>
      ) : lineId === undefined || lines.loading || dataLoading ? (
        // One placeholder until every local query answered: no spinner row, no early empty text.
        <>
          {!arrived && <Text UNSAFE_className="qm-arriving">{Messages.sync.lineArriving}</Text>}
          <Skeleton label="Loading Cap Alerts" lines={4} />
        </>
      ) : (
        <CapAlertsGrid
          rows={shown}
          emptyText={rows.length === 0 ? C.noSignalsWithLimits : C.filterNoResult}
          showExclusions={plant?.featureFlags.excludeParts === true}
          lineName={lineName}
          onToggle={onToggle}
          onExclude={onExclude}
          onEditRules={onEditRules}
        />
      )}
      <CapAlertRulesDialog target={rulesOf} saveRules={saveRules} close={() => setRulesOf(undefined)} />
    </Flex>
  )
}
