import { sql, type Kysely, type Selectable } from 'kysely'
import type { CollectionName } from '../../shared/sync/collections'
import { documentsAsJson, documentsFromJson, type ListOptions, type StoredDocument } from './documents'
import { stepFromRow, type StepRow } from './gateway-steps'
import type { LoggedIntent } from './intent-store'
import type { GatewayStepsTable, Tables } from './tables'

/**
 * What a change set pushed to a gateway needs from its bookkeeping (sync-server/gateway/apply-upstream.ts),
 * in one statement: the verdicts already logged for its actions (intent_log), the steps of those
 * under way (gateway_steps, each action's in order) and the authority's ids for the device ids it
 * names (gateway_ids), and the replica's documents its actions will read (`reads`: the edited line,
 * the actor's plant, the line's monitors). One statement, not six: a device pushes most actions one
 * at a time, and on the embedded database each statement costs about as much as the action's own
 * read-back.
 */
export interface ChangeSetBookkeeping {
  readonly logged: Map<string, LoggedIntent>
  readonly steps: Map<string, ReadonlyArray<StepRow>>
  readonly swaps: Map<string, string>
  /** What each of `reads` found, in its order. */
  readonly documents: ReadonlyArray<ReadonlyArray<StoredDocument>>
}

/** Documents to read with the bookkeeping: by id, or a list as listDocuments reads it. */
export type BookkeepingRead =
  | { readonly collection: CollectionName; readonly ids: ReadonlyArray<string> }
  | { readonly collection: CollectionName; readonly list: Pick<ListOptions, 'plantId' | 'fields'> }

export async function changeSetBookkeeping(
  db: Kysely<Tables>,
  customerId: string,
  actionIds: ReadonlyArray<string>,
  candidates: ReadonlyArray<string>,
  reads: ReadonlyArray<BookkeepingRead> = [],
): Promise<ChangeSetBookkeeping> {
  const documents: Array<ReadonlyArray<StoredDocument>> = []
  const out: ChangeSetBookkeeping = {
    logged: new Map<string, LoggedIntent>(),
    steps: new Map<string, ReadonlyArray<StepRow>>(),
    swaps: new Map<string, string>(),
    documents,
  }
  if (actionIds.length === 0 && candidates.length === 0 && reads.length === 0) return out
  const ids = [...new Set(actionIds)]
  const names = [...new Set(candidates)]
  const { rows } = await sql<{
    logged: ReadonlyArray<readonly [string, LoggedIntent]>
    steps: ReadonlyArray<StepJson>
    swaps: ReadonlyArray<readonly [string, string]>
    documents: ReadonlyArray<unknown>
  }>`
    select
      (select coalesce(json_agg(json_build_array(intent_id, result)), '[]'::json)
         from intent_log
        where customer_id = ${customerId} and intent_id = any(${ids}::text[])) as logged,
      (select coalesce(json_agg(s order by s.action_id, s.step), '[]'::json)
         from gateway_steps s
        where s.customer_id = ${customerId} and s.action_id = any(${ids}::text[])) as steps,
      (select coalesce(json_agg(json_build_array(device_id, authority_id)), '[]'::json)
         from gateway_ids
        where customer_id = ${customerId} and device_id = any(${names}::text[])) as swaps,
      ${reads.length === 0 ? sql`'[]'::json` : sql`json_build_array(${sql.join(reads.map((r) => documentsAsJson(db, customerId, r.collection, r)))})`} as documents
  `.execute(db)
  const row = rows[0]!
  for (const [id, result] of row.logged) out.logged.set(id, result)
  for (const step of row.steps.map(stepFromRow))
    out.steps.set(step.actionId, [...(out.steps.get(step.actionId) ?? []), step])
  for (const [from, to] of row.swaps) out.swaps.set(from, to)
  for (const found of row.documents) documents.push(documentsFromJson(found))
  return out
}

/** A step's row through json_agg: its timestamp as text. */
type StepJson = Omit<Selectable<GatewayStepsTable>, 'updated_at'> & { updated_at: string }
