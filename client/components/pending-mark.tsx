import { Badge } from '@adobe/react-spectrum'

const TOOLTIP = 'Waiting to sync'

/**
 * The small "Pending" badge beside anything changed here that the server has not confirmed yet
 * (OFF-04). Shown while the document's `pendingSince` is set. The native tooltip explains it on
 * hover and the accessible name says the same to screen readers, without adding a tab stop to every
 * pending row of a grid.
 */
export function PendingMark({ pending }: { pending: boolean }) {
  if (!pending) return null
  return (
    <span className="qm-pending-mark" title={TOOLTIP} data-testid="pending-mark">
      <Badge
        variant="yellow"
        aria-label={`Pending: ${TOOLTIP.toLowerCase()}`}
        UNSAFE_className="qm-pending-badge"
      >
        Pending
      </Badge>
    </span>
  )
}
