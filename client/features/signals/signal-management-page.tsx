import { Content, Flex, Heading, IllustratedMessage, Text, View } from '@adobe/react-spectrum'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { noFeatureFlags } from '../../../shared/schema/plant'
import { Messages } from '../../../shared/validation/messages'
import { LineSelector, useSelectedLine } from '../../components/line-selector'
import { Skeleton } from '../../components/skeleton'
import { usePlant } from '../../db/react/data-context'
import type { LocalDoc } from '../../db/collections'
import { useDocs } from '../../db/react/hooks'
import { AssociationsPanel } from './associations-panel'
import { ClassificationsDrawer } from './classifications-drawer'
import {
  clearSelection,
  clickSignal,
  NO_SELECTION,
  pruneSelection,
  selectStation,
  type ClickModifiers,
  type Selection,
  type SelectionOutcome,
} from './selection'
import { SignalDetails } from './signal-details'
import { buildStationTree, flattenTree, signalOrder } from './signal-tree'
import { StationDetails } from './station-details'
import { StationTree } from './station-tree'

const M = Messages.signals
const NONE_STATIONS: ReadonlyArray<LocalDoc<'stations'>> = []
const NONE_SIGNALS: ReadonlyArray<LocalDoc<'signals'>> = []

/**
 * Settings › Signal Management (SM-01..SM-12): a line's stations and signals on the left, the
 * selection's details on the right. Reads the local database and writes only through actions, so
 * it works offline; a line of thousands of signals stays smooth (the tree is virtualized).
 */
export default function SignalManagementPage() {
  const { plant } = usePlant()
  const flags = plant?.featureFlags ?? noFeatureFlags()
  const [lineId, setLineId] = useSelectedLine()
  const { data: lines, loading: linesLoading } = useDocs('lines')
  const hasLines = lines.some((l) => l.active)
  const scope = { lineId: lineId ?? '' }
  const stationsQ = useDocs('stations', scope)
  const signalsQ = useDocs('signals', scope)
  // Right after the line changes, a read still holds the previous line's documents until the new
  // line's answer; the two reads answer apart. Building and drawing a tree of one line's stations
  // with another's signals is wasted work on a line of thousands (bench/signal-tree.ts), and the old
  // tree under the new line's name is wrong: until both are the chosen line's, the screen is loading.
  const ofLine = (docs: ReadonlyArray<{ readonly lineId: string }>) =>
    docs.length === 0 || docs[0]!.lineId === lineId
  const current = ofLine(stationsQ.data) && ofLine(signalsQ.data)
  const stations = current ? stationsQ.data : NONE_STATIONS
  const signals = current ? signalsQ.data : NONE_SIGNALS
  const stationsLoading = stationsQ.loading || !current
  const signalsLoading = signalsQ.loading || !current

  const [rawSelection, setSelection] = useState<Selection>(NO_SELECTION)
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const [viewing, setViewing] = useState(false)
  const [lockMessage, setLockMessage] = useState<string | undefined>(undefined)
  const [panel, setPanel] = useState<'details' | 'associations'>('details')
  const [drawerOpen, setDrawerOpen] = useState(false)

  const tree = useMemo(() => buildStationTree(stations, signals), [stations, signals])
  const rows = useMemo(() => flattenTree(tree, collapsed), [tree, collapsed])
  const order = useMemo(() => signalOrder(rows), [rows])
  // Sets of a line's ids only while something is selected: a line just chosen has no selection.
  const selection = useMemo(
    () =>
      rawSelection.kind === 'none'
        ? rawSelection
        : pruneSelection(rawSelection, new Set(signals.map((s) => s.id)), new Set(stations.map((s) => s.id))),
    [rawSelection, signals, stations],
  )
  const selected = useMemo(() => {
    if (selection.kind !== 'signals') return []
    const byId = new Map(signals.map((s) => [s.id, s]))
    return selection.ids.flatMap((id) => byId.get(id) ?? [])
  }, [selection, signals])
  const locked = viewing || drawerOpen

  const apply = useCallback((outcome: SelectionOutcome) => {
    if (!outcome.ok) {
      setLockMessage(outcome.message)
      return
    }
    setLockMessage(undefined)
    setPanel('details')
    setSelection(outcome.selection)
  }, [])

  // A new line starts with nothing selected.
  useEffect(() => {
    setSelection(NO_SELECTION)
    setViewing(false)
    setPanel('details')
  }, [lineId])
  // Leaving the classification view unlocks the tree and clears its message.
  useEffect(() => {
    if (!locked) setLockMessage(undefined)
  }, [locked])
  // A selection that is no longer eligible stops the view.
  useEffect(() => {
    if (selected.length === 0 || selected.some((s) => s.entityType !== 'RESULT')) setViewing(false)
  }, [selected])

  const onSignal = useCallback(
    (id: string, mods: ClickModifiers) =>
      apply(clickSignal(selection, id, mods, { multiselect: flags.multiselect, order, locked })),
    [apply, selection, flags.multiselect, order, locked],
  )
  const onConfigureStation = useCallback(
    (id: string) => apply(selectStation(id, { locked })),
    [apply, locked],
  )
  const onToggleStation = useCallback(
    (id: string) =>
      setCollapsed((c) => {
        const next = new Set(c)
        if (!next.delete(id)) next.add(id)
        return next
      }),
    [],
  )

  const station =
    selection.kind === 'station' ? stations.find((s) => s.id === selection.stationId) : undefined
  const loading = linesLoading || stationsLoading || signalsLoading || !plant

  if (!linesLoading && !hasLines) {
    return (
      <IllustratedMessage>
        <Heading level={2}>{M.noLinesTitle}</Heading>
        <Content>{M.noLinesBody}</Content>
      </IllustratedMessage>
    )
  }

  return (
    <View>
      <Flex direction="column" gap="size-100" marginBottom="size-200">
        <Heading level={2} margin={0}>
          Signal Management
        </Heading>
        <Text>Set entity types, associations and result classifications of a line&apos;s signals.</Text>
        <LineSelector value={lineId} onChange={setLineId} />
      </Flex>
      <div className="qm-sm">
        <div className="qm-sm-left">
          {lockMessage && (
            <div role="alert" className="qm-sm-lock">
              {lockMessage}
            </div>
          )}
          {loading ? (
            <Skeleton label="Loading signals" lines={8} />
          ) : (
            <StationTree
              key={lineId}
              rows={rows}
              selection={selection}
              onSignal={onSignal}
              onConfigureStation={onConfigureStation}
              onToggleStation={onToggleStation}
              multiselect={flags.multiselect}
            />
          )}
        </div>
        <section className="qm-sm-right" aria-label="Signal details">
          {loading ? (
            <Skeleton label="Loading details" />
          ) : station ? (
            <StationDetails station={station} signals={signals.filter((s) => s.stationId === station.id)} />
          ) : selected.length > 0 && panel === 'associations' && lineId ? (
            <AssociationsPanel
              key={selected.map((s) => s.id).join(',')}
              lineId={lineId}
              selected={selected}
              lineSignals={signals}
              singleSidedFlag={flags.singleSidedLimits}
              onClose={() => setPanel('details')}
            />
          ) : selected.length > 0 ? (
            <SignalDetails
              selected={selected}
              lineSignals={signals}
              flags={flags}
              onClear={() => apply(clearSelection({ locked }))}
              onEditAssociations={() => setPanel('associations')}
              viewingClassifications={viewing}
              onViewClassifications={setViewing}
              onEditClassifications={() => setDrawerOpen(true)}
            />
          ) : (
            <div className="qm-sm-empty">
              <Heading level={3}>{M.configuringSignalData}</Heading>
              <Text>Select a station or signals on the left.</Text>
            </div>
          )}
        </section>
      </div>
      <ClassificationsDrawer
        isOpen={drawerOpen && selected.length > 0}
        signals={selected}
        onClose={() => setDrawerOpen(false)}
      />
    </View>
  )
}
