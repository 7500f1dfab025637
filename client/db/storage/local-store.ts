import type { Observable } from 'rxjs'
import type { CollectionName } from '../collections'
import type { ReplicatedDocument } from '../../../shared/sync/protocol'
import type { AppDatabase } from './app-database'

/**
 * The device's one local store of the server's documents: everything the sync (sync/), the session
 * and the screens' live reads (react/) do with stored documents goes through this interface. Behind
 * it (rx-local-store.ts): RxDB over its Dexie storage for the plant's structure, records of a line for
 * signals and limits (line-record-storage.ts), the direct writes of pulled pages
 * (pulled-documents.ts) and RxDB's internals (rxdb-internals.ts). Nothing outside client/db/storage/
 * imports RxDB (eslint.config.js).
 *
 * Documents are plain data as RxDB hands them out (no `_rev`, `_meta`, `_deleted`); a live read hands
 * back the same object for a document whose revision did not change, so screens can memoize on it.
 * Selectors are equalities on (dotted) fields, plus `{ $exists }` for the legacy adoption.
 */
export type StoredDocument = Readonly<Record<string, unknown>>
export type StoreSelector = Readonly<Record<string, unknown>>

export interface LocalStore {
  /** The local database's name (storage/database-name.ts): one per customer and plant. */
  readonly name: string
  /**
   * Names this store's storage: a checkpoint saved for another (a database deleted and created again
   * under the same name) is not used, so its documents are pulled again instead of skipped.
   */
  readonly storageToken: Promise<string>

  /** The stored documents of `ids` (those that exist), by id. */
  findByIds(
    collection: CollectionName,
    ids: ReadonlyArray<string>,
  ): Promise<ReadonlyMap<string, StoredDocument>>
  /** The stored documents matching `selector` (by line: one key range of the line records). */
  find(collection: CollectionName, selector: StoreSelector): Promise<ReadonlyArray<StoredDocument>>
  count(collection: CollectionName): Promise<number>

  /** Live `find`: emits at once and after every change of the result. */
  watch(collection: CollectionName, selector: StoreSelector): Observable<ReadonlyArray<StoredDocument>>
  /** Live `findByIds`. */
  watchByIds(
    collection: CollectionName,
    ids: ReadonlyArray<string>,
  ): Observable<ReadonlyMap<string, StoredDocument>>
  /** One document, live (undefined while it does not exist). */
  watchOne(collection: CollectionName, id: string): Observable<StoredDocument | undefined>

  /**
   * Stores documents the server sent, each only when newer than the stored one (a higher revision,
   * or the same revision changing `_deleted`), in one bulk write. `fresh`: a first sync, so these are
   * most likely not stored yet (a hint). Returns how many were written.
   */
  putNewer(
    collection: CollectionName,
    documents: ReadonlyArray<ReplicatedDocument>,
    fresh: boolean,
  ): Promise<number>
  /** The stored revision of each of `ids` that is stored, removed documents included. */
  storedRevisions(collection: CollectionName, ids: Iterable<string>): Promise<Map<string, number>>
  /** Removes a field from a stored document (the legacy adoption's `pendingSince`, legacy-pending.ts). */
  unsetField(collection: CollectionName, id: string, field: string): Promise<void>

  /** Ticks after every write of any collection, this tab's or another's. */
  readonly changes$: Observable<unknown>
  close(): Promise<void>

  /**
   * RxDB's own database behind the store: for the tests and benches that check what was stored
   * through RxDB's queries, never for screens or the sync (which use the methods above).
   */
  readonly rx: AppDatabase
}
