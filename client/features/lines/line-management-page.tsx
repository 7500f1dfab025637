import { Flex, Heading, Text, View } from '@adobe/react-spectrum'
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react'
import type { LocalDoc } from '../../db/collections'
import { usePlant } from '../../db/react/data-context'
import { useDocs } from '../../db/react/hooks'
import { ConfigureLineDrawer } from './configure-line-drawer'
import { LineCountsHeader } from './line-counts-header'
import { sortByLabel } from './line-label'
import { LineStatusTabs, type LineFilter } from './line-status-tabs'
import type { ReturnFocus } from './line-row-menu'
import { LinesGrid } from './lines-grid'

type LineDoc = LocalDoc<'lines'>

interface DrawerState {
  readonly isOpen: boolean
  readonly lineId: string | undefined
  readonly session: number
}

/**
 * Settings › Line Management (LINE-01..08). Everything reads the local database, so the screen
 * works offline; every edit is a local write that replicates in the background. The lines reach
 * the grid through a context, so with part marriage an edit re-renders the grid and not the status
 * tabs around it (line-status-tabs.tsx).
 */
export default function LineManagementPage() {
  const { plant } = usePlant()
  const { data: lines, loading } = useDocs('lines')
  const sorted = useMemo(() => sortByLabel(lines), [lines])
  const shown = useMemo(() => ({ lines, sorted, loading }), [lines, sorted, loading])
  const [drawer, setDrawer] = useState<DrawerState>({ isOpen: false, lineId: undefined, session: 0 })

  const returnFocus = useRef<ReturnFocus | undefined>(undefined)

  const openConfigure = useCallback((lineId: string, focusBack?: ReturnFocus) => {
    returnFocus.current = focusBack
    setDrawer((d) => ({ isOpen: true, lineId, session: d.session + 1 }))
  }, [])
  const closeConfigure = useCallback(() => {
    setDrawer((d) => ({ ...d, isOpen: false }))
    returnFocus.current?.()
  }, [])
  const restoreFocus = useCallback(() => returnFocus.current?.(), [])

  const partMarriage = plant?.featureFlags.partMarriage ?? false
  const panel = useCallback(
    (keep: LineFilter) => <LinesPanel keep={keep} onConfigure={openConfigure} showFeeders={partMarriage} />,
    [openConfigure, partMarriage],
  )

  return (
    <View>
      <Flex direction="column" gap="size-100" marginBottom="size-200">
        <Heading level={2} margin={0}>
          Line Management
        </Heading>
        <Text>Activate lines, set their alert thresholds, feeder lines and exclusions.</Text>
      </Flex>
      <ShownLines.Provider value={shown}>
        {partMarriage ? (
          <LineStatusTabs renderPanel={panel} />
        ) : (
          <>
            <LineCountsHeader lines={lines} />
            {panel(ALL)}
          </>
        )}
      </ShownLines.Provider>
      <ConfigureLineDrawer
        isOpen={drawer.isOpen}
        lineId={drawer.lineId}
        session={drawer.session}
        lines={lines}
        linesLoading={loading}
        onClose={closeConfigure}
        restoreFocus={restoreFocus}
      />
    </View>
  )
}

interface Shown {
  readonly lines: ReadonlyArray<LineDoc>
  /** The same lines by label. */
  readonly sorted: ReadonlyArray<LineDoc>
  readonly loading: boolean
}

const ShownLines = createContext<Shown>({ lines: [], sorted: [], loading: true })
const ALL: LineFilter = () => true

/** The grid of the lines a tab keeps (all of them without part marriage). */
function LinesPanel({
  keep,
  onConfigure,
  showFeeders,
}: {
  keep: LineFilter
  onConfigure: (lineId: string, returnFocus: ReturnFocus) => void
  showFeeders: boolean
}) {
  const { lines, sorted, loading } = useContext(ShownLines)
  const rows = useMemo(() => (keep === ALL ? sorted : sorted.filter(keep)), [keep, sorted])
  return (
    <LinesGrid
      rows={rows}
      allLines={lines}
      loading={loading}
      onConfigure={onConfigure}
      showFeeders={showFeeders}
    />
  )
}
