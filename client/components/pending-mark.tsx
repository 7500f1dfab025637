import { Badge } from '@adobe/react-spectrum'

const TOOLTIP = 'Waiting to sync'
const SAVING_TOOLTIP = 'Being saved on this device'

/**
 * The small "Pending" badge beside anything changed here that the server has not confirmed yet
 * (OFF-04). Shown while the document's `pendingSince` is set. The native tooltip explains it on
 * hover and the accessible name says the same to screen readers, without adding a tab stop to every
 * pending row of a grid. While the change is still being written to the device (`saving`, usually a
 * few milliseconds) it says "Saving" instead: only a kept change is called pending (issue 28).
 */
export function PendingMark({ pending, saving = false }: { pending: boolean; saving?: boolean }) {
  if (!pending) return null
  return (
    <span
      className="qm-pending-mark"
      title={saving ? SAVING_TOOLTIP : TOOLTIP}
      data-testid={saving ? 'saving-mark' : 'pending-mark'}
    >
      <Badge
        variant={saving ? 'neutral' : 'yellow'}
        aria-label={saving ? `Saving: ${SAVING_TOOLTIP.toLowerCase()}` : `Pending: ${TOOLTIP.toLowerCase()}`}
        UNSAFE_className="qm-pending-badge"
      >
        {saving ? 'Saving' : 'Pending'}
      </Badge>
    </span>
  )
}
