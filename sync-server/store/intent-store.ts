import { PRIMARY_KEYS } from '../../shared/sync/collections'
import type { LoadedDocument } from '../../shared/intents/doc-set'
import type { DocumentRead } from '../../shared/intents/intent'
import type { FieldConflictRecord } from '../../shared/sync/intent-protocol'
import { getDocuments, isVisibleIn, listDocuments, type Executor, type Scope } from './documents'

/**
 * What the intent host reads and records: the documents an intent asks for (only the customer's,
 * only the session plant's or customer-wide, never deleted ones), and the log of applied intents.
 */
export async function loadReads(
  ex: Executor,
  scope: Scope,
  reads: ReadonlyArray<DocumentRead>,
): Promise<ReadonlyArray<LoadedDocument>> {
  const out: LoadedDocument[] = []
  // One after the other: inside a transaction they share its single connection.
  for (const read of reads) {
    const docs =
      'ids' in read
        ? (await getDocuments(ex, scope.customerId, read.collection, read.ids)).filter((d) =>
            isVisibleIn(d, scope),
          )
        : await listDocuments(ex, scope.customerId, read.collection, {
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

export async function findLoggedIntent(
  ex: Executor,
  customerId: string,
  intentId: string,
): Promise<LoggedIntent | undefined> {
  const row = await ex
    .selectFrom('intent_log')
    .select('result')
    .where('customer_id', '=', customerId)
    .where('intent_id', '=', intentId)
    .executeTakeFirst()
  return row ? (row.result as unknown as LoggedIntent) : undefined
}

export async function logIntent(
  ex: Executor,
  customerId: string,
  intentId: string,
  result: LoggedIntent,
): Promise<void> {
  await ex
    .insertInto('intent_log')
    .values({ customer_id: customerId, intent_id: intentId, result: JSON.stringify(result) })
    .onConflict((oc) => oc.columns(['customer_id', 'intent_id']).doNothing())
    .execute()
}
