import { View } from '@adobe/react-spectrum'
import { memo, useState, type ReactNode } from 'react'
import type { Line } from '../../../shared/schema/line'
import { Tabs } from '../../components/tabs'

/** Which lines a tab shows. */
export type LineFilter = (line: Pick<Line, 'active'>) => boolean

type TabKey = 'enabled' | 'disabled' | 'all'

// The spec's exact tab names; the grid below says how many rows each holds.
const TABS: ReadonlyArray<{ key: TabKey; title: string; keep: LineFilter }> = [
  { key: 'enabled', title: 'Enabled', keep: (l) => l.active },
  { key: 'disabled', title: 'Disabled', keep: (l) => !l.active },
  { key: 'all', title: 'All', keep: () => true },
]

/**
 * LINE-01 with part marriage: the grid inside a card, filtered by tabs Enabled / Disabled / All.
 * Only the selected panel renders, so one grid exists at a time. The tabs never see the lines: the
 * panel reads them itself (`renderPanel` with a stable identity), so an edit re-renders the grid
 * only. The tabs are our own (components/tabs.tsx says why).
 */
export const LineStatusTabs = memo(function LineStatusTabs({
  renderPanel,
}: {
  renderPanel: (keep: LineFilter) => ReactNode
}) {
  const [selected, setSelected] = useState<TabKey>('enabled')
  const keep = TABS.find((t) => t.key === selected)!.keep
  return (
    <View
      borderWidth="thin"
      borderColor="gray-300"
      borderRadius="medium"
      padding="size-200"
      backgroundColor="gray-50"
    >
      <Tabs label="Lines by status" tabs={TABS} selected={selected} onSelect={setSelected}>
        {renderPanel(keep)}
      </Tabs>
    </View>
  )
})
