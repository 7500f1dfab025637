import type { Kysely } from 'kysely'
import type { CollectionName } from '../../shared/sync/collections'
import { pullDocuments, type StoredDocument } from '../store/documents'
import type { Tables } from '../store/tables'

/**
 * What a live stream sends after a change: the documents after its cursor. Every open stream of a
 * customer hears every change, and streams opened together share a cursor, so without sharing, one
 * push costs one query per open stream: with 50 clients, 50 pushes became 2,500 queries queued on
 * PGlite's single connection ahead of the clients' own pulls (bench/server-load.ts showed pulls
 * waiting seconds). Streams asking the same question at the same time now share one query and
 * one serialized answer.
 */
export interface StreamPage {
  readonly lastSeq: number
  /** The SSE data, serialized once for every stream that asked. */
  readonly data: string
}

const inFlight = new WeakMap<Kysely<Tables>, Map<string, Promise<StreamPage | undefined>>>()

export function streamPageAfter(
  db: Kysely<Tables>,
  query: { customerId: string; collection: CollectionName; plantId: string; after: number },
  render: (docs: ReadonlyArray<StoredDocument>) => string,
): Promise<StreamPage | undefined> {
  let pending = inFlight.get(db)
  if (!pending) inFlight.set(db, (pending = new Map()))
  const key = `${query.customerId}\u0000${query.collection}\u0000${query.plantId}\u0000${query.after}`
  const shared = pending.get(key)
  if (shared) return shared
  const page = pullDocuments(db, {
    customerId: query.customerId,
    collection: query.collection,
    plantId: query.plantId,
    afterSeq: query.after,
    limit: 1000,
  })
    .then((docs) => {
      const last = docs[docs.length - 1]
      return last ? { lastSeq: last.seq, data: render(docs) } : undefined
    })
    .finally(() => pending.delete(key))
  pending.set(key, page)
  return page
}
