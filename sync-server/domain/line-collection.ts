import { Line } from '../../shared/schema/line'
import { decodeInput } from './decode'
import type { CollectionRules } from './collection-rules'
import { requireExisting } from './line-documents'

/**
 * Storage rules of lines (LINE-02..06). Lines come from ingestion: an intent may edit one, never
 * create or delete it, and its identity — name, display name, isNewLine, lastIngestedTime — stays
 * the plant's whatever a change says. Feeder loops, the LINE-03 stop/restore of monitors and the
 * active monitor count are the line intents' (shared/intents/lines.ts), which produce every line write.
 */
export const lineRules: CollectionRules<Line> = {
  collection: 'lines',
  scope: 'plant',
  deletable: false,
  authorize(_session, change) {
    requireExisting(change)
  },
  decode: (data) => decodeInput(Line, data),
  async validate(_ctx, change) {
    const previous = requireExisting(change).data
    const next = change.next as Line
    return {
      ...next,
      id: change.id,
      name: previous.name,
      displayName: previous.displayName,
      isNewLine: previous.isNewLine,
      lastIngestedTime: previous.lastIngestedTime,
    }
  },
}
