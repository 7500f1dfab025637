/**
 * Which rows of a long fixed-height list are in view (plus a margin), for the Cap Limits grid: a
 * 1,000-signal line renders ~20 rows, not thousands of inputs. Rows are all GRID_ROW_HEIGHT_PX
 * high (the spec's 65), so the window is arithmetic on the scroll offset — no measuring library.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react'

export interface RowWindow {
  readonly start: number
  readonly end: number
  /** Space above and below the rendered rows, in pixels. */
  readonly before: number
  readonly after: number
}

const OVERSCAN = 6

export function rowWindow(count: number, rowHeight: number, scrollTop: number, viewport: number): RowWindow {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN)
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN)
  return { start, end, before: start * rowHeight, after: Math.max(0, count - end) * rowHeight }
}

export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [view, setView] = useState({ top: 0, height: 800 })
  const measure = useCallback(() => {
    const el = scroller.current
    if (el) setView({ top: el.scrollTop, height: el.clientHeight || 800 })
  }, [scroller])
  useEffect(() => {
    const el = scroller.current
    if (!el) return
    measure()
    el.addEventListener('scroll', measure, { passive: true })
    const resize = new ResizeObserver(measure)
    resize.observe(el)
    return () => {
      el.removeEventListener('scroll', measure)
      resize.disconnect()
    }
  }, [scroller, measure])
  return rowWindow(count, rowHeight, view.top, view.height)
}
