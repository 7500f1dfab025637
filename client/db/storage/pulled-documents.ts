import { createRevision, now, type RxDocumentData, type RxStorageInstance } from 'rxdb'
import type { ReplicatedDocument } from '../../../shared/sync/protocol'
import { bulkInsertIfEmpty, bulkPutNewer } from './dexie-direct-write'
import { LineRecordInstance } from './line-record-storage'
import { unwrapInstance } from './rxdb-internals'

/**
 * Writes documents the server sent straight into a collection's storage instance, in one bulk write
 * per call — the same instance (and change stream) RxDB's collection reads, so open queries see the
 * change, without the per-document replication metadata RxDB's replication plugin keeps. Signals and
 * limits go to their line records in one read-and-write transaction (line-record-storage.ts); the
 * plant's structure to the Dexie table behind its collection (dexie-direct-write.ts).
 *
 * Invariant: a stored document is only ever replaced by one with a higher server revision (or the
 * same revision changing `_deleted`), so a late page or stream event can never take the device back.
 */
export interface StoredServerDocument {
  readonly revision?: unknown
  readonly _deleted: boolean
  readonly _rev: string
  readonly [field: string]: unknown
}

type Storage = RxStorageInstance<Record<string, unknown>, unknown, unknown>

const CONTEXT = 'qm-pull'

/** How many times rows that lost a race to another writer (another tab) are re-read and retried. */
const MAX_ATTEMPTS = 3

/**
 * @param documents taken over: each one stored is the object given, with RxDB's fields set on it.
 * @param assumeEmpty the caller expects none of these ids to be stored (a first sync, also one resumed
 *   after a reload): skip the read before the write. If a row exists after all, the insert adds
 *   nothing and the whole page is written with a read.
 * @returns how many documents were written (newer than what was stored).
 */
export async function writePulledDocuments(
  storage: Storage,
  primaryKey: string,
  token: string,
  documents: ReadonlyArray<ReplicatedDocument>,
  assumeEmpty: boolean,
): Promise<number> {
  let pending = latestPerId(documents, primaryKey)
  const idOf = (d: ReplicatedDocument) => String(d[primaryKey])
  // One write time per call, as RxDB itself does for a bulk write.
  const meta = { lwt: now() }
  /**
   * The document to store over `previous`, or undefined when what is stored is as new. It is the
   * object the server's answer was parsed into, given RxDB's fields, not a copy of it: a first sync
   * copied 100,000 signals here for nothing (docs/architecture.md).
   */
  const prepare = (doc: ReplicatedDocument, previous: StoredServerDocument | undefined) => {
    if (previous && !isNewer(doc, previous)) return undefined
    const stored = doc as {
      -readonly [K in keyof RxDocumentData<ReplicatedDocument>]: RxDocumentData<ReplicatedDocument>[K]
    }
    stored._deleted = doc._deleted === true
    stored._meta = meta
    stored._attachments = {}
    stored._rev = createRevision(token, previous as never)
    return stored as RxDocumentData<ReplicatedDocument>
  }
  let written = 0
  const records = lineRecords(storage)
  if (records) {
    // A bulk collection (line-record-storage.ts): its read and write are one transaction of a few
    // records, a first sync's included.
    return records.putNewer(pending, (i, previous) => prepare(pending[i]!, previous as never), CONTEXT)
  }
  if (assumeEmpty && pending.length > 0) {
    // Nothing stored yet: insert without the read RxDB's storage does before every write.
    const rows = pending.map((d) => ({ id: idOf(d), document: prepare(d, undefined)! }))
    const inserted = await bulkInsertIfEmpty(storage, rows, CONTEXT)
    if (inserted) {
      written += rows.length - inserted.failedIds.size
      pending = pending.filter((d) => inserted.failedIds.has(idOf(d)))
    }
  }
  if (pending.length === 0) return written
  // Read and write in one transaction (dexie-direct-write.ts); through RxDB where that cannot be.
  const direct = await bulkPutNewer(
    storage,
    pending.map(idOf),
    (i, previous) => prepare(pending[i]!, previous as StoredServerDocument | undefined),
    CONTEXT,
  )
  if (direct !== undefined) return written + direct
  for (let attempt = 0; attempt < MAX_ATTEMPTS && pending.length > 0; attempt++) {
    const stored = await readStored(storage, pending.map(idOf), primaryKey)
    const rows = []
    for (const doc of pending) {
      const previous = stored.get(idOf(doc))
      const document = prepare(doc, previous)
      if (document) rows.push({ document, ...(previous ? { previous } : {}) })
    }
    if (rows.length === 0) return written
    const result = await storage.bulkWrite(rows as never, CONTEXT)
    written += rows.length - result.error.length
    const conflicted = new Set(result.error.filter((e) => e.status === 409).map((e) => e.documentId))
    const failed = result.error.find((e) => e.status !== 409)
    if (failed)
      throw new Error(`Storing a pulled document failed (${failed.status}): ${JSON.stringify(failed)}`)
    pending = pending.filter((d) => conflicted.has(idOf(d)))
  }
  if (pending.length > 0) throw new Error('Storing pulled documents kept conflicting with another writer')
  return written
}

/** The line-record storage behind a collection's (wrapped) storage instance, if it is one. */
function lineRecords(storage: Storage): LineRecordInstance | undefined {
  const instance = unwrapInstance(storage)
  return instance instanceof LineRecordInstance ? instance : undefined
}

/** A page may hold the same id twice (written twice between two pulls): keep its newest revision. */
function latestPerId(documents: ReadonlyArray<ReplicatedDocument>, primaryKey: string) {
  const byId = new Map<string, ReplicatedDocument>()
  for (const d of documents) {
    const id = String(d[primaryKey])
    const seen = byId.get(id)
    if (!seen || Number(d.revision) >= Number(seen.revision)) byId.set(id, d)
  }
  return [...byId.values()]
}

async function readStored(storage: Storage, ids: string[], primaryKey: string) {
  const found = await storage.findDocumentsById(ids, true)
  return new Map(
    found.map((d) => [
      String((d as Record<string, unknown>)[primaryKey]),
      d as unknown as StoredServerDocument,
    ]),
  )
}

function isNewer(incoming: ReplicatedDocument, stored: StoredServerDocument): boolean {
  const a = Number(incoming.revision ?? 0)
  const b = Number(stored.revision ?? 0)
  return a > b || (a === b && (incoming._deleted === true) !== stored._deleted)
}
