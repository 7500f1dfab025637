import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { COLLECTIONS, type CollectionName, type LocalDoc } from '../collections'
import { withLineRecords } from './line-record-storage'
import { withPagedQueries } from './paged-query-storage'
import { MIGRATION_STRATEGIES, rxSchemaFor } from './rx-schema'

addRxPlugin(RxDBMigrationSchemaPlugin)

export type AppCollections = { [C in CollectionName]: RxCollection<LocalDoc<C>> }
export type AppDatabase = RxDatabase<AppCollections>

export interface OpenOptions {
  /** One database per signed-in customer and plant, so two accounts never mix their data. */
  readonly name: string
  /** Defaults to Dexie on the browser's IndexedDB; tests pass fake-indexeddb. */
  readonly storage?: RxStorage<unknown, unknown>
  /** Defaults to the browser's Web Locks (tab-presence.ts); tests pass a lock manager of their own. */
  readonly locks?: LockManager
}

/** Opens the local database with the 12 replicated collections (RxDB's free edition allows 13). */
export async function openAppDatabase(options: OpenOptions): Promise<AppDatabase> {
  const db = await createRxDatabase<AppCollections>({
    name: options.name,
    // Queries read their index range a page per round trip, not a document per round trip; the bulk
    // collections (a document per signal) are kept in records of a line (line-record-storage.ts).
    storage: withLineRecords(
      withPagedQueries((options.storage ?? getRxStorageDexie()) as RxStorage<unknown, unknown>),
      options.locks,
    ),
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  })
  const definitions = Object.fromEntries(
    COLLECTIONS.map((c) => [c, { schema: rxSchemaFor(c), migrationStrategies: MIGRATION_STRATEGIES }]),
  )
  await db.addCollections(definitions as never)
  return db
}

export { databaseNameFor } from './database-name'
