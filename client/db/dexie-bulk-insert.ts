import { randomToken } from 'rxdb'
import type { Subject } from 'rxjs'

/**
 * Inserts documents a first sync brings straight into the Dexie table behind an RxDB collection,
 * then tells the collection in one change-event bulk — skipping what RxDB's Dexie storage does on
 * every bulk write, which a first sync does not need: a read of every id before the write (to find
 * conflicts in a table known to be empty), and a deep copy of every document. On the 50,000-signal
 * plant those two were about a third of the sync's main-thread time (see docs/sync-protocol.md).
 *
 * It relies on the layout of RxDB's Dexie storage (rxdb/plugins/storage-dexie, pinned in
 * package.json): the storage instance's `internals` resolve to the Dexie table, `_deleted` is stored
 * as '1' / '0' (IndexedDB cannot index booleans), and queries learn of writes from `changes$`. Where
 * that layout is not found (another storage, a changed RxDB), `bulkInsertIfEmpty` answers undefined
 * and the caller writes the normal way. The unit tests (tests/unit/sync/pulled-documents.test.ts) read
 * what it wrote through RxDB's own queries, so a changed layout fails them.
 *
 * Invariant: only inserts. An id already stored fails its own insert (Dexie's bulkAdd keeps the
 * others) and is returned, so the caller can write it with a read of what is stored.
 */
export interface InsertRow {
  readonly id: string
  /** The document as RxDB stores it: `_deleted` a boolean, `_rev`, `_meta` and `_attachments` set. */
  readonly document: Record<string, unknown> & { _deleted: boolean }
}

export async function bulkInsertIfEmpty(
  storage: unknown,
  rows: ReadonlyArray<InsertRow>,
  context: string,
): Promise<{ readonly failedIds: ReadonlySet<string> } | undefined> {
  const target = await dexieTarget(storage)
  if (!target) return undefined
  const stored = rows.map((r) => ({ ...r.document, _deleted: r.document._deleted ? '1' : '0' }))
  const failedIds = new Set<string>()
  await target.db.transaction('rw', target.table, async () => {
    try {
      await target.table.bulkAdd(stored)
    } catch (err) {
      // A BulkError: the rows that failed (ids stored meanwhile) are left out, the rest are added.
      const failures = (err as { failuresByPos?: Record<number, unknown> }).failuresByPos
      if (!failures) throw err
      for (const pos of Object.keys(failures)) failedIds.add(rows[Number(pos)]!.id)
    }
  })
  const inserted = rows.filter((r) => !failedIds.has(r.id))
  const events = inserted
    .filter((r) => !r.document._deleted)
    .map((r) => ({ documentId: r.id, operation: 'INSERT' as const, documentData: r.document }))
  const last = inserted.at(-1)
  if (events.length > 0 && last) {
    target.changes.next({
      id: `${BULK_PREFIX}${++bulkCounter}`,
      events,
      checkpoint: { id: last.id, lwt: (last.document._meta as { lwt: number }).lwt },
      context,
    })
  }
  return { failedIds }
}

/** Event bulk ids only need to be unique in this page (the database drops one it has seen). */
const BULK_PREFIX = `qm-${randomToken(8)}-`
let bulkCounter = 0

interface DexieTable {
  bulkAdd(items: ReadonlyArray<unknown>): Promise<unknown>
}
interface DexieTarget {
  readonly db: { transaction(mode: 'rw', table: DexieTable, scope: () => Promise<void>): Promise<void> }
  readonly table: DexieTable
  readonly changes: Subject<unknown>
}

/** The Dexie table and change subject behind a collection's (wrapped) storage instance, if it is one. */
async function dexieTarget(storage: unknown): Promise<DexieTarget | undefined> {
  const instance = ((storage as { originalStorageInstance?: unknown }).originalStorageInstance ??
    storage) as {
    internals?: unknown
    changes$?: Subject<unknown>
  }
  if (!instance.internals || typeof instance.changes$?.next !== 'function') return undefined
  const internals = (await instance.internals) as {
    dexieDb?: DexieTarget['db']
    dexieTable?: DexieTable
    booleanIndexes?: ReadonlyArray<string>
  }
  const { dexieDb, dexieTable, booleanIndexes } = internals
  // Only `_deleted` is stored converted: a schema indexing another boolean would need more.
  if (!dexieDb || !dexieTable || booleanIndexes?.length !== 1 || booleanIndexes[0] !== '_deleted')
    return undefined
  return { db: dexieDb, table: dexieTable, changes: instance.changes$ }
}
