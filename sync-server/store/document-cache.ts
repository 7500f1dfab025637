import type { CollectionName } from '../../shared/sync/collections'
import {
  getDocuments,
  listDocuments,
  type Executor,
  type ListOptions,
  type StoredDocument,
} from './documents'

/**
 * The documents a change set's transaction has read or written, by id, so its intents do not read
 * the same row again and again (the actor's plant for every intent, the signal an intent just read
 * before writing it, sync-server/domain/intent-step.ts).
 *
 * Invariant: an entry is the row as this transaction sees it now. That holds because the
 * transaction holds the customer's write lock (writeTransaction in documents.ts: no other writer of
 * the customer's rows can commit meanwhile) and every write of the transaction is told here
 * (`remember`) as soon as it is made; a write undone (rollback to a savepoint) is `forget`-ten, so
 * the next read goes to the database again.
 *
 * Reads by field (`where`, and whole collections) are kept too, per collection: an edit of a line
 * reads that line's monitors, and a hundred edits of six lines in one change set should ask six
 * times, not a hundred. Any write (or undo) in a collection drops that collection's kept lists, so a
 * list is never older than the last write of its collection in this transaction.
 */
export class DocumentCache {
  /** Absent documents are remembered too (null): asking again would find nothing again. */
  private readonly known = new Map<string, StoredDocument | null>()
  /** Lists by collection, then by what was asked (plant and fields). */
  private readonly lists = new Map<CollectionName, Map<string, ReadonlyArray<StoredDocument>>>()

  constructor(
    /** The change set's transaction; or, for reads only (a gateway judging an action), the database. */
    private readonly tx: Executor,
    private readonly customerId: string,
    /**
     * Runs before each read of the database: a gateway's change set writes there what it has only
     * told this cache so far (sync-server/gateway/read-backs.ts), so the database is never behind it.
     */
    private readonly beforeRead?: () => Promise<void>,
  ) {}

  /** The documents with these ids (those that exist), reading only the ones not known yet. */
  async get(collection: CollectionName, ids: ReadonlyArray<string>): Promise<StoredDocument[]> {
    const missing = [...new Set(ids.filter((id) => !this.known.has(keyOf(collection, id))))]
    if (missing.length > 0) await this.beforeRead?.()
    for (let i = 0; i < missing.length; i += CHUNK) {
      const chunk = missing.slice(i, i + CHUNK)
      this.knowIds(collection, chunk, await getDocuments(this.tx, this.customerId, collection, chunk))
    }
    const out: StoredDocument[] = []
    for (const id of new Set(ids)) {
      const doc = this.known.get(keyOf(collection, id))
      if (doc) out.push(doc)
    }
    return out
  }

  /** Reads ahead, one query per collection, what several reads will ask for (a change set's intents). */
  async prefetch(reads: ReadonlyArray<{ collection: CollectionName; ids: ReadonlyArray<string> }>) {
    const ids = new Map<CollectionName, string[]>()
    for (const read of reads) ids.set(read.collection, [...(ids.get(read.collection) ?? []), ...read.ids])
    for (const [collection, wanted] of ids) await this.get(collection, wanted)
  }

  async getOne(collection: CollectionName, id: string): Promise<StoredDocument | undefined> {
    return (await this.get(collection, [id]))[0]
  }

  /** The live documents of a collection matching `options` (listDocuments), read once until a write. */
  async list(
    collection: CollectionName,
    options: Pick<ListOptions, 'plantId' | 'fields'>,
  ): Promise<ReadonlyArray<StoredDocument>> {
    const kept = this.lists.get(collection)?.get(listKey(options))
    if (kept) return kept
    await this.beforeRead?.()
    const docs = await listDocuments(this.tx, this.customerId, collection, options)
    this.knowList(collection, options, docs)
    return docs
  }

  /**
   * What a read made elsewhere found (a gateway's change-set statement, gateway-bookkeeping.ts), as
   * `get(collection, ids)` would have: kept like this cache's own reads. Only for reads made since
   * the last write this cache was told of.
   */
  knowIds(
    collection: CollectionName,
    ids: ReadonlyArray<string>,
    found: ReadonlyArray<StoredDocument>,
  ): void {
    for (const id of ids)
      if (!this.known.has(keyOf(collection, id))) this.known.set(keyOf(collection, id), null)
    for (const doc of found) this.known.set(keyOf(collection, doc.id), doc)
  }

  /** The same for `list(collection, options)`. */
  knowList(
    collection: CollectionName,
    options: Pick<ListOptions, 'plantId' | 'fields'>,
    found: ReadonlyArray<StoredDocument>,
  ): void {
    for (const doc of found) this.known.set(keyOf(collection, doc.id), doc)
    let lists = this.lists.get(collection)
    if (!lists) this.lists.set(collection, (lists = new Map()))
    lists.set(listKey(options), found)
  }

  /** Documents just written in the transaction: what a later read must see. */
  remember(docs: ReadonlyArray<StoredDocument>): void {
    for (const doc of docs) {
      this.known.set(keyOf(doc.collection, doc.id), doc)
      this.lists.delete(doc.collection)
    }
  }

  /** Documents whose writes were undone: read them from the database next time. */
  forget(docs: ReadonlyArray<StoredDocument>): void {
    for (const doc of docs) {
      this.known.delete(keyOf(doc.collection, doc.id))
      this.lists.delete(doc.collection)
    }
  }
}

/** Ids per query: far below PostgreSQL's 65,535 parameters, and a plan that stays an index lookup. */
const CHUNK = 1000

const keyOf = (collection: string, id: string) => `${collection}/${id}`

const listKey = (options: Pick<ListOptions, 'plantId' | 'fields'>) =>
  JSON.stringify([options.plantId ?? null, options.fields ?? null])
