import { ActionButton, Badge } from '@adobe/react-spectrum'
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { PendingMark } from '../../components/pending-mark'
import type { LocalDoc } from '../../db/collections'
import type { ClickModifiers, Selection } from './selection'
import { ENTITY_TYPE_LABELS, isConfigurableStation, signalLabel, type TreeRow } from './signal-tree'
import { useVirtualRows } from './use-virtual-rows'

type Row = TreeRow<LocalDoc<'stations'>, LocalDoc<'signals'>>

export interface StationTreeProps {
  readonly rows: ReadonlyArray<Row>
  readonly selection: Selection
  readonly onSignal: (id: string, mods: ClickModifiers) => void
  readonly onConfigureStation: (stationId: string) => void
  readonly onToggleStation: (stationId: string) => void
  readonly multiselect: boolean
}

/** 48 px: every row is a touch target (docs/ui-rules.md). */
export const TREE_ROW_HEIGHT = 48

/**
 * SM-02: the stations tree, virtualized (only the rows in view exist). One tab stop: arrows move
 * between rows, Left/Right collapse and expand a station, Space/Enter select a signal (with shift or
 * ctrl for ranges and additions), Enter on a station configures it.
 */
export function StationTree({
  rows,
  selection,
  onSignal,
  onConfigureStation,
  onToggleStation,
  multiselect,
}: StationTreeProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const win = useVirtualRows(scroller, rows.length, TREE_ROW_HEIGHT)
  const [focusIndex, setFocusIndex] = useState(0)
  const wantFocus = useRef(false)
  const active = Math.min(focusIndex, Math.max(0, rows.length - 1))
  const selectedIds = selection.kind === 'signals' ? new Set(selection.ids) : new Set<string>()

  useEffect(() => {
    if (!wantFocus.current) return
    wantFocus.current = false
    scroller.current
      ?.querySelector<HTMLElement>(`[data-row-index="${active}"]`)
      ?.focus({ preventScroll: true })
  })

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index))
    win.scrollToRow(next)
    wantFocus.current = true
    setFocusIndex(next)
  }

  const mods = (e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): ClickModifiers => ({
    toggle: e.ctrlKey || e.metaKey,
    range: e.shiftKey,
  })

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[active]
    if (!row || (e.target as HTMLElement).closest('button')) return
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 480) / TREE_ROW_HEIGHT) - 1)
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      PageDown: () => moveTo(active + pageRows),
      PageUp: () => moveTo(active - pageRows),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      ArrowRight: () => row.kind === 'station' && !row.expanded && onToggleStation(row.node.station.id),
      ArrowLeft: () => row.kind === 'station' && row.expanded && onToggleStation(row.node.station.id),
      Enter: () => activate(row, e),
      ' ': () => activate(row, e),
    }
    const handler = keys[e.key]
    if (!handler) return
    e.preventDefault()
    handler()
  }

  const activate = (row: Row, e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }) => {
    if (row.kind === 'signal') onSignal(row.signal.id, mods(e))
    else if (row.kind === 'station') {
      if (isConfigurableStation(row.node.station.id)) onConfigureStation(row.node.station.id)
      else onToggleStation(row.node.station.id)
    }
  }

  const onRowClick = (index: number, row: Row, e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('button')) return
    setFocusIndex(index)
    if (row.kind === 'signal') onSignal(row.signal.id, mods(e))
    else if (row.kind === 'station') onToggleStation(row.node.station.id)
  }

  const visible = rows.slice(win.start, win.end)
  return (
    <div
      ref={scroller}
      className="qm-sm-tree"
      role="tree"
      aria-label="Stations and signals"
      aria-multiselectable={multiselect || undefined}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: win.totalHeight, position: 'relative' }}>
        {visible.map((row, i) => {
          const index = win.start + i
          const common = {
            'data-row-index': index,
            tabIndex: index === active ? 0 : -1,
            role: 'treeitem',
            style: { top: index * TREE_ROW_HEIGHT, height: TREE_ROW_HEIGHT },
            onClick: (e: MouseEvent) => onRowClick(index, row, e),
            onFocus: () => setFocusIndex(index),
          } as const
          if (row.kind === 'station') {
            const { station } = row.node
            return (
              <div
                key={row.key}
                {...common}
                className="qm-sm-row qm-sm-station"
                aria-level={1}
                aria-expanded={row.expanded}
                aria-selected={selection.kind === 'station' && selection.stationId === station.id}
                aria-label={`${station.name}${station.final ? ', Final' : ''}${station.pendingSince ? ', Pending' : ''}`}
                data-selected={selection.kind === 'station' && selection.stationId === station.id}
              >
                <span className="qm-sm-chevron" aria-hidden="true">
                  {row.expanded ? '▾' : '▸'}
                </span>
                <span className="qm-sm-row-label">{station.name}</span>
                {station.final && (
                  <Badge variant="info" UNSAFE_className="qm-sm-final">
                    Final
                  </Badge>
                )}
                <PendingMark pending={station.pendingSince !== undefined} saving={station.saving === true} />
                {isConfigurableStation(station.id) && (
                  <ActionButton
                    isQuiet
                    UNSAFE_className="qm-hit qm-sm-configure"
                    aria-label={`Configure Station ${station.name}`}
                    onPress={() => onConfigureStation(station.id)}
                    excludeFromTabOrder
                  >
                    Configure Station
                  </ActionButton>
                )}
              </div>
            )
          }
          if (row.kind === 'group') {
            return (
              <div key={row.key} {...common} className="qm-sm-row qm-sm-group" aria-level={2}>
                {ENTITY_TYPE_LABELS[row.entityType]} ({row.count})
              </div>
            )
          }
          const { signal } = row
          const selected = selectedIds.has(signal.id)
          return (
            <div
              key={row.key}
              {...common}
              className="qm-sm-row qm-sm-signal"
              aria-level={3}
              aria-label={`${signalLabel(signal)}${signal.isSignalActive ? '' : ', Off'}${signal.pendingSince ? ', Pending' : ''}`}
              aria-selected={selected}
              data-selected={selected}
              data-off={!signal.isSignalActive}
            >
              <span className="qm-sm-row-label">{signalLabel(signal)}</span>
              {!signal.isSignalActive && <span className="qm-sm-off">Off</span>}
              <PendingMark pending={signal.pendingSince !== undefined} saving={signal.saving === true} />
            </div>
          )
        })}
      </div>
    </div>
  )
}
