import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

/**
 * Fixed-height windowing for the stations tree: only the rows in view (plus a few) are in the DOM,
 * so a line of thousands of signals scrolls as smoothly as a small one. Rows have one height (the
 * 48 px touch target), which makes the window a division, with no measuring.
 */
export interface VirtualWindow {
  readonly start: number
  readonly end: number
  readonly totalHeight: number
  /** Scrolls so row `index` is fully in view (keyboard focus moving off screen). */
  readonly scrollToRow: (index: number) => void
}

const OVERSCAN = 6

export function useVirtualRows(
  container: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): VirtualWindow {
  const [view, setView] = useState({ top: 0, height: 600 })
  const frame = useRef(0)
  useEffect(() => {
    const el = container.current
    if (!el) return
    const update = () => {
      cancelAnimationFrame(frame.current)
      frame.current = requestAnimationFrame(() => setView({ top: el.scrollTop, height: el.clientHeight }))
    }
    update()
    el.addEventListener('scroll', update, { passive: true })
    const observer = new ResizeObserver(update)
    observer.observe(el)
    return () => {
      cancelAnimationFrame(frame.current)
      el.removeEventListener('scroll', update)
      observer.disconnect()
    }
  }, [container])
  const start = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN)
  const end = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN)
  const scrollToRow = useCallback(
    (index: number) => {
      const el = container.current
      if (!el) return
      const top = index * rowHeight
      if (top < el.scrollTop) el.scrollTop = top
      else if (top + rowHeight > el.scrollTop + el.clientHeight)
        el.scrollTop = top + rowHeight - el.clientHeight
    },
    [container, rowHeight],
  )
  return { start, end, totalHeight: count * rowHeight, scrollToRow }
}
