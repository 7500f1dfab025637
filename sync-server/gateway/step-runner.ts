import type { Kysely } from 'kysely'
import { recordStep, stepsOf, type StepKey, type StepRow } from '../store/gateway-steps'
import type { Tables } from '../store/tables'
import {
  AuthorityRefusal,
  AuthorityUnauthorized,
  type AuthorityClient,
  type AuthorityRequest,
} from './authority-client'
import { AuthorityUnavailable } from '../domain/domain-error'
import { NOT_DONE, type ProbeRead, type Step, type StepResult } from './plan'

/**
 * Runs an action's upstream calls (plan.ts) with the step log (store/gateway-steps.ts). The rules,
 * which docs/gateway.md states for the reader:
 * - each call is logged 'sent' before it leaves and 'done' (with what its answer left) or 'refused'
 *   after; no database transaction is open meanwhile — except a plan's lone call that only sets
 *   values, which the log would not change (isLoneSetter);
 * - each call carries `Idempotency-Key: <action id>:<step>`;
 * - a retry of the action (the device sends it again; the server restarted) skips the calls logged
 *   'done' and uses what they left; a call left 'sent' — its answer lost, or the gateway gone before
 *   it came — is resolved by the step's probe, a read of the authority, before anything is sent
 *   again; a step without a probe sets values and is sent again with the same key;
 * - an answer the step does not expect (plan.ts `expects`: not what the shared schemas read) leaves
 *   the step 'sent' and goes up as AuthorityMalformed, like an answer lost;
 * - a call refused: the calls before it are taken back, last first ('undone'); an undo the authority
 *   does not answer is left 'undo-pending' for the retrier (undo-retrier.ts), never forgotten;
 * - the authority unreachable: the error goes up (the device keeps the action pending) and the log
 *   says where the action stands.
 */
export interface StepRunContext {
  readonly db: Kysely<Tables>
  readonly client: AuthorityClient
  readonly cookie: string
  readonly customerId: string
  readonly userId: string
  readonly plantId: string
  readonly actionId: string
}

export type StepsOutcome =
  | {
      readonly status: 'done'
      readonly results: ReadonlyArray<StepResult>
      /**
       * Some result is an earlier attempt's answer, kept in the step log: what it says of the
       * authority may be out of date by now, so the caller reads the authority instead of trusting it.
       */
      readonly replayed: boolean
    }
  | { readonly status: 'refused'; readonly refusal: AuthorityRefusal }

export async function runSteps(
  ctx: StepRunContext,
  steps: ReadonlyArray<Step>,
  /** What the action was judged on, kept with its first step (apply-upstream.ts resumes from it). */
  input: unknown,
  logged: ReadonlyArray<StepRow>,
): Promise<StepsOutcome> {
  if (steps.length === 0) return { status: 'done', results: [], replayed: false }
  const refusedBefore = logged.find((r) => r.state === 'refused')
  if (refusedBefore) {
    // Refused on an earlier attempt: finish taking back what was done (a crash may have cut it short).
    await undoBefore(ctx, refusedBefore.step)
    return { status: 'refused', refusal: refusalFrom(refusedBefore.result) }
  }
  if (logged.length === 0 && isLoneSetter(steps)) return runLoneSetter(ctx, steps[0]!)
  const byStep = new Map(logged.map((r) => [r.step, r]))
  const results: StepResult[] = []
  let replayed = false
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!
    const row = byStep.get(i)
    const key = stepKey(ctx, i, step.name)
    if (row?.state === 'done') {
      results.push(row.result)
      replayed = true
      continue
    }
    if (row?.state === 'sent' && step.probe) {
      const probed = await step.probe(probeRead(ctx), results)
      if (probed !== NOT_DONE) {
        await recordStep(ctx.db, key, 'done', {
          result: probed ?? null,
          undo: step.undo?.(probed, results) ?? null,
        })
        results.push(probed)
        continue
      }
    }
    await recordStep(ctx.db, key, 'sent', i === 0 && !row && input !== undefined ? { input } : {})
    let result: StepResult
    try {
      const answer = await ctx.client.request(ctx.cookie, step.request(results), {
        idempotencyKey: `${ctx.actionId}:${i}`,
      })
      result = answer.body ?? null
      step.expects?.(result) // malformed: thrown before 'done' is recorded
    } catch (err) {
      if (!(err instanceof AuthorityRefusal)) throw err // unreachable or signed out: the step stays 'sent'
      await recordStep(ctx.db, key, 'refused', { result: refusalJson(err) })
      await undoBefore(ctx, i)
      return { status: 'refused', refusal: err }
    }
    await recordStep(ctx.db, key, 'done', { result, undo: step.undo?.(result, results) ?? null })
    results.push(result)
  }
  return { status: 'done', results, replayed }
}

/**
 * A plan of one call that only sets values: no probe (sent again, it leaves the same state), nothing
 * created (so nothing judged to keep), and nothing before it to take back if it is refused. Its step
 * log would change nothing: after a crash the retry sends it again with the same Idempotency-Key,
 * as a row left 'sent' would have it do, and a refusal has nothing to undo. So it is not logged —
 * two statements fewer on the gateway's database for most actions (docs/gateway.md).
 */
const isLoneSetter = (steps: ReadonlyArray<Step>): boolean =>
  steps.length === 1 && steps[0]!.probe === undefined && steps[0]!.creates === undefined

async function runLoneSetter(ctx: StepRunContext, step: Step): Promise<StepsOutcome> {
  try {
    const answer = await ctx.client.request(ctx.cookie, step.request([]), {
      idempotencyKey: `${ctx.actionId}:0`,
    })
    const result = answer.body ?? null
    step.expects?.(result) // malformed: no success, the device keeps the action and sends it again
    return { status: 'done', results: [result], replayed: false }
  } catch (err) {
    if (err instanceof AuthorityRefusal) return { status: 'refused', refusal: err }
    throw err
  }
}

/** Takes back the done steps before `refused`, last first; what the authority does not answer waits. */
async function undoBefore(ctx: StepRunContext, refused: number): Promise<void> {
  const rows = (await stepsOf(ctx.db, ctx.customerId, ctx.actionId)).filter(
    (r) => r.step < refused && (r.state === 'done' || r.state === 'undo-pending'),
  )
  let waiting = false
  for (const row of [...rows].reverse()) {
    if (!waiting) {
      const outcome = await undoStep(ctx.client, ctx.cookie, row)
      if (outcome !== 'unreachable') {
        await recordStep(ctx.db, keyOf(row), outcome)
        continue
      }
      waiting = true
    }
    // Undos keep their order: once one waits, the earlier ones wait behind it.
    await recordStep(ctx.db, keyOf(row), 'undo-pending')
  }
}

/**
 * One step's undo calls. 404 counts as undone (what was to be removed is gone); another refusal is
 * 'undo-failed' and reported; no answer is 'unreachable' (tried again later).
 */
export async function undoStep(
  client: AuthorityClient,
  cookie: string,
  row: StepRow,
): Promise<'undone' | 'undo-failed' | 'unreachable'> {
  const calls = (Array.isArray(row.undo) ? row.undo : []) as ReadonlyArray<AuthorityRequest>
  try {
    for (let k = 0; k < calls.length; k++) {
      try {
        await client.request(cookie, calls[k]!, { idempotencyKey: `${row.actionId}:${row.step}:undo:${k}` })
      } catch (err) {
        if (err instanceof AuthorityRefusal && err.status === 404) continue
        throw err
      }
    }
    return 'undone'
  } catch (err) {
    if (err instanceof AuthorityUnavailable || err instanceof AuthorityUnauthorized) return 'unreachable'
    console.error(
      `gateway: the undo of step ${row.step} (${row.name}) of action ${row.actionId} was refused:`,
      err instanceof Error ? err.message : err,
    )
    return 'undo-failed'
  }
}

function probeRead(ctx: StepRunContext): ProbeRead {
  return async (request) => {
    try {
      return (await ctx.client.request(ctx.cookie, request)).body
    } catch (err) {
      if (err instanceof AuthorityRefusal && err.status === 404) return undefined
      throw err
    }
  }
}

const stepKey = (ctx: StepRunContext, step: number, name: string) => ({
  customerId: ctx.customerId,
  actionId: ctx.actionId,
  step,
  name,
  userId: ctx.userId,
  plantId: ctx.plantId,
})

const keyOf = (row: StepRow): StepKey & { name: string; userId: string; plantId: string } => ({
  customerId: row.customerId,
  actionId: row.actionId,
  step: row.step,
  name: row.name,
  userId: row.userId,
  plantId: row.plantId,
})

const refusalJson = (err: AuthorityRefusal) => ({
  status: err.status,
  code: err.code,
  message: err.message,
  details: err.details,
})

function refusalFrom(json: unknown): AuthorityRefusal {
  const r = (json ?? {}) as {
    status?: number
    code?: string
    message?: string
    details?: Record<string, unknown>
  }
  return new AuthorityRefusal(r.status ?? 400, r.code ?? '', r.message ?? '', r.details ?? {})
}
