import { Flex, Text } from '@adobe/react-spectrum'
import { memo, useMemo } from 'react'
import { DataGrid } from '../../components/data-grid'
import { PendingMark } from '../../components/pending-mark'
import { plantDateTimeText } from '../../components/plant-date-time'
import type { LocalDoc } from '../../db/collections'
import {
  validateAlertViewingWindowDays,
  validateIngestionThresholdHours,
} from '../../../shared/validation/line-rules'
import { Messages } from '../../../shared/validation/messages'
import { usePlant } from '../../db/react/data-context'
import { InlineNumberCell } from './inline-number-cell'
import { isLineOverdue, LastDataCell, NO_DATA_RECEIVED, useTick } from './last-data-cell'
import { LineActiveSwitch } from './line-active-switch'
import { feederLabels, lineLabel } from './line-label'
import { LineRowMenu, type ReturnFocus } from './line-row-menu'
import { useControlsReady } from './use-controls-ready'
import { useLinePatch } from './use-line-patch'

type LineDoc = LocalDoc<'lines'>
const L = Messages.lines
/** How often the No Ingestion flag is re-checked against the clock. */
const OVERDUE_RECHECK_MS = 60_000

interface LinesGridProps {
  readonly rows: ReadonlyArray<LineDoc>
  /** Every line of the plant, to name feeder lines that the current tab filters out. */
  readonly allLines: ReadonlyArray<LineDoc>
  readonly loading: boolean
  readonly onConfigure: (lineId: string, returnFocus: ReturnFocus) => void
  /** Feeder lines belong to part marriage: the column shows only with that flag. */
  readonly showFeeders: boolean
}

/** LINE-02: the plant's lines with their state, last data, inline alert cells and counts. */
export function LinesGrid({ rows, allLines, loading, onConfigure, showFeeders }: LinesGridProps) {
  // The No Ingestion flag depends on the clock, not only on the data: re-evaluate it every minute.
  const tick = useTick(OVERDUE_RECHECK_MS)
  const timeZone = usePlant().plant?.timeZone ?? 'UTC'
  // The rows' text first, their controls right after (use-controls-ready.ts).
  const controls = useControlsReady(!loading && rows.length > 0)
  // The feeder column reads only the lines' labels: the columns (and so every row) change when a
  // label does, not on each edit of some line (a new `allLines` array), so one edit re-renders one row.
  // (Sorted: a live read lists lines with pending actions after the others, so its order moves.)
  const labelsKey = allLines
    .map((l) => `${l.id}\u0000${lineLabel(l)}`)
    .sort()
    .join('\u0001')
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const labelled = useMemo(() => allLines, [labelsKey])

  /** The two inline number cells (LINE-04): same editor, own field, rule and failure message. */
  const inlineColumn = (
    field: 'ingestionThresholdHours' | 'alertViewingWindowDays',
    label: string,
    validate: (raw: string) => string | undefined,
    failure: string,
  ) => ({
    id: field,
    header: label,
    priority: 2 as const,
    cell: (line: LineDoc) =>
      controls ? (
        <LineNumberCell
          lineId={line.id}
          field={field}
          value={line[field]}
          label={label}
          lineName={lineLabel(line)}
          validate={validate}
          failure={failure}
        />
      ) : (
        <Text>{line[field]}</Text>
      ),
    sortValue: (line: LineDoc) => line[field],
    csv: (line: LineDoc) => line[field],
  })

  const columns = useMemo(
    () =>
      [
        {
          id: 'name',
          header: 'Line',
          width: '22%',
          sticky: 'start' as const,
          cell: (line: LineDoc) => (
            <Flex alignItems="center" gap="size-100">
              <Text>{lineLabel(line)}</Text>
              <PendingMark pending={line.pendingSince !== undefined} saving={line.saving === true} />
            </Flex>
          ),
          sortValue: (line: LineDoc) => lineLabel(line).toLowerCase(),
          csv: (line: LineDoc) => lineLabel(line),
        },
        {
          id: 'active',
          header: 'Active',
          cell: (line: LineDoc) =>
            controls ? (
              <LineActiveSwitch lineId={line.id} name={lineLabel(line)} active={line.active} />
            ) : (
              <Text>{line.active ? 'Active' : 'Inactive'}</Text>
            ),
          sortValue: (line: LineDoc) => (line.active ? 1 : 0),
          csv: (line: LineDoc) => (line.active ? 'Active' : 'Inactive'),
        },
        {
          id: 'lastData',
          header: 'Last Data',
          width: '20%',
          priority: 2 as const,
          cell: (line: LineDoc) => <LastDataCell line={line} />,
          sortValue: (line: LineDoc) => (line.lastIngestedTime ? Date.parse(line.lastIngestedTime) : 0),
          // What the cell shows, in plant time (SHELL-09), never UTC or the device's zone.
          csv: (line: LineDoc) =>
            `${line.lastIngestedTime ? plantDateTimeText(line.lastIngestedTime, timeZone) : NO_DATA_RECEIVED}${isLineOverdue(line) ? ` ${L.noIngestion}` : ''}`,
        },
        inlineColumn(
          'ingestionThresholdHours',
          L.noDataAlertLabel,
          validateIngestionThresholdHours,
          Messages.monitor.unableToSaveTitle,
        ),
        inlineColumn(
          'alertViewingWindowDays',
          L.alertDisplayedLabel,
          validateAlertViewingWindowDays,
          L.failedToUpdateOverviewAlertFilter,
        ),
        {
          id: 'activeMonitorsCount',
          header: 'Active Monitors',
          priority: 3 as const,
          // Kept by the server (it counts when monitors or the line change) and replicated live.
          cell: (line: LineDoc) => <Text>{line.activeMonitorsCount}</Text>,
          sortValue: (line: LineDoc) => line.activeMonitorsCount,
          csv: (line: LineDoc) => line.activeMonitorsCount,
        },
        {
          id: 'feederLines',
          header: 'Feeder Lines',
          priority: 3 as const,
          cell: (line: LineDoc) => (
            <Text>{feederLabels(line.feederLineIds, labelled).join(', ') || '—'}</Text>
          ),
          sortValue: (line: LineDoc) => feederLabels(line.feederLineIds, labelled).join(', ').toLowerCase(),
          csv: (line: LineDoc) => feederLabels(line.feederLineIds, labelled).join(', ') || '—',
        },
        {
          id: 'actions',
          header: 'Actions',
          width: 90,
          // Pinned: the row menu is the only way into Configure Line, so it must never scroll away.
          sticky: 'end' as const,
          cell: (line: LineDoc) =>
            controls ? (
              <LineRowMenu lineId={line.id} lineName={lineLabel(line)} onConfigure={onConfigure} />
            ) : null,
        },
      ].filter((column) => showFeeders || column.id !== 'feederLines'),
    // `tick` re-creates the cells so the No Ingestion flag follows the clock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [labelled, controls, onConfigure, showFeeders, tick, timeZone],
  )

  return (
    <DataGrid
      ariaLabel="Lines"
      rows={rows}
      columns={columns}
      getRowId={(line) => line.id}
      emptyText="No lines found"
      loading={loading}
      csvName="Lines"
    />
  )
}

/**
 * An inline number cell of one line (LINE-04), memoized on what it shows: an edit re-renders the
 * cells whose values it changed, not every control of the row.
 */
const LineNumberCell = memo(function LineNumberCell({
  lineId,
  field,
  failure,
  ...cell
}: {
  readonly lineId: string
  readonly field: 'ingestionThresholdHours' | 'alertViewingWindowDays'
  readonly value: number
  readonly label: string
  readonly lineName: string
  readonly validate: (raw: string) => string | undefined
  /** The message of a failed save. */
  readonly failure: string
}) {
  const patchLine = useLinePatch()
  return (
    <InlineNumberCell {...cell} onCommit={(value) => void patchLine(lineId, { [field]: value }, failure)} />
  )
})
