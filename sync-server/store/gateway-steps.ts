import type { Kysely, Selectable } from 'kysely'
import type { GatewayStepsTable, Tables } from './tables'

/**
 * The step log of gateway mode (docs/gateway.md): one row per call an action's upstream plan makes,
 * written before the call ('sent') and after it ('done' with what the answer left, or 'refused'),
 * and while an earlier call is taken back ('undone', or 'undo-pending' until the authority answers).
 * A row left 'sent' means the call's outcome is unknown: it is resolved by reading the authority.
 * Each write is its own statement: never a transaction held across a call to the authority.
 */
export type StepState = 'sent' | 'done' | 'refused' | 'undone' | 'undo-pending' | 'undo-failed'

export interface StepRow {
  readonly customerId: string
  readonly actionId: string
  readonly step: number
  readonly name: string
  readonly state: StepState
  readonly userId: string
  readonly plantId: string
  readonly result: unknown
  readonly undo: unknown
  /** Step 0: what the action was judged on (see the tables' comment). */
  readonly input: unknown
  readonly attempts: number
  readonly updatedAt: Date
}

export interface StepKey {
  readonly customerId: string
  readonly actionId: string
  readonly step: number
}

/** Every step of an action, in order. */
export async function stepsOf(
  db: Kysely<Tables>,
  customerId: string,
  actionId: string,
): Promise<ReadonlyArray<StepRow>> {
  const rows = await db
    .selectFrom('gateway_steps')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('action_id', '=', actionId)
    .orderBy('step')
    .execute()
  return rows.map(stepFromRow)
}

/** Records a step's state (inserting its row the first time). */
export async function recordStep(
  db: Kysely<Tables>,
  key: StepKey & { readonly name: string; readonly userId: string; readonly plantId: string },
  state: StepState,
  values: { readonly result?: unknown; readonly undo?: unknown; readonly input?: unknown } = {},
): Promise<void> {
  const result = values.result === undefined ? null : JSON.stringify(values.result)
  const undo = values.undo === undefined ? null : JSON.stringify(values.undo)
  const input = values.input === undefined ? null : JSON.stringify(values.input)
  await db
    .insertInto('gateway_steps')
    .values({
      customer_id: key.customerId,
      action_id: key.actionId,
      step: key.step,
      name: key.name,
      state,
      user_id: key.userId,
      plant_id: key.plantId,
      result,
      undo,
      input,
      attempts: 1,
    })
    .onConflict((oc) =>
      oc.columns(['customer_id', 'action_id', 'step']).doUpdateSet((eb) => ({
        state,
        ...(values.result === undefined ? {} : { result }),
        ...(values.undo === undefined ? {} : { undo }),
        attempts: eb('gateway_steps.attempts', '+', state === 'sent' || state === 'undo-pending' ? 1 : 0),
        updated_at: new Date(),
      })),
    )
    .execute()
}

/** Steps in a state, oldest first (the undo retrier's work; the status route's report). */
export async function stepsInState(
  db: Kysely<Tables>,
  states: ReadonlyArray<StepState>,
  customerId?: string,
): Promise<ReadonlyArray<StepRow>> {
  let q = db
    .selectFrom('gateway_steps')
    .selectAll()
    .where('state', 'in', [...states])
  if (customerId !== undefined) q = q.where('customer_id', '=', customerId)
  const rows = await q.orderBy('updated_at').execute()
  return rows.map(stepFromRow)
}

type Row = Selectable<GatewayStepsTable>

/** A step's row as the table holds it; `updated_at` may come as JSON's text (gateway-bookkeeping.ts). */
export const stepFromRow = (r: Omit<Row, 'updated_at'> & { updated_at: Date | string }): StepRow => ({
  customerId: r.customer_id,
  actionId: r.action_id,
  step: r.step,
  name: r.name,
  state: r.state as StepState,
  userId: r.user_id,
  plantId: r.plant_id,
  result: r.result,
  undo: r.undo,
  input: r.input,
  attempts: r.attempts,
  updatedAt: new Date(r.updated_at),
})

/** The action has its verdict: what it was judged on is no longer needed to resume it. */
export async function forgetJudgedInput(
  db: Kysely<Tables>,
  customerId: string,
  actionId: string,
): Promise<void> {
  await db
    .updateTable('gateway_steps')
    .set({ input: null })
    .where('customer_id', '=', customerId)
    .where('action_id', '=', actionId)
    .where('step', '=', 0)
    .execute()
}

/**
 * Steps settled before `before` (done, refused, undone): once an action's verdict is logged its
 * retries are answered from the intent log, so its steps only matter while that may not be so.
 * Unresolved ('sent') and waiting undos stay until they are resolved. Answers how many went.
 */
export async function pruneSettledSteps(db: Kysely<Tables>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('gateway_steps')
    .where('state', 'in', ['done', 'refused', 'undone'])
    .where('updated_at', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
