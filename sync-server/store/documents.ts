import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely'
import { COLLECTIONS, PRIMARY_KEYS, type CollectionName } from '../../shared/sync/collections'
import type { ReplicatedDocument } from '../../shared/sync/protocol'
import type { Tables } from './tables'

/**
 * Access to the `documents` table. Every read and write names the customer, so no query can reach
 * another tenant's rows; the plant narrows further where the caller has one.
 */
export type Executor = Kysely<Tables> | Transaction<Tables>

export interface StoredDocument<T = Record<string, unknown>> {
  readonly collection: CollectionName
  readonly id: string
  readonly plantId: string
  readonly seq: number
  readonly revision: number
  readonly updatedAt: string
  readonly deleted: boolean
  readonly data: T
}

/** Plant id of documents every plant of the customer sees (users). */
export const CUSTOMER_WIDE = '*'

/** Who reads: a customer, and the plant of the session within it. */
export interface Scope {
  readonly customerId: string
  readonly plantId: string
}

/**
 * The one visibility rule: a live document of the scope's plant, or a customer-wide one. Another
 * plant's or customer's document, or a deleted one, is as absent as one that never existed.
 */
export const isVisibleIn = (doc: StoredDocument<unknown>, scope: Scope): boolean =>
  !doc.deleted && (doc.plantId === CUSTOMER_WIDE || doc.plantId === scope.plantId)

/** A document by id when it is visible in the scope (see isVisibleIn). */
export async function findVisibleDocument<T = Record<string, unknown>>(
  ex: Executor,
  scope: Scope,
  collection: CollectionName,
  id: string,
): Promise<StoredDocument<T> | undefined> {
  if (id === '') return undefined
  const doc = await getDocument<T>(ex, scope.customerId, collection, id)
  return doc && isVisibleIn(doc, scope) ? doc : undefined
}

type Row = {
  collection: string
  id: string
  plant_id: string
  seq: string
  revision: number
  updated_at: Date
  deleted: boolean
  data: Record<string, unknown>
}

const fromRow = <T>(r: Row): StoredDocument<T> => fromFields<T>(r, r.updated_at.toISOString())

/** A row's columns as a StoredDocument, its time already as Date.toISOString() writes it. */
const fromFields = <T>(r: Omit<Row, 'updated_at'>, updatedAt: string): StoredDocument<T> => ({
  collection: r.collection as CollectionName,
  id: r.id,
  plantId: r.plant_id,
  seq: Number(r.seq),
  revision: r.revision,
  updatedAt,
  deleted: r.deleted,
  data: r.data as T,
})

const columns = ['collection', 'id', 'plant_id', 'seq', 'revision', 'updated_at', 'deleted', 'data'] as const

export async function getDocument<T = Record<string, unknown>>(
  ex: Executor,
  customerId: string,
  collection: CollectionName,
  id: string,
): Promise<StoredDocument<T> | undefined> {
  const row = await ex
    .selectFrom('documents')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('collection', '=', collection)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? fromRow<T>(row as Row) : undefined
}

/** Several documents by id (missing ones are simply absent). */
export async function getDocuments<T = Record<string, unknown>>(
  ex: Executor,
  customerId: string,
  collection: CollectionName,
  ids: ReadonlyArray<string>,
): Promise<ReadonlyArray<StoredDocument<T>>> {
  if (ids.length === 0) return []
  const rows = await idsQuery(ex, customerId, collection, ids).execute()
  return rows.map((r) => fromRow<T>(r as Row))
}

/** getDocuments' query (ids not empty). */
const idsQuery = (ex: Executor, customerId: string, collection: CollectionName, ids: ReadonlyArray<string>) =>
  ex
    .selectFrom('documents')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('collection', '=', collection)
    .where('id', 'in', [...new Set(ids)])

export interface ListOptions {
  /** Restrict to one plant (customer-wide documents are included). */
  readonly plantId?: string
  readonly includeDeleted?: boolean
  /** Equality filters on JSON fields of the data, e.g. { lineId: 'L1' } or { 'monitor_filter.line_uuid': 'L1' }. */
  readonly fields?: Readonly<Record<string, string | boolean>>
}

export async function listDocuments<T = Record<string, unknown>>(
  ex: Executor,
  customerId: string,
  collection: CollectionName,
  options: ListOptions = {},
): Promise<ReadonlyArray<StoredDocument<T>>> {
  const rows = await listQuery(ex, customerId, collection, options).orderBy('seq').execute()
  return rows.map((r) => fromRow<T>(r as Row))
}

/** listDocuments' query, unordered (its rows' columns as fromRow reads them). */
function listQuery(ex: Executor, customerId: string, collection: CollectionName, options: ListOptions) {
  let q = ex
    .selectFrom('documents')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('collection', '=', collection)
  if (options.plantId) q = q.where('plant_id', 'in', [options.plantId, CUSTOMER_WIDE])
  if (!options.includeDeleted) q = q.where('deleted', '=', false)
  for (const [field, value] of Object.entries(options.fields ?? {})) {
    // The key is inlined (not a parameter) so PostgreSQL can use the expression indexes of
    // migrations 2 and 3; keys come from our code, never from a request, and are checked anyway.
    // A dotted key ('monitor_filter.line_uuid') names a nested field.
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field)) {
      throw new Error(`not a field name: ${field}`)
    }
    const path = field.split('.')
    q =
      path.length === 1
        ? q.where(sql`data->>${sql.lit(field)}`, '=', String(value))
        : q.where(sql`data #>> ${sql.lit(`{${path.join(',')}}`)}`, '=', String(value))
  }
  return q
}

/**
 * What getDocuments (`ids`) or listDocuments (`list`) would answer, as ONE JSON array in sequence
 * order, to be a column of a statement that reads several things at once (a gateway's change set,
 * store/gateway-bookkeeping.ts): on the embedded database each statement costs about as much as
 * the rows it reads. `documentsFromJson` reads it back into the same StoredDocuments.
 */
export function documentsAsJson(
  ex: Executor,
  customerId: string,
  collection: CollectionName,
  read: { readonly ids: ReadonlyArray<string> } | { readonly list: Pick<ListOptions, 'plantId' | 'fields'> },
): RawBuilder<unknown> {
  if ('ids' in read && read.ids.length === 0) return sql`'[]'::json`
  const q =
    'ids' in read
      ? idsQuery(ex, customerId, collection, read.ids)
      : listQuery(ex, customerId, collection, read.list)
  return sql`(select coalesce(json_agg(json_build_object(
      'collection', d.collection, 'id', d.id, 'plant_id', d.plant_id, 'seq', d.seq::text,
      'revision', d.revision, 'updated_at', ${isoTime}, 'deleted', d.deleted, 'data', d.data
    ) order by d.seq), '[]'::json) from (${q}) d)`
}

/** The documents of a `documentsAsJson` column, as getDocuments and listDocuments answer them. */
export function documentsFromJson(json: unknown): StoredDocument[] {
  // The time is written by the database as Date.toISOString() writes it (isoTime).
  return (json as ReadonlyArray<Omit<Row, 'updated_at'> & { updated_at: string }>).map((r) =>
    fromFields(r, r.updated_at),
  )
}

export interface WriteInput {
  readonly customerId: string
  readonly collection: CollectionName
  readonly id: string
  readonly plantId: string
  readonly data: Record<string, unknown>
  readonly deleted?: boolean
}

/**
 * Inserts or replaces a document, taking the next sequence number and bumping the revision.
 * Must run inside `writeTransaction`, which orders writes per customer so that sequence order is
 * commit order — otherwise a pull could pass over a row whose transaction commits late.
 */
export async function writeDocument<T = Record<string, unknown>>(
  tx: Transaction<Tables>,
  input: WriteInput,
): Promise<StoredDocument<T>> {
  const [stored] = await writeDocuments(tx, [input])
  return stored as StoredDocument<T>
}

/**
 * `writeDocument` for many documents at once (a gateway's replica taking a line's signals from its
 * authority, sync-server/gateway/replica.ts): the same sequence, revision and time rules, a few
 * hundred rows a statement. Answers the stored rows in the order given. Ids must not repeat.
 *
 * `onlyChanged`: a document whose data and deletion are equal (jsonb equality: key order aside, as
 * deepEqual) is left as it is — same revision, same sequence — and not answered; the comparison made by the write itself, under
 * the row's lock, instead of a read before it (replica.ts). Answers only the rows written.
 */
export async function writeDocuments(
  tx: Transaction<Tables>,
  inputs: ReadonlyArray<WriteInput>,
  chunkSize = 500,
  { onlyChanged = false }: { readonly onlyChanged?: boolean } = {},
): Promise<ReadonlyArray<StoredDocument>> {
  const out: StoredDocument[] = []
  for (let i = 0; i < inputs.length; i += chunkSize) {
    const chunk = inputs.slice(i, i + chunkSize)
    const rows = await tx
      .insertInto('documents')
      .values(
        chunk.map((input) => ({
          customer_id: input.customerId,
          collection: input.collection,
          id: input.id,
          plant_id: input.plantId,
          seq: sql<string>`nextval('documents_seq')`,
          revision: 1,
          updated_at: sql<Date>`clock_timestamp()`,
          deleted: input.deleted ?? false,
          data: JSON.stringify(input.data),
        })),
      )
      .onConflict((oc) => {
        const update = oc.columns(['customer_id', 'collection', 'id']).doUpdateSet({
          plant_id: sql<string>`excluded.plant_id`,
          seq: sql<string>`nextval('documents_seq')`,
          revision: sql<number>`documents.revision + 1`,
          updated_at: sql<Date>`clock_timestamp()`,
          deleted: sql<boolean>`excluded.deleted`,
          data: sql<string>`excluded.data`,
        })
        return onlyChanged
          ? update.where(
              sql<boolean>`documents.deleted <> excluded.deleted or documents.data <> excluded.data`,
            )
          : update
      })
      .returning(columns)
      .execute()
    const byKey = new Map(
      rows.map((r) => [`${r.collection}/${r.id}`, fromRow<Record<string, unknown>>(r as Row)]),
    )
    for (const input of chunk) {
      const stored = byKey.get(`${input.collection}/${input.id}`)
      if (stored) out.push(stored)
      else if (!onlyChanged) throw new Error(`${input.collection}/${input.id} was not written`)
    }
  }
  return out
}

/** Runs `fn` in a transaction that holds the customer's write lock until commit. */
export async function writeTransaction<R>(
  db: Kysely<Tables>,
  customerId: string,
  fn: (tx: Transaction<Tables>) => Promise<R>,
): Promise<R> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${customerId}))`.execute(tx)
    return fn(tx)
  })
}

/**
 * One intent's mark inside a change set's transaction (sync-server/domain/intent-step.ts): rolling
 * back to it undoes that intent's writes only. One name, taken and released in turn: never nested.
 */
export async function takeSavepoint(tx: Transaction<Tables>): Promise<void> {
  await sql`savepoint intent`.execute(tx)
}

export async function rollbackToSavepoint(tx: Transaction<Tables>): Promise<void> {
  await sql`rollback to savepoint intent`.execute(tx)
}

export async function releaseSavepoint(tx: Transaction<Tables>): Promise<void> {
  await sql`release savepoint intent`.execute(tx)
}

/** One page of a pull: the documents after a sequence number, in sequence order. */
export interface PullQuery {
  readonly customerId: string
  readonly collection: CollectionName
  readonly plantId: string
  readonly afterSeq: number
  readonly limit: number
  /** Only one line's documents: `field` is the collection's line field (LINE_FIELDS), from our code. */
  readonly line?: { readonly field: string; readonly lineId: string }
}

/** A pull page's documents, through the (customer, collection, seq) index. */
export async function pullDocuments(ex: Executor, query: PullQuery): Promise<ReadonlyArray<StoredDocument>> {
  const rows = await pullPage(ex, query).select(columns).execute()
  return rows.map((r) => fromRow(r as Row))
}

/** A pull page as JSON text: its documents, comma-separated, and the sequence of the last one. */
export interface ReplicatedPage {
  /** The documents' JSON, each in its replicated form (toReplicated), joined by commas. */
  readonly json: string
  readonly count: number
  /** The last document's sequence number; undefined when the page is empty. */
  readonly lastSeq: number | undefined
}

/**
 * The same page as pullDocuments, each document already in its replicated form (toReplicated:
 * the data, with its primary key, `updatedAt` as JavaScript's ISO string, `revision` and
 * `_deleted`), joined by the database into ONE row. A first sync of a large plant is mostly these
 * pages. Parsing each stored row into objects and serialising it again took over a third of the
 * server's time; then handing each row over separately did: PGlite passes every row through the
 * wire protocol and two JavaScript parsers (its own and pg's), ~7 µs a row; then rendering each
 * row's JSON in the query did (0.78 s of the database's CPU for 100,000 signals), so the row keeps
 * it, rendered when written (the `json` column, migration 7): 0.22 s (docs/architecture.md).
 * Not for collections with a redaction rule: that rule is code (collection-rules.ts).
 * Invariant: JSON.parse(`[${json}]`) deep-equals toReplicated of each stored row, in sequence
 * order — tested on both databases.
 */
export async function pullReplicatedPage(ex: Executor, query: PullQuery): Promise<ReplicatedPage> {
  const page = pullPage(ex, query).select(['seq', 'json']).as('page')
  const row = await ex
    .selectFrom(page)
    .select([
      sql<string | null>`max(page.seq)`.as('last'),
      sql<string>`count(*)`.as('count'),
      sql<string | null>`string_agg(page.json, ',' order by page.seq)`.as('json'),
    ])
    .executeTakeFirstOrThrow()
  return {
    json: row.json ?? '',
    count: Number(row.count),
    lastSeq: row.last === null ? undefined : Number(row.last),
  }
}

/** `updated_at` as `Date.toISOString()` writes it (UTC, milliseconds, 'Z'). */
const isoTime = sql`to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The rows of a pull page, in sequence order and limited; the caller selects the columns. */
function pullPage(ex: Executor, { customerId, collection, plantId, afterSeq, limit, line }: PullQuery) {
  let q = ex
    .selectFrom('documents')
    .where('customer_id', '=', customerId)
    .where('collection', '=', collection)
    .where('seq', '>', String(afterSeq))
    .where('plant_id', 'in', [plantId, CUSTOMER_WIDE])
  // Inlined like listDocuments' fields so the line expression indexes (migrations 2 and 3) serve it.
  if (line) q = q.where(sql`data->>${sql.lit(fieldName(line.field))}`, '=', line.lineId)
  return q.orderBy('seq').limit(limit)
}

function fieldName(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`not a field name: ${field}`)
  return field
}

/** What the client is told about a document the server does not have (or it may not see): deleted. */
export function deletedStub(collection: CollectionName, id: string): StoredDocument {
  return {
    collection,
    id,
    plantId: '',
    seq: 0,
    revision: 0,
    updatedAt: new Date(0).toISOString(),
    deleted: true,
    data: {},
  }
}

/** The replicated form: entity fields, the id under the collection's key, and the server fields. */
export function toReplicated(
  doc: StoredDocument,
  redact?: (data: Record<string, unknown>) => Record<string, unknown>,
): ReplicatedDocument {
  const data = redact ? redact(doc.data as Record<string, unknown>) : (doc.data as Record<string, unknown>)
  return {
    ...data,
    [PRIMARY_KEYS[doc.collection]]: doc.id,
    updatedAt: doc.updatedAt,
    revision: doc.revision,
    _deleted: doc.deleted,
  }
}

/** Inserts many new documents at once (the seed, benchmarks); same sequence rules as writeDocument. */
export async function insertDocuments(
  tx: Transaction<Tables>,
  customerId: string,
  docs: ReadonlyArray<{
    collection: CollectionName
    id: string
    plantId: string
    data: Record<string, unknown>
  }>,
  chunkSize = 1000,
): Promise<void> {
  for (let i = 0; i < docs.length; i += chunkSize) {
    const chunk = docs.slice(i, i + chunkSize)
    await tx
      .insertInto('documents')
      .values(
        chunk.map((d) => ({
          customer_id: customerId,
          collection: d.collection,
          id: d.id,
          plant_id: d.plantId,
          seq: sql<string>`nextval('documents_seq')`,
          revision: 1,
          updated_at: sql<Date>`clock_timestamp()`,
          deleted: false,
          data: JSON.stringify(d.data),
        })),
      )
      .execute()
  }
}

/**
 * Each collection's newest write sequence for the customer (0: it has none), and the newest of them
 * all, over the replicated collections, which are all the table holds: where a new change stream
 * starts.
 */
export async function latestSeqs(
  ex: Executor,
  customerId: string,
): Promise<{ readonly all: number; readonly of: Readonly<Record<CollectionName, number>> }> {
  // Each collection's newest through the pull index (one index probe each), not a scan of every
  // row of the customer (~0.1 s for 100,000 signals, at every stream a device opens).
  const rows = await sql<{ collection: CollectionName; seq: string | null }>`
    select c as collection,
           (select max(seq) from documents where customer_id = ${customerId} and collection = c) as seq
      from unnest(${sql.val([...COLLECTIONS])}::text[]) as c`.execute(ex)
  const of = Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<CollectionName, number>
  for (const row of rows.rows) of[row.collection] = Number(row.seq ?? 0)
  return { all: Math.max(0, ...Object.values(of)), of }
}

/**
 * How many documents (tombstones included, as a pull sends them) each collection holds for a plant:
 * a device's first sync measures its progress against it.
 */
export async function countPlantDocuments(
  ex: Executor,
  customerId: string,
  plantId: string,
): Promise<Partial<Record<CollectionName, number>>> {
  // Kept by the database as rows are written (migration 8), not counted here.
  const rows = await ex
    .selectFrom('document_counts')
    .select(['collection', sql<string>`sum(n)`.as('n')])
    .where('customer_id', '=', customerId)
    .where('plant_id', 'in', [plantId, CUSTOMER_WIDE])
    .groupBy('collection')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.collection, Number(r.n)]))
}

/** Refreshes the planner's statistics after a bulk load (the seed), so first queries use the indexes. */
export async function analyzeDocuments(ex: Executor): Promise<void> {
  await sql`analyze documents`.execute(ex)
}
