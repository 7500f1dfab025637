import { PRIMARY_KEYS, type CollectionName } from '../../../shared/sync/collections'
import type { IntentOutcome, PushedIntent } from '../../../shared/sync/intent-protocol'
import type { ReplicatedDocument } from '../../../shared/sync/protocol'
import type { PushExchange } from './node-client'

/**
 * What the change-set pushes (`POST /sync/intents`) of the convergence test tell: the server's answer
 * for each action, whether that answer reached the device, and whether duplicated and replayed pushes
 * of one action were all answered alike (applied once, answered from the server's log after).
 */
export type ServerState = Record<CollectionName, ReadonlyArray<ReplicatedDocument>>

export const idOf = (collection: CollectionName, doc: Readonly<Record<string, unknown>>) =>
  String(doc[PRIMARY_KEYS[collection]])

export const show = (v: unknown) => JSON.stringify(v)

export interface Answered {
  readonly client: string
  readonly intent: PushedIntent
  readonly outcome: IntentOutcome
  /** Some answer for this action reached the device's pusher. */
  readonly delivered: boolean
}

/** Per action id, the server's answer; failures when two answers for one action disagree. */
export function readExchanges(client: string, exchanges: ReadonlyArray<PushExchange>) {
  const answered = new Map<string, Answered>()
  const disagreements: string[] = []
  for (const ex of exchanges) {
    if (ex.status !== 200 || !ex.answer) continue
    for (const outcome of ex.answer.results) {
      const intent = ex.intents.find((i) => i.id === outcome.id)
      if (!intent) {
        disagreements.push(`${client}: an answer for ${outcome.id}, which push ${ex.seq} did not send`)
        continue
      }
      const before = answered.get(outcome.id)
      if (before && before.outcome.status !== outcome.status)
        disagreements.push(
          `${client} ${intent.name} ${outcome.id}: answered ${before.outcome.status}, then ${outcome.status} (${ex.kind})`,
        )
      answered.set(outcome.id, {
        client,
        intent,
        outcome: before?.outcome ?? outcome,
        delivered: (before?.delivered ?? false) || ex.delivered,
      })
    }
  }
  return { answered, disagreements }
}
