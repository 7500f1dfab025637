import {
  addRxStorageMultiInstanceSupport,
  categorizeBulkWriteRows,
  getBroadcastChannelReference,
  removeBroadcastChannelReference,
  type PreparedQuery,
  type RxCollection,
  type RxStorage,
  type RxStorageInstance,
  type RxStorageQueryResult,
} from 'rxdb'
import {
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
  type RxStorageInstanceDexie,
} from 'rxdb/plugins/storage-dexie'
import type { Subject } from 'rxjs'

/**
 * Everything the device's storage relies on of RxDB 17 beyond its documented API, in one module: the
 * Dexie storage's table layout in IndexedDB, its instances' `internals`, the wrapper RxDB puts around
 * a storage instance, the collection's document cache, and the storage helpers RxDB exports for
 * storage plugins. The paged queries (paged-query-storage.ts), the direct writes of pulled documents
 * (dexie-direct-write.ts, pulled-documents.ts), the line records (line-record-storage.ts), the cold
 * start's stored view (stored-view.ts) and the absorption's revisions (rx-local-store.ts) go through
 * here. rxdb-internals.test.ts opens a real RxDB database and fails, naming what changed, if an RxDB
 * upgrade moves any of it; `rxdb` is pinned to 17.6 in package.json.
 *
 * The Dexie layout:
 * - one IndexedDB database per collection, named by the RxDB database, the schema version and the
 *   collection; its documents in the object store `docs`, keyed by the primary key;
 * - `_deleted` is stored as '1' / '0': IndexedDB cannot index booleans, and the storage indexes it.
 */
export const DOCS_STORE = 'docs'

export const dexieDatabaseName = (database: string, schemaVersion: number, collection: string): string =>
  `rxdb-dexie-${database}--${schemaVersion}--${collection}`

export const toStoredDeleted = (deleted: boolean): '1' | '0' => (deleted ? '1' : '0')

/** `_deleted` as stored, read back; undefined when it is neither value (not this layout). */
export const fromStoredDeleted = (stored: unknown): boolean | undefined =>
  stored === '1' ? true : stored === '0' ? false : undefined

/** Storage-plugin helpers of RxDB and its Dexie storage (their arity is checked by the test). */
export {
  addRxStorageMultiInstanceSupport,
  categorizeBulkWriteRows,
  getBroadcastChannelReference,
  removeBroadcastChannelReference,
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
}
export type { RxStorageInstanceDexie }

/**
 * The instance RxDB wraps a storage instance in (for hooks and its own bookkeeping) keeps the one it
 * wraps as `originalStorageInstance`; our own storages and the Dexie tables live behind it.
 */
export function unwrapInstance(instance: unknown): unknown {
  return (instance as { originalStorageInstance?: unknown }).originalStorageInstance ?? instance
}

/** A Dexie table: only named to scope a transaction (the reads and writes go to IndexedDB itself). */
export type DexieTable = object

export interface DexieTarget {
  readonly db: {
    transaction(
      mode: 'rw',
      table: DexieTable,
      scope: (tx: { readonly idbtrans: IDBTransaction }) => Promise<void>,
    ): Promise<void>
  }
  readonly table: DexieTable
  /** The instance's change subject: queries learn of a write from the event bulk put here. */
  readonly changes: Subject<unknown>
}

/**
 * The Dexie table and change subject behind a collection's (wrapped) storage instance, if it is one
 * in the layout above: its `internals` resolve to `dexieDb`, `dexieTable` and `booleanIndexes`
 * (only `_deleted`, which is stored converted), and it tells queries of writes through `changes$`.
 */
export async function dexieTarget(storage: unknown): Promise<DexieTarget | undefined> {
  const instance = unwrapInstance(storage) as { internals?: unknown; changes$?: Subject<unknown> }
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

/** The state behind a Dexie storage instance (its `internals`): the Dexie database, table and boolean indexes. */
export function dexieStateOf(instance: RxStorageInstanceDexie<unknown>) {
  return instance.internals
}

/**
 * Answers a Dexie storage instance's queries with `query` instead of its cursor walk while it is open
 * (`closed` is set once it closes; Dexie's own query then throws the error RxDB expects).
 */
export function replaceDexieQuery(
  instance: unknown,
  query: (
    dexie: RxStorageInstanceDexie<unknown>,
    prepared: PreparedQuery<unknown>,
  ) => Promise<RxStorageQueryResult<unknown>>,
): void {
  const dexie = instance as RxStorageInstanceDexie<unknown>
  const cursorQuery = dexie.query.bind(dexie)
  dexie.query = (prepared) => (dexie.closed ? cursorQuery(prepared) : query(dexie, prepared))
}

/** The IDBKeyRange a Dexie instance was opened with (fake-indexeddb's in tests). */
export function keyRangeOf(dexieDb: unknown): typeof IDBKeyRange {
  return (
    (dexieDb as { _options?: { IDBKeyRange?: typeof IDBKeyRange } })._options?.IDBKeyRange ??
    globalThis.IDBKeyRange
  )
}

/** The IndexedDB a storage was created with (`getRxStorageDexie({ indexedDB, IDBKeyRange })`). */
export function indexedDbOf(storage: RxStorage<unknown, unknown>): {
  readonly indexedDB: IDBFactory | undefined
  readonly IDBKeyRange: typeof IDBKeyRange | undefined
} {
  const settings = (storage as { settings?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } })
    .settings
  return {
    indexedDB: settings?.indexedDB ?? globalThis.indexedDB,
    IDBKeyRange: settings?.IDBKeyRange ?? globalThis.IDBKeyRange,
  }
}

/**
 * A document's latest data in the collection's document cache (`_docCache`), which follows every
 * change event; undefined when RxDB does not hold it.
 */
export function cachedDocumentData(
  collection: RxCollection,
  id: string,
): { readonly [field: string]: unknown } | undefined {
  const cache = (collection as unknown as { _docCache?: DocCache })._docCache
  return cache?.getLatestDocumentDataIfExists?.(id)
}

/** What `cachedDocumentData` uses of RxDB's document cache (RxCollection._docCache). */
export interface DocCache {
  getLatestDocumentDataIfExists(id: string): { readonly [field: string]: unknown } | undefined
}

/** A collection's storage instance, typed for our storages' plain documents. */
export type PlainInstance = RxStorageInstance<Record<string, unknown>, unknown, unknown>
