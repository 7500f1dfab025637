import type { Signal } from '../../shared/schema/signal'
import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import { findVisibleDocument, listDocuments, type Executor } from '../store/documents'

// Small reads the ingested entities' rules and routes share.

/** The document when it exists, is live and belongs to the session's plant (or the whole customer). */
export const findVisible = <T>(ex: Executor, session: Session, collection: CollectionName, id: string) =>
  findVisibleDocument<T>(ex, session, collection, id)

/** The signals of a line of the session's plant. */
export async function signalsOfLine(ex: Executor, session: Session, lineId: string) {
  return listDocuments<Signal>(ex, session.customerId, 'signals', {
    plantId: session.plantId,
    fields: { lineId },
  })
}
