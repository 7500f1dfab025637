import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

/**
 * Tabs over one panel (WAI-ARIA tabs, automatic activation): a tab list — arrow keys, Home and End
 * move and select, only the selected tab is in the Tab order — and the selected tab's panel.
 *
 * Not Spectrum's Tabs: its tab panel (react-aria's useTabPanel) watches every DOM change inside the
 * panel and walks it for a tabbable child, which forces a style recalculation of the page on each
 * change. Around a grid that re-renders on every edit, that was a third of an edit's time on screen
 * (bench/client-interaction.ts: local write → UI p50 9.3 → 6.1 ms). The panels here hold grids
 * whose column headers are buttons, so a panel always has something to focus and needs no watch.
 */
export interface TabsProps<K extends string> {
  /** The tab list's accessible name. */
  readonly label: string
  readonly tabs: ReadonlyArray<{ readonly key: K; readonly title: string }>
  readonly selected: K
  readonly onSelect: (key: K) => void
  /** The selected tab's panel. */
  readonly children: ReactNode
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const id = useId()
  const list = useRef<HTMLDivElement>(null)
  const tabId = (key: K) => `${id}-tab-${key}`
  const panelId = `${id}-panel`
  const move = (to: number) => {
    const tab = tabs[(to + tabs.length) % tabs.length]!
    onSelect(tab.key)
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.key))}`)?.focus()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const at = tabs.findIndex((t) => t.key === selected)
    const to =
      e.key === 'ArrowRight'
        ? at + 1
        : e.key === 'ArrowLeft'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : undefined
    if (to === undefined) return
    e.preventDefault()
    move(to)
  }
  return (
    <div className="qm-tabs">
      <div ref={list} role="tablist" aria-label={label} className="qm-tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === selected
          return (
            <button
              key={tab.key}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              className="qm-tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
            >
              {tab.title}
            </button>
          )
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="qm-tab-panel">
        {children}
      </div>
    </div>
  )
}
