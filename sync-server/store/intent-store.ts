import { PRIMARY_KEYS } from '../../shared/sync/collections'
import type { LoadedDocument } from '../../shared/intents/doc-set'
import type { DocumentRead } from '../../shared/intents/intent'
import type { FieldConflictRecord } from '../../shared/sync/intent-protocol'
import { sql, type Kysely } from 'kysely'
import type { DocumentCache } from './document-cache'
import type { Tables } from './tables'
import { isVisibleIn, type Executor, type Scope } from './documents'

/**
 * What the intent host reads and records: the documents an intent asks for (only the customer's,
 * only the session plant's or customer-wide, never deleted ones; through the transaction's cache,
 * document-cache.ts), and the log of applied intents.
 */
export async function loadReads(
  scope: Scope,
  reads: ReadonlyArray<DocumentRead>,
  cache: DocumentCache,
): Promise<ReadonlyArray<LoadedDocument>> {
  const out: LoadedDocument[] = []
  // One after the other: inside a transaction they share its single connection.
  for (const read of reads) {
    const docs =
      'ids' in read
        ? (await cache.get(read.collection, read.ids)).filter((d) => isVisibleIn(d, scope))
        : await cache.list(read.collection, {
            plantId: scope.plantId,
            ...('where' in read ? { fields: read.where } : {}),
          })
    const pk = PRIMARY_KEYS[read.collection]
    for (const d of docs) out.push({ collection: d.collection, id: d.id, data: { ...d.data, [pk]: d.id } })
  }
  return out
}

/**
 * The verdict on a pushed intent: the documents an applied one wrote, by reference (enough to answer
 * a retry with their current state), or the refusal a refused one got.
 */
export interface LoggedIntent {
  readonly written?: ReadonlyArray<{ readonly collection: string; readonly id: string }>
  readonly refused?: LoggedRefusal
  /** Gateway mode: ids the authority gave documents the action created (device id → authority id). */
  readonly replacedIds?: Readonly<Record<string, string>>
  /** The request an Idempotency-Key was first used for (http/idempotency-key.ts). */
  readonly fingerprint?: string
}

export type LoggedRefusal =
  | { readonly status: 'conflict'; readonly conflicts: ReadonlyArray<FieldConflictRecord> }
  | {
      readonly status: 'rejected'
      readonly error: {
        readonly status: number
        readonly code: string
        readonly message: string
        readonly details?: Readonly<Record<string, unknown>>
      }
    }

/** The verdicts already given to any of `intentIds` (one query for a whole change set). */
export async function findLoggedIntents(
  ex: Executor,
  customerId: string,
  intentIds: ReadonlyArray<string>,
): Promise<Map<string, LoggedIntent>> {
  const found = new Map<string, LoggedIntent>()
  if (intentIds.length === 0) return found
  const rows = await ex
    .selectFrom('intent_log')
    .select(['intent_id', 'result'])
    .where('customer_id', '=', customerId)
    .where('intent_id', 'in', [...new Set(intentIds)])
    .execute()
  for (const row of rows) found.set(row.intent_id, row.result as unknown as LoggedIntent)
  return found
}

/** Records several verdicts at once; an id already logged keeps its first verdict. */
export async function logIntents(
  ex: Executor,
  customerId: string,
  entries: ReadonlyArray<{ readonly intentId: string; readonly result: LoggedIntent }>,
): Promise<void> {
  if (entries.length === 0) return
  await ex
    .insertInto('intent_log')
    .values(
      entries.map((e) => ({
        customer_id: customerId,
        intent_id: e.intentId,
        result: JSON.stringify(e.result),
      })),
    )
    .onConflict((oc) => oc.columns(['customer_id', 'intent_id']).doNothing())
    .execute()
}

/**
 * Deletes the verdicts logged more than `days` days ago (by the database's clock, which stamped
 * them), every customer's alike: a retry of one of them is judged again as a new action. In batches
 * of `batch` rows, each its own statement, so on PGlite (which computes on the server's own thread)
 * requests are answered between them; then VACUUM makes the space reusable (PGlite runs no
 * autovacuum). No index on created_at, which every push would pay for: a daily pass deletes a
 * day's worth of rows, a few batches each scanning a table this rule keeps bounded. Answers how many went.
 */
export async function pruneIntentLog(db: Kysely<Tables>, days: number, batch = 5000): Promise<number> {
  let deleted = 0
  for (;;) {
    const result = await sql`
      delete from intent_log where ctid in (
        select ctid from intent_log where created_at < now() - make_interval(days => ${days}) limit ${batch})`.execute(
      db,
    )
    const n = Number(result.numAffectedRows ?? 0)
    deleted += n
    if (n < batch) break
  }
  if (deleted > 0) await sql`vacuum intent_log`.execute(db)
  return deleted
}
