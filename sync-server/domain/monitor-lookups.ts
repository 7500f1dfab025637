import { sql } from 'kysely'
import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import {
  CUSTOMER_WIDE,
  getDocument,
  writeDocument,
  type Executor,
  type StoredDocument,
} from '../store/documents'
import type { WriteContext } from './collection-rules'

/**
 * Reads the monitor rules need, always scoped to the session's customer and plant: a document of
 * another plant or customer, or a deleted one, is reported as absent — never as forbidden.
 */
export async function visibleDocument<T>(
  ex: Executor,
  session: Session,
  collection: CollectionName,
  id: string,
): Promise<StoredDocument<T> | undefined> {
  if (id === '') return undefined
  const doc = await getDocument<T>(ex, session.customerId, collection, id)
  return doc && !doc.deleted && isVisible(doc, session) ? doc : undefined
}

export const isVisible = (doc: StoredDocument<unknown>, session: Session): boolean =>
  doc.plantId === session.plantId || doc.plantId === CUSTOMER_WIDE

/**
 * The line of each of `ids` that exists, is live and is the session plant's (signals and signal
 * groups both carry `lineId`). One query however many ids a monitor names; only the line is read,
 * not the documents.
 */
export async function linesOf(
  ex: Executor,
  session: Session,
  collection: 'signals' | 'signalGroups',
  ids: ReadonlyArray<string>,
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await ex
    .selectFrom('documents')
    .select(['id', sql<string | null>`data->>'lineId'`.as('line_id')])
    .where('customer_id', '=', session.customerId)
    .where('collection', '=', collection)
    .where('id', 'in', unique)
    .where('deleted', '=', false)
    .where('plant_id', 'in', [session.plantId, CUSTOMER_WIDE])
    .execute()
  return new Map(rows.flatMap((r) => (r.line_id ? [[r.id, r.line_id] as const] : [])))
}

/** Soft-deletes a document as a side effect of another write, in its transaction (like writeSideEffect). */
export async function deleteSideEffect(ctx: WriteContext, doc: StoredDocument): Promise<void> {
  const stored = await writeDocument(ctx.tx, {
    customerId: ctx.session.customerId,
    collection: doc.collection,
    id: doc.id,
    plantId: doc.plantId,
    data: doc.data,
    deleted: true,
  })
  ctx.written.push(stored)
}
