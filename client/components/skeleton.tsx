import type { CSSProperties } from 'react'

/**
 * Placeholders shown while local data loads, instead of raw ids or a "not found" that is not true
 * yet (docs/ui-rules.md, "No flashes"). Announced once as busy; the bars themselves are decoration.
 */
export function Skeleton({ label, lines = 3, widths }: { label: string; lines?: number; widths?: string[] }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonBar key={i} width={widths?.[i % widths.length] ?? (i % 2 === 0 ? '70%' : '45%')} />
      ))}
    </div>
  )
}

export function SkeletonBar({ width = '60%', height = 16 }: { width?: string; height?: number }) {
  const style: CSSProperties = { width, height, margin: '10px 0' }
  return <span className="qm-skeleton" style={style} aria-hidden="true" />
}
