import { Subject, type Observable } from 'rxjs'
import {
  getQueryMatcher,
  getSortComparator,
  type BulkWriteRow,
  type EventBulk,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageCountResult,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
  type RxStorageQueryResult,
} from 'rxdb'
import { LINE_FIELDS, type CollectionName } from '../../../shared/sync/collections'
import { BULK_COLLECTIONS } from '../collections'
import { deleteDatabase, idbRequest } from './idb-request'
import { hashId, RecordDirectory, type RecordRef } from './record-directory'
import {
  addRxStorageMultiInstanceSupport,
  categorizeBulkWriteRows,
  dexieDatabaseName,
  getBroadcastChannelReference,
  indexedDbOf,
  removeBroadcastChannelReference,
} from './rxdb-internals'
import { joinTabs, presenceGatedChannel, webLocks, type ChannelLike, type TabPresence } from './tab-presence'

/**
 * The storage of the bulk collections (a document per signal, BULK_COLLECTIONS): the documents of a
 * line in records of up to RECORD_SIZE documents each (record-directory.ts), behind RxDB's storage
 * interface, so RxDB's queries, document cache, change events and cross-tab events work on them as
 * on any other collection. The plant's structure stays in RxDB's Dexie storage.
 *
 * Why: IndexedDB's cost is per record and per index entry, hardly per byte. RxDB's Dexie layout
 * writes a record and four index entries per document; a first sync of 100,000 signals spent most of
 * its time there (`npm run bench -- --only layouts`: 6.5 s in RxDB's layout against 0.24 s in
 * records of a line). Every screen reads these collections by line, which is one key range here.
 *
 * Layout (one IndexedDB database per collection, `recordsDatabaseName`):
 * - `records`: key [line, seq] → the record's documents as RxDB stores them (`_deleted` a boolean,
 *   `_rev`, `_meta`); removed documents stay as tombstones, as in RxDB's own storages;
 * - `hashes`: the same keys → the hashes of the record's ids (the directory, loaded without a
 *   document);
 * - `meta`: `version`, raised by every write that adds an id to a record or takes one out.
 *
 * Invariants: every id is in exactly one record, the record of its document's line. Every write runs
 * in one transaction that first checks `version` and reloads the directory when another tab moved
 * it; reads by line need no directory. Change events go out after the transaction committed.
 */
export const LINE_RECORDS_STORAGE = 'qm-line-records'

export const recordsDatabaseName = (database: string, schemaVersion: number, collection: string): string =>
  `qm-records-${database}--${schemaVersion}--${collection}`

/**
 * RxDB's storage with the bulk collections kept in line records; every other collection (and RxDB's
 * own) stays in `storage`. Uses the IndexedDB `storage` was given (tests pass fake-indexeddb).
 */
export function withLineRecords<Internals, Options>(
  storage: RxStorage<Internals, Options>,
  /** Tells other tabs of this tab's writes only while there are any (tab-presence.ts). */
  locks: LockManager | undefined = webLocks(),
): RxStorage<Internals, Options> {
  const { indexedDB: idb, IDBKeyRange: KeyRange } = indexedDbOf(storage as RxStorage<unknown, unknown>)
  if (!idb || !KeyRange) return storage
  const wrapped = Object.create(storage) as RxStorage<Internals, Options>
  wrapped.createStorageInstance = async <T>(params: RxStorageInstanceCreationParams<T, Options>) => {
    const collection = params.collectionName as CollectionName
    const lineField = LINE_FIELDS[collection]
    if (!BULK_COLLECTIONS.has(collection) || !lineField) return storage.createStorageInstance(params)
    // Devices that stored this collection in RxDB's Dexie layout: that copy is pulled again into
    // records (device-db.ts names a new checkpoint), and the old one would only take space.
    idb.deleteDatabase(dexieDatabaseName(params.databaseName, params.schema.version, params.collectionName))
    const db = await openRecords(
      idb,
      recordsDatabaseName(params.databaseName, params.schema.version, params.collectionName),
    )
    const instance = new LineRecordInstance(params as never, idb, db, KeyRange, lineField)
    if (params.multiInstance) await shareWithOtherTabs(params, instance, locks)
    return instance as unknown as RxStorageInstance<T, Internals, Options>
  }
  return wrapped
}

/**
 * RxDB's multi-instance support (another tab's writes reach this tab's queries as change events),
 * with this tab's events sent only while another tab holds the database (tab-presence.ts). The
 * channel listens before this tab counts itself present, and the instance is handed to RxDB (which
 * reads it) only after that.
 */
async function shareWithOtherTabs<T>(
  params: RxStorageInstanceCreationParams<T, unknown>,
  instance: LineRecordInstance,
  locks: LockManager | undefined,
): Promise<void> {
  const channel = getBroadcastChannelReference(
    LINE_RECORDS_STORAGE,
    params.databaseInstanceToken,
    params.databaseName,
    instance,
  ) as unknown as ChannelLike
  // Set once this instance counts as present; nothing is written before (RxDB has not got it yet).
  const joined: { presence?: TabPresence } = {}
  const gated = presenceGatedChannel(channel, {
    othersPresent: () => joined.presence?.othersPresent() ?? Promise.resolve(true),
    leave: () => joined.presence?.leave(),
  })
  addRxStorageMultiInstanceSupport(LINE_RECORDS_STORAGE, params as never, instance as never, gated as never)
  joined.presence = await joinTabs(locks, params.databaseName, params.databaseInstanceToken)
  // RxDB lets a channel it was given be; this instance's reference and presence end with it.
  for (const method of ['close', 'remove'] as const) {
    const end = instance[method].bind(instance)
    instance[method] = async () => {
      try {
        await end()
      } finally {
        joined.presence?.leave()
        await removeBroadcastChannelReference(params.databaseInstanceToken, instance)
      }
    }
  }
}

type Data = Record<string, unknown>
type Doc = RxDocumentData<Data>
type Checkpoint = { id: string; lwt: number }
type Bulk = EventBulk<RxStorageChangeEvent<Doc>, Checkpoint>

const RECORDS = 'records'
const HASHES = 'hashes'
const META = 'meta'
const VERSION = 'version'

export class LineRecordInstance {
  readonly databaseName: string
  readonly collectionName: string
  readonly schema: Readonly<RxJsonSchema<Doc>>
  readonly options: unknown
  readonly internals = {}
  readonly primaryPath: string
  private readonly changes$ = new Subject<Bulk>()
  private readonly directory = new RecordDirectory()
  private closed = false

  constructor(
    params: RxStorageInstanceCreationParams<Data, unknown>,
    /** The factory `db` was opened with (fake-indexeddb in tests). */
    private readonly idb: IDBFactory,
    private readonly db: IDBDatabase,
    private readonly KeyRange: typeof IDBKeyRange,
    private readonly lineField: string,
  ) {
    this.databaseName = params.databaseName
    this.collectionName = params.collectionName
    this.schema = params.schema as RxJsonSchema<Doc>
    this.options = params.options
    const pk = params.schema.primaryKey
    this.primaryPath = typeof pk === 'string' ? pk : pk.key
  }

  /** RxDB's write: conflicts (a `previous` that is not what is stored) are answered 409. */
  async bulkWrite(rows: BulkWriteRow<Data>[], context: string): Promise<RxStorageBulkWriteResponse<Data>> {
    const { error } = await this.write(
      rows.map((r) => r.document),
      () => rows,
      context,
    )
    return { error }
  }

  /**
   * Reads what is stored under the ids of `documents` and writes, in the same transaction, what
   * `decide` returns for each (undefined: leave it) — the pulled documents' write
   * (pulled-documents.ts). Returns how many were written.
   */
  async putNewer(
    documents: ReadonlyArray<Data>,
    decide: (index: number, previous: Doc | undefined) => Doc | undefined,
    context: string,
  ): Promise<number> {
    const { written } = await this.write(
      documents,
      (stored) =>
        documents.flatMap((d, i) => {
          const previous = stored.get(String(d[this.primaryPath]))
          const document = decide(i, previous)
          return document ? [{ document, ...(previous ? { previous } : {}) }] : []
        }),
      context,
    )
    return written
  }

  async findDocumentsById(ids: string[], withDeleted: boolean): Promise<Doc[]> {
    const found = await this.run('readonly', async (tx) => {
      await this.loadDirectory(tx)
      return (await this.locate(tx, ids)).found
    })
    const out: Doc[] = []
    for (const id of ids) {
      const at = found.get(id)
      if (at && (withDeleted || !at.doc._deleted)) out.push(at.doc)
    }
    return out
  }

  async query(prepared: PreparedQuery<Data>): Promise<RxStorageQueryResult<Data>> {
    const { query } = prepared
    const line = lineEquality(query.selector as Data, this.lineField)
    const range = line === undefined ? undefined : this.KeyRange.bound([line], [line, Infinity])
    const records = await this.run('readonly', (tx) =>
      idbRequest<Doc[][]>(tx.objectStore(RECORDS).getAll(range)),
    )
    const matches = getQueryMatcher(this.schema as never, query as never)
    const rows = records.flat().filter((d) => matches(d as never))
    rows.sort(getSortComparator(this.schema as never, query as never) as (a: Doc, b: Doc) => number)
    const skip = query.skip ?? 0
    const limit = typeof query.limit === 'number' ? query.limit : Infinity
    return { documents: rows.slice(skip, skip + limit) }
  }

  async count(prepared: PreparedQuery<Data>): Promise<RxStorageCountResult> {
    const all = { ...prepared, query: { ...prepared.query, skip: 0 } }
    delete (all.query as { limit?: number }).limit
    return { count: (await this.query(all)).documents.length, mode: 'fast' }
  }

  /** For RxDB's schema migration: every document written after `checkpoint`, oldest first. */
  async getChangedDocumentsSince(
    limit: number,
    checkpoint?: Checkpoint,
  ): Promise<{ documents: Doc[]; checkpoint: Checkpoint | undefined }> {
    const records = await this.run('readonly', (tx) => idbRequest<Doc[][]>(tx.objectStore(RECORDS).getAll()))
    const pk = this.primaryPath
    const key = (d: Doc): [number, string] => [d._meta.lwt, String(d[pk])]
    const after = (d: Doc) => {
      if (!checkpoint) return true
      const [lwt, id] = key(d)
      return lwt > checkpoint.lwt || (lwt === checkpoint.lwt && id > checkpoint.id)
    }
    const documents = records
      .flat()
      .filter(after)
      .sort((a, b) => {
        const [la, ia] = key(a)
        const [lb, ib] = key(b)
        return la - lb || (ia < ib ? -1 : ia > ib ? 1 : 0)
      })
      .slice(0, limit)
    const last = documents.at(-1)
    return { documents, checkpoint: last ? { id: String(last[pk]), lwt: last._meta.lwt } : checkpoint }
  }

  changeStream(): Observable<Bulk> {
    return this.changes$.asObservable()
  }

  getAttachmentData(): Promise<Blob> {
    return Promise.reject(new Error(`${this.collectionName} has no attachments`))
  }

  /** Tombstones are kept, as RxDB's Dexie storage keeps them without the cleanup plugin. */
  cleanup(): Promise<boolean> {
    return Promise.resolve(true)
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true
      this.changes$.complete()
      this.db.close()
    }
    return Promise.resolve()
  }

  async remove(): Promise<void> {
    await this.close()
    await deleteDatabase(this.idb, this.db.name).catch(() => undefined)
  }

  /**
   * One write transaction: reads the records that hold (or may hold) the documents' ids and the
   * open record of each of their lines, lets `rowsFor` decide from what is stored, and writes the
   * records that changed.
   */
  private async write(
    documents: ReadonlyArray<Data>,
    rowsFor: (stored: ReadonlyMap<string, Doc>) => BulkWriteRow<Data>[],
    context: string,
  ): Promise<{ error: RxStorageBulkWriteResponse<Data>['error']; written: number }> {
    const pk = this.primaryPath
    let bulk: Bulk | undefined
    const result = await this.run('readwrite', async (tx) => {
      await this.loadDirectory(tx)
      const ids = documents.map((d) => String(d[pk]))
      const lines = new Set(documents.map((d) => this.lineOf(d)))
      const { found, loaded } = await this.locate(tx, ids, lines)
      const stored = new Map([...found].map(([id, at]) => [id, at.doc]))
      const categorized = categorizeBulkWriteRows(
        this as never,
        pk as never,
        stored,
        rowsFor(stored),
        context,
      )
      const changed = new Set<RecordRef>()
      const moved = new Set<RecordRef>()
      for (const row of [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs]) {
        const doc = row.document as Doc
        const id = String(doc[pk])
        const line = this.lineOf(doc)
        const at = found.get(id)
        if (at && at.ref.line === line) {
          loaded.get(at.ref)![at.index] = doc
          changed.add(at.ref)
          continue
        }
        if (at) {
          // Its line changed: out of the old line's record (a hole, dropped when the record is written).
          loaded.get(at.ref)![at.index] = undefined
          this.directory.remove(id, at.ref)
          found.delete(id)
          changed.add(at.ref)
          moved.add(at.ref)
        }
        let target = this.directory.openRecord(line)
        if (!target || !loaded.has(target)) {
          target = this.directory.newRecord(line)
          loaded.set(target, [])
        }
        const docs = loaded.get(target)!
        found.set(id, { ref: target, index: docs.length, doc })
        docs.push(doc)
        this.directory.add(id, target)
        changed.add(target)
        moved.add(target)
      }
      const records = tx.objectStore(RECORDS)
      const hashes = tx.objectStore(HASHES)
      for (const ref of changed) {
        const key = [ref.line, ref.seq]
        if (ref.size === 0) {
          records.delete(key)
          hashes.delete(key)
          continue
        }
        const docs = loaded.get(ref)!.filter((d): d is Doc => d !== undefined)
        records.put(docs, key)
        if (moved.has(ref))
          hashes.put(
            Uint32Array.from(docs, (d) => hashId(String(d[pk]))),
            key,
          )
      }
      if (moved.size > 0) {
        this.directory.version++
        tx.objectStore(META).put(this.directory.version, VERSION)
      }
      const events = categorized.eventBulk.events
      if (events.length > 0 && categorized.newestRow) {
        const newest = categorized.newestRow.document as Doc
        bulk = {
          ...categorized.eventBulk,
          checkpoint: { id: String(newest[pk]), lwt: newest._meta.lwt },
        } as Bulk
      }
      return {
        error: categorized.errors,
        written: categorized.bulkInsertDocs.length + categorized.bulkUpdateDocs.length,
      }
    })
    // After the commit: queries and other tabs never see a write that could still be undone.
    if (bulk) this.changes$.next(bulk)
    return result
  }

  /**
   * The stored documents of `ids`, where each is, and every record read (the candidates of the ids,
   * and the open record of each of `lines`, which a new document goes into).
   */
  private async locate(
    tx: IDBTransaction,
    ids: ReadonlyArray<string>,
    lines: ReadonlySet<string> = new Set(),
  ) {
    const refs = new Set<RecordRef>()
    for (const id of ids) for (const ref of this.directory.candidates(id)) refs.add(ref)
    for (const line of lines) {
      const open = this.directory.openRecord(line)
      if (open) refs.add(open)
    }
    const store = tx.objectStore(RECORDS)
    const read = await Promise.all(
      [...refs].map(
        async (ref) => [ref, await idbRequest<Doc[] | undefined>(store.get([ref.line, ref.seq]))] as const,
      ),
    )
    const wanted = new Set(ids)
    const pk = this.primaryPath
    const found = new Map<string, { ref: RecordRef; index: number; doc: Doc }>()
    const loaded = new Map<RecordRef, Array<Doc | undefined>>()
    for (const [ref, docs] of read) {
      if (!docs) throw new Error(`A ${this.collectionName} record the directory names is missing`)
      loaded.set(ref, docs)
      docs.forEach((doc, index) => {
        const id = String(doc[pk])
        if (wanted.has(id)) found.set(id, { ref, index, doc })
      })
    }
    return { found, loaded }
  }

  /** Loads the directory when another tab (or a failed write) moved the stored one past it. */
  private async loadDirectory(tx: IDBTransaction): Promise<void> {
    const version = (await idbRequest<number | undefined>(tx.objectStore(META).get(VERSION))) ?? 0
    if (this.directory.version === version) return
    const store = tx.objectStore(HASHES)
    const [keys, hashes] = await Promise.all([
      idbRequest<IDBValidKey[]>(store.getAllKeys()),
      idbRequest<Uint32Array[]>(store.getAll()),
    ])
    this.directory.load(
      version,
      keys.map((key, i) => ({ key: key as [string, number], hashes: hashes[i]! })),
    )
  }

  private lineOf(doc: Data): string {
    const line = doc[this.lineField]
    return typeof line === 'string' ? line : ''
  }

  /** Runs `work` in one transaction over the three stores; resolves once it committed. */
  private async run<T>(mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error(`The ${this.collectionName} storage is closed`)
    const tx = this.db.transaction([RECORDS, HASHES, META], mode)
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onabort = () => reject(tx.error ?? new Error(`A ${this.collectionName} transaction was aborted`))
    })
    committed.catch(() => undefined) // Awaited below; a failed `work` reports its own error.
    try {
      const result = await work(tx)
      await committed
      return result
    } catch (err) {
      // What the directory learned in this transaction may not be stored.
      if (mode === 'readwrite') this.directory.invalidate()
      try {
        tx.abort()
      } catch {
        // Already finished.
      }
      throw err
    }
  }
}

/** The line a selector asks for by equality (RxDB writes `{ field: value }` as `{ field: { $eq } }`). */
function lineEquality(selector: Data, field: string): string | undefined {
  const value = selector[field]
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    const keys = Object.keys(value)
    const eq = (value as Data).$eq
    if (keys.length === 1 && typeof eq === 'string') return eq
  }
  return undefined
}

function openRecords(idb: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = idb.open(name, 1)
    opening.onupgradeneeded = () => {
      const db = opening.result
      db.createObjectStore(RECORDS)
      db.createObjectStore(HASHES)
      db.createObjectStore(META)
    }
    opening.onsuccess = () => {
      const db = opening.result
      // Another tab deleting it (a sign-out's removal): let it.
      db.onversionchange = () => db.close()
      resolve(db)
    }
    opening.onerror = () => reject(opening.error ?? new Error(`Opening ${name} failed`))
  })
}
