import { BULK_COLLECTIONS, COLLECTIONS, type CollectionName } from '../collections'
import { SCHEMA_VERSION } from './rx-schema'
import { dexieDatabaseName, DOCS_STORE, fromStoredDeleted } from './rxdb-internals'

/**
 * What a device stored, read straight from IndexedDB while the local database (RxDB and the session's
 * code) is still opening, so a cold start shows the plant's screens without waiting for it: on the
 * bench machine the session's code and the database open were ~300 ms of a ~650 ms cold start, all
 * before the first row. Screens read it through the live reads (hooks.ts), which switch to the
 * open database once it is there; the controls that write wait for it (SyncController.run).
 *
 * It reads the layout of RxDB's Dexie storage (rxdb-internals.ts). A database that is not there
 * is never created by this read (an upgrade is aborted), and anything unexpected answers undefined:
 * the screen then waits for the database as before. The integration tests
 * (tests/integration/stored-view.test.ts) compare what it reads with RxDB's own queries.
 *
 * Only the plant's structure is read this way: a bulk collection (a document per signal) is too large
 * to read whole, and its screens wait for the database.
 */
export class StoredView {
  private readonly reads = new Map<CollectionName, Promise<ReadonlyArray<Data> | undefined>>()
  private readonly answered = new Map<CollectionName, ReadonlyArray<Data>>()

  constructor(
    /** The local database's name (database-name.ts). */
    readonly databaseName: string,
    /** Reads answer only once this settles: the outbox's read, so pending actions are laid over them. */
    private readonly after: Promise<unknown> = Promise.resolve(),
    private readonly idb: IDBFactory | undefined = globalThis.indexedDB,
  ) {}

  /** Starts reading every collection it covers. */
  prefetch(): void {
    for (const c of COLLECTIONS) void this.documents(c)
  }

  /** Whether `documents` can answer for this collection. */
  covers(collection: CollectionName): boolean {
    return !BULK_COLLECTIONS.has(collection)
  }

  /**
   * The collection's stored documents as RxDB hands them out (no `_rev`, `_meta`, `_attachments`,
   * `_deleted`; removed ones left out), ordered by id; undefined when they cannot be read here. Read
   * once per collection, however many screens ask.
   */
  documents(collection: CollectionName): Promise<ReadonlyArray<Data> | undefined> {
    let read = this.reads.get(collection)
    if (!read) {
      const idb = this.idb
      read =
        this.covers(collection) && idb
          ? Promise.all([readStored(idb, this.nameOf(collection)), this.after.catch(() => undefined)]).then(
              ([docs]) => {
                if (docs) this.answered.set(collection, docs)
                return docs
              },
            )
          : none
      this.reads.set(collection, read)
    }
    return read
  }

  /** What `documents` answered for the collection, once it has (a render can show it at once). */
  peek(collection: CollectionName): ReadonlyArray<Data> | undefined {
    return this.answered.get(collection)
  }

  private nameOf(collection: CollectionName): string {
    return dexieDatabaseName(this.databaseName, SCHEMA_VERSION, collection)
  }
}

type Data = Record<string, unknown>
const none = Promise.resolve(undefined)

function readStored(idb: IDBFactory, name: string): Promise<ReadonlyArray<Data> | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest
    try {
      // No version: the database is opened as it is, and only created when it does not exist.
      request = idb.open(name)
    } catch {
      resolve(undefined)
      return
    }
    // It did not exist: abort its creation, so RxDB later creates it with its own tables.
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = () => resolve(undefined)
    request.onblocked = () => resolve(undefined)
    request.onsuccess = () => {
      const db = request.result
      try {
        const all = db.transaction(DOCS_STORE, 'readonly').objectStore(DOCS_STORE).getAll()
        all.onsuccess = () => {
          db.close()
          resolve(visible(all.result as ReadonlyArray<Data>))
        }
        all.onerror = () => {
          db.close()
          resolve(undefined)
        }
      } catch {
        // No documents store: not RxDB's layout.
        db.close()
        resolve(undefined)
      }
    }
  })
}

/** The documents a query would give: removed ones left out, RxDB's own fields taken off. */
function visible(rows: ReadonlyArray<Data>): ReadonlyArray<Data> | undefined {
  const out: Data[] = []
  for (const row of rows) {
    const deleted = fromStoredDeleted(row._deleted)
    if (deleted === undefined) return undefined
    if (deleted) continue
    const { _deleted, _rev, _meta, _attachments, ...data } = row
    out.push(data)
  }
  return out
}
