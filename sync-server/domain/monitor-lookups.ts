import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import { findVisibleDocument, isVisibleIn, type Executor, type StoredDocument } from '../store/documents'

/**
 * Reads the monitor routes need, always scoped to the session's customer and plant: a document of
 * another plant or customer, or a deleted one, is reported as absent — never as forbidden.
 */
export const visibleDocument = <T>(ex: Executor, session: Session, collection: CollectionName, id: string) =>
  findVisibleDocument<T>(ex, session, collection, id)

export const isVisible = (doc: StoredDocument<unknown>, session: Session): boolean =>
  isVisibleIn(doc, session)
