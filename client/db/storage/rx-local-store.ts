import type { MangoQuery, RxCollection, RxDocument } from 'rxdb'
import { map, type Observable } from 'rxjs'
import type { ReplicatedDocument } from '../../../shared/sync/protocol'
import { PRIMARY_KEYS, type CollectionName } from '../collections'
import { openAppDatabase, type AppDatabase, type OpenOptions } from './app-database'
import type { LocalStore, StoreSelector, StoredDocument } from './local-store'
import { writePulledDocuments } from './pulled-documents'
import { cachedDocumentData, type PlainInstance } from './rxdb-internals'

/** Opens the local store of a plant (one RxDB database, see app-database.ts). */
export async function openLocalStore(options: OpenOptions): Promise<LocalStore> {
  return new RxLocalStore(await openAppDatabase(options))
}

type Data = Record<string, unknown>

/** The local store over RxDB (local-store.ts says what each method promises). */
export class RxLocalStore implements LocalStore {
  readonly name: string
  readonly changes$: Observable<unknown>

  constructor(readonly rx: AppDatabase) {
    this.name = rx.name
    // Bulks, not `db.$`: RxDB 17 caches every bulk it turns into single events in a module-level Map
    // that is never emptied, so subscribing to `$` kept every pulled document in memory (the first
    // sync of 100,000 signals left ~60 MiB on the heap).
    this.changes$ = rx.eventBulks$
  }

  get storageToken(): Promise<string> {
    return this.rx.storageToken
  }

  async findByIds(
    collection: CollectionName,
    ids: ReadonlyArray<string>,
  ): Promise<ReadonlyMap<string, StoredDocument>> {
    if (ids.length === 0) return new Map()
    const found = await this.collection(collection)
      .findByIds([...ids])
      .exec()
    return new Map([...found].map(([id, d]) => [id, d.toJSON() as Data]))
  }

  async find(collection: CollectionName, selector: StoreSelector): Promise<ReadonlyArray<StoredDocument>> {
    const found = await this.collection(collection)
      .find({ selector } as MangoQuery<Data>)
      .exec()
    return found.map((d) => d.toJSON() as Data)
  }

  count(collection: CollectionName): Promise<number> {
    return this.collection(collection).count().exec()
  }

  watch(collection: CollectionName, selector: StoreSelector): Observable<ReadonlyArray<StoredDocument>> {
    // The query stays subscribed while a screen reads it (re-subscribing would re-run it on each tick).
    return this.collection(collection)
      .find({ selector } as MangoQuery<Data>)
      .$.pipe(map((docs) => docs.map(jsonOf)))
  }

  watchByIds(
    collection: CollectionName,
    ids: ReadonlyArray<string>,
  ): Observable<ReadonlyMap<string, StoredDocument>> {
    return this.collection(collection)
      .findByIds([...ids])
      .$.pipe(map((found) => new Map([...found].map(([id, d]) => [id, jsonOf(d)]))))
  }

  watchOne(collection: CollectionName, id: string): Observable<StoredDocument | undefined> {
    return this.collection(collection)
      .findOne(id)
      .$.pipe(map((d) => (d ? jsonOf(d) : undefined)))
  }

  putNewer(
    collection: CollectionName,
    documents: ReadonlyArray<ReplicatedDocument>,
    fresh: boolean,
  ): Promise<number> {
    const storage = this.rx.collections[collection].storageInstance as unknown as PlainInstance
    return writePulledDocuments(storage, PRIMARY_KEYS[collection], this.rx.token, documents, fresh)
  }

  storedRevisions(collection: CollectionName, ids: Iterable<string>): Promise<Map<string, number>> {
    return storedRevisions(this.collection(collection), ids)
  }

  async unsetField(collection: CollectionName, id: string, field: string): Promise<void> {
    const doc = await this.collection(collection).findOne(id).exec()
    await doc?.incrementalModify((d) => {
      delete d[field]
      return d
    })
  }

  close(): Promise<void> {
    return this.rx.close().then(() => undefined)
  }

  private collection(collection: CollectionName): RxCollection<Data> {
    return this.rx.collections[collection] as unknown as RxCollection<Data>
  }
}

/**
 * The stored revision of each of `ids`, deleted documents included (a deletion arrives as a tombstone
 * at the revision the server wrote, and a query would not see it, so an acknowledged delete would
 * never be absorbed). From RxDB's document cache where it holds the document — it follows every
 * change event, and RxDB's own reads by id trust it the same way — and from storage for the rest.
 * Reading storage for every check (after each acknowledgement and each stream item) was two
 * IndexedDB reads per edit on the main thread while the user typed the next one.
 */
async function storedRevisions(rx: RxCollection<Data>, ids: Iterable<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  const missing: string[] = []
  for (const id of ids) {
    const cached = cachedDocumentData(rx as unknown as RxCollection, id)
    if (cached) out.set(id, Number(cached.revision ?? 0))
    else missing.push(id)
  }
  if (missing.length === 0) return out
  const pk = rx.schema.primaryPath as string
  for (const d of await rx.storageInstance.findDocumentsById(missing, true)) {
    const doc = d as unknown as Data
    out.set(String(doc[pk]), Number(doc.revision ?? 0))
  }
  return out
}

/**
 * A document's plain data, one object per RxDocument: RxDB hands out the same RxDocument while a
 * document's revision stays the same (its document cache), so unchanged documents keep their object
 * (the live reads' structural sharing, react/shared-docs.ts, relies on it).
 */
function jsonOf(doc: RxDocument<Data>): Data {
  let data = json.get(doc)
  if (!data) {
    data = doc.toJSON() as Data
    json.set(doc, data)
  }
  return data
}

const json = new WeakMap<object, Data>()
