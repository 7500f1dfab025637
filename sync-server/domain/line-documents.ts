import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import { findVisibleDocument, type Executor, type StoredDocument } from '../store/documents'
import { forbidden } from './domain-error'
import { Messages } from '../../shared/validation/messages'

/**
 * Small helpers the line, station, signal and limit rules share: what a session may see, and the
 * "edit only, never create or delete" rule of ingested entities.
 */

/** The document when it exists, is live and belongs to the session's plant (or the whole customer). */
export const findVisible = <T>(ex: Executor, session: Session, collection: CollectionName, id: string) =>
  findVisibleDocument<T>(ex, session, collection, id)

/**
 * Lines, stations and signals come from ingestion: clients edit them but never create or delete
 * them. Returns the stored version a change edits.
 */
export function requireExisting<T>(change: {
  readonly previous: StoredDocument<T> | undefined
  readonly next: unknown
}): StoredDocument<T> {
  if (!change.previous || change.next === undefined) throw forbidden(Messages.server.forbidden)
  return change.previous
}
