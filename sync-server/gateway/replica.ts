import type { CollectionName } from '../../shared/sync/collections'
import { deepEqual } from '../../shared/sync/deep-equal'
import { announce } from '../domain/apply-change'
import type { DocumentCache } from '../store/document-cache'
import type { Services } from '../domain/services'
import {
  CUSTOMER_WIDE,
  getDocuments,
  listDocuments,
  writeDocuments,
  writeTransaction,
  type Executor,
  type StoredDocument,
  type WriteInput,
} from '../store/documents'

/**
 * The replica (gateway mode, docs/gateway.md): this server's documents are the authority's, as last
 * read. `reconcile` lays one read of the authority over them and changes only what really differs:
 * a document whose data is equal keeps its revision (devices pull nothing), a changed one gets a new
 * revision, and a document is deleted only when a read that covers its part of the plant completely
 * no longer lists it, or a read by its id answered 404. So the replica changes only when the
 * authority did.
 */
export interface ReplicaDoc {
  readonly collection: CollectionName
  readonly id: string
  readonly data: Record<string, unknown>
  /** Fields the authority's answer lacks: the replica keeps its own values (a Teams URL). */
  readonly keepFields?: ReadonlyArray<string>
}

/** One part of the replica: a collection, narrowed by equality on fields (dotted for nested ones). */
export interface Coverage {
  readonly collection: CollectionName
  readonly fields?: Readonly<Record<string, string>>
}

export interface Snapshot {
  readonly documents: ReadonlyArray<ReplicaDoc>
  /** Parts the read lists completely: their documents it lacks are gone. */
  readonly covers: ReadonlyArray<Coverage>
  /** Documents a read by id found gone. */
  readonly gone: ReadonlyArray<{ readonly collection: CollectionName; readonly id: string }>
}

/** Several reads as one (written in one transaction). */
export const mergeSnapshots = (snapshots: ReadonlyArray<Snapshot>): Snapshot => ({
  documents: snapshots.flatMap((s) => s.documents),
  covers: snapshots.flatMap((s) => s.covers),
  gone: snapshots.flatMap((s) => s.gone),
})

/** The customer-wide collections (users); every other document belongs to the session's plant. */
const plantOf = (collection: CollectionName, plantId: string) =>
  collection === 'users' ? CUSTOMER_WIDE : plantId

/** How a caller of `reconcile` wants it done. */
export interface ReconcileOptions {
  /** The caller expects changes (an action's read-back): straight to the locked pass. */
  readonly expectChanges?: boolean
  /**
   * A change set's view of the replica (apply-upstream.ts, valid inside the customer's queue): the
   * pass without the lock reads through it, and what is written is told to it.
   */
  readonly cache?: DocumentCache
  /**
   * More to write with the result (an action's verdict): in the same transaction when one is
   * opened, else on its own after the comparison.
   */
  readonly alongside?: (
    ex: Executor,
    current: ReadonlyArray<StoredDocument>,
    written: ReadonlyArray<StoredDocument>,
  ) => Promise<void>
  /**
   * Runs before anything is written (a change set's read-backs kept for later, read-backs.ts, go
   * in first: a later read must not be overwritten by an earlier one).
   */
  readonly beforeWrite?: () => Promise<void>
}

/**
 * Writes what differs, in one transaction holding the customer's write lock; answers the current
 * version of every document the snapshot names (written or not, deleted ones as tombstones) and,
 * apart, the ones it wrote. What most reads find — nothing differs — is found without a transaction
 * or the lock: a change seen then is judged again under the lock before anything is written.
 */
export async function reconcile(
  services: Services,
  scope: { readonly customerId: string; readonly plantId: string },
  snapshot: Snapshot,
  { expectChanges = false, cache, alongside, beforeWrite }: ReconcileOptions = {},
): Promise<{
  readonly current: ReadonlyArray<StoredDocument>
  readonly written: ReadonlyArray<StoredDocument>
}> {
  if (!expectChanges) {
    const unlocked = await compare(cache ?? storeReader(services.db, scope.customerId), scope, snapshot)
    if (unlocked.writes.length === 0) {
      const current = [...unlocked.answer.values()]
      await alongside?.(services.db, current, [])
      return { current, written: [] }
    }
  }
  await beforeWrite?.()
  if (expectChanges && isPlainAnswer(snapshot))
    return writeAnswers(services, scope, snapshot, cache, alongside)
  const written: StoredDocument[] = []
  const current = await writeTransaction(services.db, scope.customerId, async (tx) => {
    const { answer, writes } = await compare(storeReader(tx, scope.customerId), scope, snapshot)
    for (const stored of await writeDocuments(tx, writes)) {
      written.push(stored)
      answer.set(key(stored.collection, stored.id), stored)
    }
    const current = [...answer.values()]
    await alongside?.(tx, current, written)
    return current
  })
  cache?.remember(written)
  announce(services, scope.customerId, written)
  return { current, written }
}

/**
 * Documents only (no list that covers a part, nothing gone, no field kept from the replica): what an
 * action's answers and reads by id bring back. Compared by the write itself (writeDocuments'
 * onlyChanged, under the lock and each row's lock), not by a read before it — a statement fewer on
 * every action's read-back; what it leaves equal is then read for the answer.
 */
export const isPlainAnswer = (snapshot: Snapshot): boolean =>
  snapshot.covers.length === 0 &&
  snapshot.gone.length === 0 &&
  snapshot.documents.every((d) => d.keepFields === undefined)

async function writeAnswers(
  services: Services,
  { customerId, plantId }: { readonly customerId: string; readonly plantId: string },
  snapshot: Snapshot,
  cache: DocumentCache | undefined,
  alongside: ReconcileOptions['alongside'],
): Promise<{
  readonly current: ReadonlyArray<StoredDocument>
  readonly written: ReadonlyArray<StoredDocument>
}> {
  // The same document read twice (an answer, then a read of its line): the later read stands.
  const latest = new Map(snapshot.documents.map((d) => [key(d.collection, d.id), d]))
  const writes = [...latest.values()].map((d): WriteInput => ({
    customerId,
    collection: d.collection,
    id: d.id,
    plantId: plantOf(d.collection, plantId),
    data: d.data,
    deleted: false,
  }))
  const result = await writeTransaction(services.db, customerId, async (tx) => {
    const written = await writeDocuments(tx, writes, undefined, { onlyChanged: true })
    const answer = new Map(written.map((d) => [key(d.collection, d.id), d]))
    const equal = writes.filter((w) => !answer.has(key(w.collection, w.id)))
    for (const [collection, ids] of idsByCollection(equal))
      for (const d of await storeReader(tx, customerId).get(collection, ids))
        answer.set(key(d.collection, d.id), d)
    const current = [...latest.keys()].flatMap((k) => answer.get(k) ?? [])
    await alongside?.(tx, current, written)
    return { current, written }
  })
  cache?.remember(result.written)
  announce(services, customerId, result.written)
  return result
}

/** Where `compare` reads the replica's documents: the store (in chunks), or a change set's cache. */
type ReplicaReader = Pick<DocumentCache, 'get' | 'list'>

const storeReader = (ex: Executor, customerId: string): ReplicaReader => ({
  async get(collection, ids) {
    const out: StoredDocument[] = []
    // In chunks: a query has at most 65,535 parameters.
    for (let i = 0; i < ids.length; i += READ_CHUNK)
      out.push(...(await getDocuments(ex, customerId, collection, ids.slice(i, i + READ_CHUNK))))
    return out
  },
  list: (collection, options) => listDocuments(ex, customerId, collection, options),
})

/** What the snapshot changes in the replica as `reader` sees it: the writes, and the unchanged documents. */
async function compare(
  reader: ReplicaReader,
  { customerId, plantId }: { readonly customerId: string; readonly plantId: string },
  snapshot: Snapshot,
): Promise<{ answer: Map<string, StoredDocument>; writes: WriteInput[] }> {
  const held = new Map<string, StoredDocument>()
  const covered = new Set<string>()
  for (const cover of snapshot.covers) {
    const docs = await reader.list(cover.collection, {
      ...(cover.collection === 'users' ? {} : { plantId }),
      ...(cover.fields ? { fields: cover.fields } : {}),
    })
    for (const d of docs) {
      held.set(key(d.collection, d.id), d)
      covered.add(key(d.collection, d.id))
    }
  }
  for (const [collection, ids] of idsByCollection([...snapshot.documents, ...snapshot.gone])) {
    const missing = ids.filter((id) => !held.has(key(collection, id)))
    for (const d of await reader.get(collection, missing)) held.set(key(d.collection, d.id), d)
  }
  const answer = new Map<string, StoredDocument>()
  // Collected, then written in a few statements (a line's thousands of signals in one read).
  const writes: WriteInput[] = []
  const write = (collection: CollectionName, id: string, data: Record<string, unknown>, deleted: boolean) =>
    writes.push({ customerId, collection, id, plantId: plantOf(collection, plantId), data, deleted })
  // The same document read twice (an answer, then a read of its line): the later read stands.
  const latest = new Map(snapshot.documents.map((d) => [key(d.collection, d.id), d]))
  const listed = new Set(latest.keys())
  for (const [k, doc] of latest) {
    const before = held.get(k)
    const live = before && !before.deleted ? before : undefined
    const data = withKeptFields(doc, live)
    if (live && deepEqual(live.data, data)) answer.set(k, live)
    else write(doc.collection, doc.id, data, false)
  }
  const gone = [
    ...snapshot.gone.map((g) => key(g.collection, g.id)),
    ...[...covered].filter((k) => !listed.has(k)),
  ]
  for (const k of new Set(gone)) {
    const before = held.get(k)
    if (!before || listed.has(k)) continue
    if (before.deleted) answer.set(k, before)
    else write(before.collection, before.id, before.data as Record<string, unknown>, true)
  }
  return { answer, writes }
}

function withKeptFields(doc: ReplicaDoc, live: StoredDocument | undefined): Record<string, unknown> {
  if (!doc.keepFields || !live) return doc.data
  const kept = { ...doc.data }
  for (const field of doc.keepFields) {
    const value = (live.data as Record<string, unknown>)[field]
    if (value !== undefined) kept[field] = value
  }
  return kept
}

const key = (collection: string, id: string) => `${collection}/${id}`
const READ_CHUNK = 5000

function idsByCollection(
  refs: ReadonlyArray<{ readonly collection: CollectionName; readonly id: string }>,
): Map<CollectionName, string[]> {
  const out = new Map<CollectionName, string[]>()
  for (const r of refs) {
    const ids = out.get(r.collection)
    if (ids) ids.push(r.id)
    else out.set(r.collection, [r.id])
  }
  return out
}
