import { Item, TabList, TabPanels, Tabs, View } from '@adobe/react-spectrum'
import { memo, useState, type Key, type ReactNode } from 'react'
import type { Line } from '../../../shared/schema/line'

/** Which lines a tab shows. */
export type LineFilter = (line: Pick<Line, 'active'>) => boolean

type TabKey = 'enabled' | 'disabled' | 'all'

const TABS: ReadonlyArray<{ key: TabKey; title: string; keep: LineFilter }> = [
  { key: 'enabled', title: 'Enabled', keep: (l) => l.active },
  { key: 'disabled', title: 'Disabled', keep: (l) => !l.active },
  { key: 'all', title: 'All', keep: () => true },
]

/**
 * LINE-01 with part marriage: the grid inside a card, filtered by tabs Enabled / Disabled / All.
 * Only the selected panel renders, so one grid exists at a time. The tabs never see the lines: the
 * panel reads them itself (`renderPanel` with a stable identity), so an edit re-renders the grid
 * only, not the tabs (their selection line measures the layout) nor the tab panel (react-aria walks
 * its DOM for a tabbable child on every render).
 */
export const LineStatusTabs = memo(function LineStatusTabs({
  renderPanel,
}: {
  renderPanel: (keep: LineFilter) => ReactNode
}) {
  const [selected, setSelected] = useState<TabKey>('enabled')
  return (
    <View
      borderWidth="thin"
      borderColor="gray-300"
      borderRadius="medium"
      padding="size-200"
      backgroundColor="gray-50"
    >
      <Tabs
        aria-label="Lines by status"
        selectedKey={selected}
        onSelectionChange={(key: Key) => setSelected(key as TabKey)}
      >
        <TabList>
          {TABS.map((tab) => (
            // The spec's exact tab names; the grid below says how many rows each holds.
            <Item key={tab.key}>{tab.title}</Item>
          ))}
        </TabList>
        <TabPanels>
          {TABS.map((tab) => (
            <Item key={tab.key}>
              <View paddingTop="size-200">{renderPanel(tab.keep)}</View>
            </Item>
          ))}
        </TabPanels>
      </Tabs>
    </View>
  )
})
