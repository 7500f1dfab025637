/**
 * SIG-01..06: the Signals tab (MVD) / Signal Selection tab (SVD): the line, the search, the stations
 * tree (active signals only), the signal-groups tree (MVD) and the 'Selected Items' preview. Reads
 * the line's stations, signals and groups from the local database, so it works offline; the trees
 * are virtualized for lines of thousands of signals.
 */
import { useCallback, useMemo, useState } from 'react'
import { ActionButton, Flex, Heading, SearchField, Text } from '@adobe/react-spectrum'
import { Messages } from '../../../shared/validation/messages'
import type { SignalSelection } from '../../../shared/validation/monitor-rules'
import { LineSelector } from '../../components/line-selector'
import { Skeleton } from '../../components/skeleton'
import type { LocalDoc } from '../../db/collections'
import { useDocs, type Live } from '../../db/react/hooks'
import type { AdminMonitorType } from '../monitors/monitor-labels'
import {
  clearSelection,
  groupRows,
  indexStations,
  pressGroup,
  pressSignal,
  pressStation,
  removeItem,
  stationRows,
  type PressModifiers,
  type TreeRow,
} from './signal-tree'
import { VirtualTree } from './virtual-tree'

const S = Messages.signalsTab
const TREE_MAX_PX = 44 * 8

interface SignalsTabProps {
  readonly type: AdminMonitorType
  readonly lineId: string
  readonly selection: SignalSelection
  readonly isDisabled: boolean
  readonly multiselect: boolean
  /** The line's signals, read once by the form for every tab. */
  readonly signals: Live<ReadonlyArray<LocalDoc<'signals'>>>
  /** The selection rule's message, once it should be shown. */
  readonly error: string | undefined
  onLineChange(lineId: string): void
  onSelectionChange(selection: SignalSelection): void
}

export function SignalsTab({
  type,
  lineId,
  selection,
  isDisabled,
  multiselect,
  signals: signalsQ,
  error,
  onLineChange,
  onSelectionChange,
}: SignalsTabProps) {
  const line = lineId || undefined
  const stationsQ = useDocs('stations', { lineId })
  const groupsQ = useDocs('signalGroups', { lineId })
  const lineQ = useDocs('lines', { id: lineId })
  const [search, setSearch] = useState('')
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [anchor, setAnchor] = useState<string | undefined>()

  const index = useMemo(() => indexStations(stationsQ.data, signalsQ.data), [stationsQ.data, signalsQ.data])
  const selectedSignals = useMemo(() => new Set(selection.signal_uuids), [selection.signal_uuids])
  const selectedGroups = useMemo(() => new Set(selection.signal_group_uuids), [selection.signal_group_uuids])
  const sRows = useMemo(
    () => stationRows(index, { expanded, selected: selectedSignals, search, type }),
    [index, expanded, selectedSignals, search, type],
  )
  const gRows = useMemo(
    () =>
      type === 'mvd'
        ? groupRows(groupsQ.data, index.names, { expanded, selected: selectedGroups, search })
        : [],
    [type, groupsQ.data, index.names, expanded, selectedGroups, search],
  )

  const toggleExpand = useCallback((row: TreeRow) => {
    setExpanded((prev) => {
      const next = new Set(prev)
      if (next.has(row.id)) next.delete(row.id)
      else next.add(row.id)
      return next
    })
  }, [])

  const onPress = (row: TreeRow, modifiers: PressModifiers) => {
    if (row.kind === 'signal') {
      const result = pressSignal(selection, row.id, {
        type,
        multiselect,
        modifiers,
        anchor,
        order: index.order,
      })
      setAnchor(result.anchor)
      onSelectionChange(result.selection)
    } else if (row.kind === 'station') {
      const st = index.stations.find((s) => s.id === row.id)
      if (st)
        onSelectionChange(
          pressStation(
            selection,
            st.signals.map((s) => s.id),
          ),
        )
      if (!row.expanded) toggleExpand(row)
    } else if (row.kind === 'group') {
      onSelectionChange(pressGroup(selection, row.id))
    }
  }

  const loading = line !== undefined && (stationsQ.loading || signalsQ.loading || groupsQ.loading)
  const groupName = (id: string) => groupsQ.data.find((g) => g.signalGroupUuid === id)?.signalGroupName ?? id
  const items = [
    ...selection.signal_group_uuids.map((id) => ({ kind: 'group' as const, id, label: groupName(id) })),
    ...selection.signal_uuids.map((id) => ({
      kind: 'signal' as const,
      id,
      label: index.names.get(id) ?? id,
    })),
  ]
  const nothingFound = search.trim() !== '' && sRows.length === 0 && gRows.length === 0

  return (
    <Flex direction="column" gap="size-200" minWidth={0}>
      {lineQ.loading && line !== undefined ? (
        <Skeleton label="Loading the line" lines={1} />
      ) : (
        <LineSelector
          value={line}
          // A monitor of a line deactivated since keeps showing its line; never replaced unasked.
          includeInactive={lineQ.data[0]?.active === false}
          onChange={(id) => {
            if (!isDisabled) onLineChange(id)
          }}
          isDisabled={isDisabled}
        />
      )}
      <SearchField
        label="Search"
        aria-label={S.searchPlaceholder}
        placeholder={S.searchPlaceholder}
        value={search}
        onChange={setSearch}
        width="100%"
      />
      {error && (
        <Text UNSAFE_className="qm-field-error" id="monitor-signal-selection-error">
          {Messages.monitor.signalSelectionField}: {error}
        </Text>
      )}
      {loading ? (
        <Skeleton label="Loading signals" lines={6} />
      ) : nothingFound ? (
        <div role="status" className="qm-empty-result">
          <Heading level={4} margin={0}>
            {S.noResultsTitle}
          </Heading>
          <Text>{S.noResultsBody}</Text>
        </div>
      ) : (
        <div className="qm-signal-trees">
          <section aria-label="Stations" className="qm-tree-section">
            <Heading level={4} margin={0} marginBottom="size-100">
              Stations
            </Heading>
            {sRows.length === 0 ? (
              <Text>No active signals on this line.</Text>
            ) : (
              <VirtualTree
                label="Stations"
                rows={sRows}
                maxHeight={TREE_MAX_PX}
                isDisabled={isDisabled}
                multiple={type === 'mvd'}
                onPress={onPress}
                onToggleExpand={toggleExpand}
              />
            )}
          </section>
          {type === 'mvd' && (
            <section aria-label="Signal groups" className="qm-tree-section">
              <Heading level={4} margin={0} marginBottom="size-100">
                Signal groups
              </Heading>
              {gRows.length === 0 ? (
                <Text>None</Text>
              ) : (
                <VirtualTree
                  label="Signal groups"
                  rows={gRows}
                  maxHeight={TREE_MAX_PX / 2}
                  isDisabled={isDisabled}
                  multiple
                  onPress={onPress}
                  onToggleExpand={toggleExpand}
                />
              )}
            </section>
          )}
        </div>
      )}
      <section aria-label={S.selectedItems} className="qm-selected-items">
        <Flex alignItems="center" justifyContent="space-between" wrap gap="size-100">
          <Heading level={4} margin={0}>
            {S.selectedItems} ({items.length})
          </Heading>
          <ActionButton
            isQuiet
            isDisabled={isDisabled || items.length === 0}
            onPress={() => onSelectionChange(clearSelection(selection))}
            UNSAFE_className="qm-hit"
          >
            Clear selection
          </ActionButton>
        </Flex>
        {/* SIG-06: the field is 'Signal selection', its hint 'Required' while it can be edited. */}
        <Text UNSAFE_className="qm-field-label">
          {Messages.monitor.signalSelectionField}
          {!isDisabled && (
            <>
              {' '}
              <span className="qm-field-hint">{Messages.monitor.requiredHint}</span>
            </>
          )}
        </Text>
        {items.length === 0 ? (
          // The create wizard's prompt while nothing is chosen; VIEW only says there is nothing.
          <Text>{isDisabled ? 'None' : Messages.monitor.wizardSignalSelection}</Text>
        ) : (
          <ul className="qm-selected-list">
            {items.map((item) => (
              <li key={`${item.kind}:${item.id}`}>
                <span className="qm-selected-kind">{item.kind === 'group' ? 'Group' : 'Signal'}</span>
                <span className="qm-selected-label">{item.label}</span>
                <ActionButton
                  isQuiet
                  isDisabled={isDisabled}
                  aria-label={`Remove ${item.label}`}
                  onPress={() => onSelectionChange(removeItem(selection, item))}
                  UNSAFE_className="qm-hit"
                >
                  ✕
                </ActionButton>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Flex>
  )
}
