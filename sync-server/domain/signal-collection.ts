import { Signal } from '../../shared/schema/signal'
import { decodeInput } from './decode'
import { listDocuments, type Executor } from '../store/documents'
import type { Session } from '../auth/session'
import type { CollectionRules } from './collection-rules'
import { requireExisting } from './line-documents'

/**
 * Storage rules of signals (SM-05..SM-11). Signals come from ingestion: an intent may edit one,
 * never create or delete it, and its identity — name, station and line — stays the plant's whatever
 * a change says. Links, distribution, classifications and the dissociations an entity-type change
 * causes are the signal intents' (shared/intents/signal-edits.ts), which produce every signal write.
 */

export async function signalsOfLine(ex: Executor, session: Session, lineId: string) {
  return listDocuments<Signal>(ex, session.customerId, 'signals', {
    plantId: session.plantId,
    fields: { lineId },
  })
}

export const signalRules: CollectionRules<Signal> = {
  collection: 'signals',
  scope: 'plant',
  deletable: false,
  authorize(_session, change) {
    requireExisting(change)
  },
  decode: (data) => decodeInput(Signal, data),
  async validate(_ctx, change) {
    const previous = requireExisting(change).data
    const next = change.next as Signal
    return {
      ...next,
      id: change.id,
      name: previous.name,
      stationId: previous.stationId,
      stationName: previous.stationName,
      lineId: previous.lineId,
    }
  },
}
