import { useMemo } from 'react'
import { Badge, Flex, Text } from '@adobe/react-spectrum'
import { lineLabel } from '../../components/line-selector'
import { PendingMark } from '../../components/pending-mark'
import { PlantDateTime } from '../../components/plant-date-time'
import { Skeleton } from '../../components/skeleton'
import type { LocalDoc } from '../../db/collections'
import { useDoc, useDocs } from '../../db/hooks'
import { DetailSection, type DetailItem } from './detail-list'
import { MonitorFilterSummary } from './monitor-filter-summary'
import { ADMIN_PAGE_LABELS, THRESHOLD_LABELS, namesOf, signalLabel, type NameLookup } from './monitor-labels'
import { MonitorRulesView } from './monitor-rules-view'

type MonitorDoc = LocalDoc<'monitors'>

/**
 * MADM-02 in VIEW mode: general settings, signal selection, data filters and alert rules. Names of
 * the line, signals and groups come from local queries: until they answer, a skeleton, so an id is
 * never shown as "(not found)" merely because it has not loaded yet.
 */
export function MonitorDetails({ monitor }: { monitor: MonitorDoc }) {
  const filter = monitor.monitor_filter
  const lineQuery = useDoc('lines', filter.line_uuid || undefined)
  const { data: signals, loading: signalsLoading } = useDocs('signals', { lineId: filter.line_uuid })
  const { data: groups, loading: groupsLoading } = useDocs('signalGroups', { lineId: filter.line_uuid })
  const line = lineQuery.data
  // Without a line id the line query never runs (and never stops "loading").
  const lineLoading = filter.line_uuid !== '' && lineQuery.loading
  const signalNames = useMemo<NameLookup>(
    () => new Map(signals.map((s) => [s.id, signalLabel(s)])),
    [signals],
  )
  const groupNames = useMemo<NameLookup>(
    () => new Map(groups.map((g) => [g.signalGroupUuid, g.signalGroupName])),
    [groups],
  )
  const type = monitor.monitor_type === 'cap' ? undefined : ADMIN_PAGE_LABELS[monitor.monitor_type].typeName
  if (lineLoading || signalsLoading || groupsLoading) return <Skeleton label="Loading monitor" lines={6} />

  const general: ReadonlyArray<DetailItem> = [
    {
      label: 'Monitor name',
      value: (
        <Flex alignItems="center" gap="size-100">
          <Text>{monitor.monitor_name}</Text>
          <PendingMark pending={monitor.pendingSince !== undefined} />
        </Flex>
      ),
    },
    { label: 'Type', value: type ?? monitor.monitor_type },
    { label: 'Line', value: line ? lineLabel(line) : filter.line_uuid },
    {
      label: 'Status',
      value: (
        <Badge variant={monitor.active ? 'positive' : 'neutral'}>
          {monitor.active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    { label: 'Frequency (minutes)', value: String(monitor.frequency) },
    { label: 'Breach Threshold', value: THRESHOLD_LABELS[filter.alert_threshold] },
    { label: 'Notes', value: monitor.notes.trim() === '' ? 'None' : monitor.notes },
    ...(monitor.updatedAt
      ? [{ label: 'Last changed', value: <PlantDateTime utc={monitor.updatedAt} /> }]
      : []),
  ]

  const selection: ReadonlyArray<DetailItem> = [
    { label: 'Signals', value: namesOf(filter.signal_uuids, signalNames) },
    { label: 'Signal groups', value: namesOf(filter.signal_group_uuids, groupNames) },
  ]

  return (
    <>
      <DetailSection title="General" items={general} />
      <DetailSection title="Signals" items={selection} />
      <MonitorFilterSummary monitor={monitor} signalNames={signalNames} />
      <MonitorRulesView monitorId={monitor.monitor_uuid} />
    </>
  )
}
