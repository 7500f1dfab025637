/**
 * How RxDB's Dexie storage (rxdb/plugins/storage-dexie, pinned in package.json) lays a collection out
 * in IndexedDB, for the code that reads or writes it without going through RxDB: the direct writes of
 * pulled documents (dexie-direct-write.ts) and the cold start's stored view (stored-view.ts). Kept
 * here once; the unit and integration tests read what those wrote or read through RxDB's own
 * queries, so a changed layout fails them.
 *
 * - One IndexedDB database per collection, named by the RxDB database, the schema version and the
 *   collection; its documents in the object store `docs`, keyed by the primary key.
 * - `_deleted` is stored as '1' / '0': IndexedDB cannot index booleans, and the storage indexes it.
 */
export const DOCS_STORE = 'docs'

export const dexieDatabaseName = (database: string, schemaVersion: number, collection: string): string =>
  `rxdb-dexie-${database}--${schemaVersion}--${collection}`

export const toStoredDeleted = (deleted: boolean): '1' | '0' => (deleted ? '1' : '0')

/** `_deleted` as stored, read back; undefined when it is neither value (not this layout). */
export const fromStoredDeleted = (stored: unknown): boolean | undefined =>
  stored === '1' ? true : stored === '0' ? false : undefined
