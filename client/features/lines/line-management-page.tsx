import { Flex, Heading, Text, View } from '@adobe/react-spectrum'
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import type { LocalDoc } from '../../db/collections'
import { usePlant } from '../../db/data-context'
import { useDocs } from '../../db/hooks'
import { ConfigureLineDrawer } from './configure-line-drawer'
import { LineCountsHeader } from './line-counts-header'
import { sortByLabel } from './line-label'
import { LineStatusTabs } from './line-status-tabs'
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
 * works offline; every edit is a local write that replicates in the background.
 */
export default function LineManagementPage() {
  const { plant } = usePlant()
  const { data: lines, loading } = useDocs('lines')
  const sorted = useMemo(() => sortByLabel(lines), [lines])
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
  const grid = (rows: ReadonlyArray<LineDoc>): ReactNode => (
    <LinesGrid
      rows={rows}
      allLines={lines}
      loading={loading}
      onConfigure={openConfigure}
      showFeeders={partMarriage}
    />
  )

  return (
    <View>
      <Flex direction="column" gap="size-100" marginBottom="size-200">
        <Heading level={2} margin={0}>
          Line Management
        </Heading>
        <Text>Activate lines, set their alert thresholds, feeder lines and exclusions.</Text>
      </Flex>
      {partMarriage ? (
        <LineStatusTabs lines={sorted} renderGrid={grid} />
      ) : (
        <>
          <LineCountsHeader lines={lines} />
          {grid(sorted)}
        </>
      )}
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
