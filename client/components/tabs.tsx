import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

/**
 * Tabs over one panel (WAI-ARIA tabs, automatic activation): a tab list — arrow keys, Home and End
 * move and select, only the selected tab is in the Tab order — and the selected tab's panel.
 *
 * Not Spectrum's Tabs: its tab panel (react-aria's useTabPanel) watches every DOM change inside the
 * panel and walks it for a tabbable child, which forces a style recalculation of the page on each
 * change. Around a grid that re-renders on every edit, that was a third of an edit's time on screen
 * (bench/client-interaction.ts). Whether a panel holds something to focus is said by the caller
 * instead (`panelFocusable`): a panel with nothing to focus (a read-only form) is a Tab stop itself.
 */
export interface TabsProps<K extends string> {
  /** The tab list's accessible name. */
  readonly label: string
  readonly tabs: ReadonlyArray<{ readonly key: K; readonly title: string }>
  readonly selected: K
  readonly onSelect: (key: K) => void
  /** The selected tab's panel. */
  readonly children: ReactNode
  /** The panel has nothing focusable (everything read-only): make the panel itself a Tab stop. */
  readonly panelFocusable?: boolean
}

export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  panelFocusable = false,
}: TabsProps<K>) {
  const id = useId()
  const list = useRef<HTMLDivElement>(null)
  const tabId = (key: K) => `${id}-tab-${key}`
  const panelId = `${id}-panel`
  // An arrow key or a press moves the focus with the selection: to the tab selected, once it is (the
  // caller may refuse a change — the monitor form does while the open tab has errors — and the focus
  // then stays on the selected tab).
  const focusSelected = useRef(false)
  const focusSelectedTab = () =>
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(selected))}`)?.focus()
  useEffect(() => {
    if (!focusSelected.current) return
    focusSelected.current = false
    focusSelectedTab()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected])
  const move = (to: number) => {
    focusSelected.current = true
    onSelect(tabs[(to + tabs.length) % tabs.length]!.key)
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
              onClick={() => {
                focusSelected.current = true
                onSelect(tab.key)
              }}
              // Focus and selection go together: a tab that is not selected (the caller refused it)
              // hands the focus to the one that is — also when a dialog gives the focus back to it.
              onFocus={isSelected ? undefined : focusSelectedTab}
            >
              {tab.title}
            </button>
          )
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        className="qm-tab-panel"
        tabIndex={panelFocusable ? 0 : undefined}
      >
        {children}
      </div>
    </div>
  )
}
