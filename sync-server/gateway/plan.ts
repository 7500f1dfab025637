import type { IntentRun } from '../../shared/intents/run'
import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import type { AuthorityRequest } from './authority-client'
import type { RefreshUnit } from './authority-reads'
import type { Snapshot } from './replica'

/**
 * An intent's upstream plan (gateway mode, docs/gateway.md): the specification's REST calls that do
 * what the action did, in order, with the arguments the user gave. The authority runs its own rules
 * and cascades; the plan then says what to read back into the replica before the device is answered.
 *
 * A plan is built from the intent as it ran on the replica (`run`: the documents before and after,
 * and the changes — which monitors a line's deactivation stops, which entity types an association
 * changes), so a plan needs no rules of its own.
 */
export interface PlanInput<A> {
  readonly args: A
  readonly run: IntentRun
  readonly session: Session
}

export type PlanBuilder<A> = (input: PlanInput<A>) => Plan

/** What a step's answer left (its body, kept in the step log as JSON): a minted id, the entity answered. */
export type StepResult = unknown

/** A probe's verdict that the call never took effect: it is sent (again). */
export const NOT_DONE = Symbol('not done')

/** A read for probes: the answer's body, or undefined for a 404. */
export type ProbeRead = (request: AuthorityRequest) => Promise<unknown>

export interface Step {
  /** The step's name in the step log and docs/gateway.md ("create-task"). */
  readonly name: string
  /** The call, given what the steps before it left (the new monitor's id). */
  request(results: ReadonlyArray<StepResult>): AuthorityRequest
  /**
   * Whether a call whose answer was lost took effect, read from the authority: what it left if it
   * did, NOT_DONE if not. A step without a probe sets values (the same state however often it
   * arrives) and is sent again with the same Idempotency-Key.
   */
  probe?(read: ProbeRead, results: ReadonlyArray<StepResult>): Promise<StepResult | typeof NOT_DONE>
  /**
   * What the answer must be (a decoder of answers.ts, which throws AuthorityMalformed): an answer it
   * refuses is no success. The step stays 'sent', so the retry probes or sends it again — never
   * replays a body no one could read.
   */
  expects?(body: unknown): unknown
  /** The calls that take this step back when a later step is refused. */
  undo?(result: StepResult, results: ReadonlyArray<StepResult>): ReadonlyArray<AuthorityRequest>
  /**
   * The call creates something (a monitor, a user): judged again after it arrived, the action would
   * find its own creation (its own duplicate), so what it was judged on is kept (judged-input.ts).
   */
  readonly creates?: true
}

export interface Plan {
  readonly steps: ReadonlyArray<Step>
  /** What to read back once every step is done: documents the answers carried, units to read. */
  refresh(results: ReadonlyArray<StepResult>): Refresh
  /** Ids the authority gave what the device created under its own ids. */
  replaced?(results: ReadonlyArray<StepResult>): ReadonlyArray<ReplacedId>
}

export interface Refresh {
  /** Documents known from the answers (written as read). */
  readonly known: ReadonlyArray<Snapshot>
  /** Parts to read from the authority (cascades, 204 answers). */
  readonly read: ReadonlyArray<RefreshUnit>
}

export interface ReplacedId {
  readonly collection: CollectionName
  readonly from: string
  readonly to: string
}

/** A plan of no call at all (the action changes nothing upstream). */
export const NO_CALLS: Plan = { steps: [], refresh: () => ({ known: [], read: [] }) }
