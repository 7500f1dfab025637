import { randomToken } from 'rxdb'
import { idbRequest } from './idb-request'
import {
  dexieTarget,
  DOCS_STORE,
  fromStoredDeleted,
  toStoredDeleted,
  type DexieTarget,
} from './rxdb-internals'

/**
 * Writes documents the server sent straight into the Dexie table behind an RxDB collection, then
 * tells the collection in one change-event bulk, the way RxDB's own write would. Only the plant's
 * structure is stored this way now; signals and limits, where the figures below were measured, go
 * to their line records (line-record-storage.ts).
 *
 * - `bulkInsertIfEmpty` (a first sync) skips what RxDB's Dexie storage does on every bulk write and a
 *   first sync does not need: a read of every id before the write (to find conflicts in a table known
 *   to be empty), and a deep copy of every document. On the 50,000-signal plant those two were about
 *   a third of the sync's main-thread time (see docs/sync-protocol.md).
 * - `bulkPutNewer` (a stream item, a later pull page) reads what is stored and writes what is newer in
 *   ONE transaction; through RxDB that took a read transaction, then RxDB's own read and write — an
 *   edit on another device waited on three IndexedDB round trips before any screen could show it.
 *
 * It relies on the layout of RxDB's Dexie storage (rxdb-internals.ts; `_deleted` stored as
 * '1' / '0'): the storage instance's `internals` resolve to the Dexie table, and queries learn of
 * writes from `changes$`. Where that layout is not found (another storage, a changed RxDB), both
 * answer undefined and the caller writes the normal way. The `_deleted` conversion is done here (`toDexie`) rather than with RxDB's
 * `fromStorageToDexie`, which also walks every key of every document to rename '|'-prefixed ones —
 * keys our schemas never have — and that walk over a first sync's 100,000 documents is the deep copy
 * this file exists to avoid. The unit tests (client/db/storage/pulled-documents.test.ts) read
 * what it wrote through RxDB's own queries, so a changed layout fails them.
 *
 * Invariants: `bulkInsertIfEmpty` only inserts — an id already stored fails the whole insert (the
 * transaction aborts, nothing is added) and every row is returned, so the caller writes them with a
 * read of what is stored. `bulkPutNewer` decides on each row against what its own transaction read,
 * so no other writer (another tab) can slip in between the read and the write. Change events go out only after
 * the transaction committed, with the operation RxDB would give them (INSERT, UPDATE, DELETE).
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
  const failedIds = new Set<string>()
  try {
    await target.db.transaction('rw', target.table, (tx) => {
      // IndexedDB's own add, one request per row and no handler on each: Dexie's bulkAdd set one on
      // every request and went through its middleware (~0.4 s of the page's CPU in a first sync of
      // 100,000 signals).
      const store = tx.idbtrans.objectStore(DOCS_STORE)
      for (const r of rows) store.add(toDexie(r.document))
      return Promise.resolve()
    })
  } catch {
    // An id stored meanwhile (another tab, a page stored before a reload) aborts the whole insert.
    // Every row is then written with a read of what is stored, which reports any other failure.
    for (const r of rows) failedIds.add(r.id)
  }
  const inserted = rows.filter((r) => !failedIds.has(r.id))
  announce(
    target,
    inserted.flatMap((r) => eventOf(r)),
    inserted.at(-1),
    context,
  )
  return { failedIds }
}

/** What is stored under an id, as RxDB hands it out (`_deleted` a boolean). */
export type StoredRow = Record<string, unknown> & { _deleted: boolean }

/**
 * Reads the stored rows of `ids` and writes, in the same transaction, what `decide` returns for each
 * (undefined: leave it). Returns how many rows were written, or undefined where the Dexie layout is
 * not found (the caller writes through RxDB then).
 */
export async function bulkPutNewer(
  storage: unknown,
  ids: ReadonlyArray<string>,
  decide: (index: number, previous: StoredRow | undefined) => InsertRow['document'] | undefined,
  context: string,
): Promise<number | undefined> {
  const target = await dexieTarget(storage)
  if (!target) return undefined
  const rows: Array<InsertRow & { readonly previous?: StoredRow }> = []
  await target.db.transaction('rw', target.table, async (tx) => {
    // IndexedDB's own get and put, as in the insert above: Dexie's bulkGet and bulkPut went through
    // its middleware and told other tabs of the change (a message per stream item), which RxDB
    // already does for its tables.
    const store = tx.idbtrans.objectStore(DOCS_STORE)
    const found = await Promise.all(ids.map((id) => idbRequest<unknown>(store.get(id))))
    ids.forEach((id, i) => {
      const raw = found[i] as Record<string, unknown> | undefined
      const previous = raw ? { ...raw, _deleted: fromStoredDeleted(raw._deleted) === true } : undefined
      const document = decide(i, previous)
      if (document) rows.push({ id, document, ...(previous ? { previous } : {}) })
    })
    for (const r of rows) store.put(toDexie(r.document))
  })
  announce(
    target,
    rows.flatMap((r) => eventOf(r, r.previous)),
    rows.at(-1),
    context,
  )
  return rows.length
}

const toDexie = (document: InsertRow['document']) => ({
  ...document,
  _deleted: toStoredDeleted(document._deleted),
})

interface ChangeEvent {
  readonly documentId: string
  readonly operation: 'INSERT' | 'UPDATE' | 'DELETE'
  readonly documentData: StoredRow
  readonly previousDocumentData?: StoredRow
}

/** The change event RxDB's own write gives a row (rx-storage-helper's categorizeBulkWriteRows). */
function eventOf(row: InsertRow, previous?: StoredRow): ChangeEvent[] {
  const { id: documentId, document: documentData } = row
  if (!previous) return documentData._deleted ? [] : [{ documentId, operation: 'INSERT', documentData }]
  if (documentData._deleted) {
    return [{ documentId, operation: 'DELETE', documentData, previousDocumentData: previous }]
  }
  if (previous._deleted) return [{ documentId, operation: 'INSERT', documentData }]
  return [{ documentId, operation: 'UPDATE', documentData, previousDocumentData: previous }]
}

/** Tells the collection's queries, once the write committed (RxDB's event bulk). */
function announce(
  target: DexieTarget,
  events: ReadonlyArray<unknown>,
  last: InsertRow | undefined,
  context: string,
) {
  if (events.length === 0 || !last) return
  target.changes.next({
    id: `${BULK_PREFIX}${++bulkCounter}`,
    events,
    checkpoint: { id: last.id, lwt: (last.document._meta as { lwt: number }).lwt },
    context,
  })
}

/** Event bulk ids only need to be unique in this page (the database drops one it has seen). */
const BULK_PREFIX = `qm-${randomToken(8)}-`
let bulkCounter = 0
