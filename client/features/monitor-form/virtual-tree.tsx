/**
 * A virtualized tree (SIG-01, "2,000 signals without lag on a tablet"): only the rows in view (plus a
 * few) are in the DOM, each a 44 px touch target. One tab stop: arrow keys move the active row
 * (aria-activedescendant), Space/Enter press it, Right/Left open and close a station or group.
 * Small enough to own here rather than add a dependency for one list.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import type { PressModifiers, TreeRow } from './signal-tree'

const ROW_PX = 44
const OVERSCAN = 6

interface VirtualTreeProps {
  readonly label: string
  readonly rows: ReadonlyArray<TreeRow>
  /** Tallest the list grows before it scrolls inside itself. */
  readonly maxHeight: number
  readonly isDisabled: boolean
  /** true: several rows may be selected (aria-multiselectable). */
  readonly multiple: boolean
  onPress(row: TreeRow, modifiers: PressModifiers): void
  onToggleExpand(row: TreeRow): void
}

export function VirtualTree({
  label,
  rows,
  maxHeight,
  isDisabled,
  multiple,
  onPress,
  onToggleExpand,
}: VirtualTreeProps) {
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [active, setActive] = useState(0)
  const height = Math.min(maxHeight, Math.max(rows.length, 1) * ROW_PX)
  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN)
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_PX) + OVERSCAN)
  const activeIndex = Math.min(active, rows.length - 1)
  const activeRow = rows[activeIndex]

  // Keep the active row in view when the keyboard moves it.
  useEffect(() => {
    const el = box.current
    if (!el || activeIndex < 0) return
    const top = activeIndex * ROW_PX
    if (top < el.scrollTop) el.scrollTop = top
    else if (top + ROW_PX > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_PX - el.clientHeight
  }, [activeIndex])

  const rowId = (index: number) => `${id}-row-${index}`
  const press = (row: TreeRow | undefined, modifiers: PressModifiers) => {
    if (!row || isDisabled || row.disabled) return
    onPress(row, modifiers)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = (to: number) => {
      e.preventDefault()
      setActive(Math.max(0, Math.min(rows.length - 1, to)))
    }
    const row = activeRow
    switch (e.key) {
      case 'ArrowDown':
        return move(activeIndex + 1)
      case 'ArrowUp':
        return move(activeIndex - 1)
      case 'Home':
        return move(0)
      case 'End':
        return move(rows.length - 1)
      case 'PageDown':
        return move(activeIndex + Math.floor(height / ROW_PX))
      case 'PageUp':
        return move(activeIndex - Math.floor(height / ROW_PX))
      case 'ArrowRight':
        if (row && row.level === 1 && !row.expanded) {
          e.preventDefault()
          onToggleExpand(row)
        }
        return
      case 'ArrowLeft':
        if (row && row.level === 1 && row.expanded) {
          e.preventDefault()
          onToggleExpand(row)
        }
        return
      case ' ':
      case 'Enter':
        e.preventDefault()
        press(row, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey })
    }
  }

  const onRowClick = (e: MouseEvent, index: number) => {
    setActive(index)
    press(rows[index], { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey })
  }

  return (
    <div
      ref={box}
      role="tree"
      aria-label={label}
      aria-multiselectable={multiple}
      aria-disabled={isDisabled || undefined}
      aria-activedescendant={rows.length > 0 ? rowId(activeIndex) : undefined}
      tabIndex={rows.length > 0 ? 0 : -1}
      className="qm-vtree"
      style={{ height, maxHeight }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: rows.length * ROW_PX, position: 'relative' }}>
        {rows.slice(first, last).map((row, i) => {
          const index = first + i
          const selected = row.checked === 'all'
          return (
            <div
              key={row.key}
              id={rowId(index)}
              role="treeitem"
              aria-level={row.level}
              aria-selected={selected}
              aria-checked={row.checked === 'some' ? 'mixed' : selected}
              aria-expanded={row.level === 1 ? row.expanded : undefined}
              aria-disabled={row.disabled || isDisabled || undefined}
              aria-posinset={index + 1}
              aria-setsize={rows.length}
              className="qm-vtree-row"
              data-active={index === activeIndex || undefined}
              data-kind={row.kind}
              style={{ top: index * ROW_PX, height: ROW_PX }}
              onClick={(e) => onRowClick(e, index)}
            >
              {row.level === 1 ? (
                <span
                  className="qm-vtree-chevron"
                  aria-hidden="true"
                  onClick={(e) => {
                    e.stopPropagation()
                    setActive(index)
                    onToggleExpand(row)
                  }}
                >
                  {row.expanded ? '▾' : '▸'}
                </span>
              ) : (
                <span className="qm-vtree-indent" aria-hidden="true" />
              )}
              <span className="qm-vtree-box" aria-hidden="true" data-checked={row.checked} />
              <span className="qm-vtree-label">{row.label}</span>
              {row.level === 1 && <span className="qm-vtree-count">{row.count}</span>}
            </div>
          )
        })}
      </div>
    </div>
  )
}
