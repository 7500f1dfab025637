import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import type { RxStorage } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'

/**
 * For tests only: RxDB's Dexie storage on a fresh fake-indexeddb, and that IndexedDB (the tests of
 * the engine's other parts cannot import RxDB, eslint.config.js). Nothing in the app imports it.
 */
export function fakeIndexedDbStorage(): {
  readonly indexedDB: IDBFactory
  readonly storage: RxStorage<unknown, unknown>
} {
  const indexedDB = new IDBFactory()
  return { indexedDB, storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown> }
}
