import { Badge, Text } from '@adobe/react-spectrum'
import { useState } from 'react'

const TOOLTIP = 'Waiting to sync'
const SAVING_TOOLTIP = 'Being saved on this device'
const PENDING = 'Pending'
const SAVING = 'Saving'

/**
 * The small "Pending" badge beside anything changed here that the server has not confirmed yet
 * (OFF-04). Shown while the document's `pendingSince` is set. The native tooltip explains it on
 * hover and the accessible name says the same to screen readers, without adding a tab stop to every
 * pending row of a grid. While the change is still being written to the device (`saving`, usually a
 * few milliseconds) it says "Saving" instead: only a kept change is called pending (issue 28).
 *
 * Its size never changes under the user: "Saving" and "Pending" take the room of the wider word, and
 * once shown the badge keeps its room, empty and hidden, after the server confirms the change. A
 * grid sizes its columns by their content, so a badge that came and went moved every column sideways
 * (~70 px at 1024 px) as the server's answer arrived — often as the user reached for the next cell.
 */
export function PendingMark({ pending, saving = false }: { pending: boolean; saving?: boolean }) {
  // Stored from an earlier render (React's pattern for it): this mark has been shown, so keep its room.
  const [shown, setShown] = useState(pending)
  if (pending && !shown) setShown(true)
  if (!pending && !shown) return null
  if (!pending)
    return (
      <span className="qm-pending-mark qm-pending-mark-gone" aria-hidden="true">
        <Badge variant="neutral" UNSAFE_className="qm-pending-badge">
          <MarkWord word="" />
        </Badge>
      </span>
    )
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
        <MarkWord word={saving ? SAVING : PENDING} />
      </Badge>
    </span>
  )
}

/** The word, in a box as wide as the wider of the two (drawn hidden beside it by styles.css). */
function MarkWord({ word }: { word: string }) {
  return (
    <Text>
      <span className="qm-pending-word" data-pending={PENDING} data-saving={SAVING}>
        <span>{word}</span>
      </span>
    </Text>
  )
}
