import { randomUUID } from 'node:crypto'
import type { IntentArgs, IntentName } from '../../../shared/intents'
import { INTENT_PROTOCOL_VERSION, type IntentOutcome } from '../../../shared/sync/intent-protocol'
import type { DemoServer, TestServer } from './test-server'

/**
 * Pushes named actions the way a device does (POST /sync/intents, shared/sync/intent-protocol.ts),
 * so a test can assert each action's outcome: applied, rejected with the spec's message, or conflict.
 */

/** The demo users' ids, for the `author` of what their sessions push. */
export const AUTHORS = { admin: 'user-admin', operator: 'user-operator', other: 'user-other-admin' } as const

export interface PushedAction {
  readonly id: string
  readonly name: string
  readonly args: unknown
  readonly author: string
  readonly createdAt: string
  readonly base: ReadonlyArray<unknown>
}

/** One action with a fresh id (pass `id` to retry one). */
export const action = (
  name: string,
  args: unknown,
  author: string,
  id: string = randomUUID(),
): PushedAction => ({
  id,
  name,
  args,
  author,
  createdAt: new Date().toISOString(),
  base: [],
})

export async function pushIntents(
  server: TestServer,
  cookie: string,
  actions: ReadonlyArray<PushedAction>,
): Promise<{ status: number; results: ReadonlyArray<IntentOutcome> }> {
  const res = await server.call<{ results: IntentOutcome[] }>('POST', '/sync/intents', cookie, {
    protocol: INTENT_PROTOCOL_VERSION,
    intents: actions,
  })
  return { status: res.status, results: res.body?.results ?? [] }
}

/** The outcome's rejection as `{code, status, message}`, or undefined when it was applied. */
export const rejectionOf = (outcome: IntentOutcome | undefined) =>
  outcome && outcome.status !== 'applied'
    ? { code: outcome.rejection.code, status: outcome.rejection.status, message: outcome.rejection.message }
    : undefined

/**
 * Pushes one intent the way a device does (POST /sync/intents, shared/sync/intent-protocol.ts):
 * authored by the session's user, with no base values. Answers that intent's outcome. `args` is
 * loosely typed on purpose: tests also push what a device must not be able to change.
 */
export function intentPush(demo: DemoServer) {
  return async <N extends IntentName>(
    name: N,
    args: IntentArgs<N> | Record<string, unknown>,
    cookie = demo.admin,
  ): Promise<IntentOutcome> => {
    const me = await demo.server.call<{ id: string }>('GET', '/api/session', cookie)
    const res = await demo.server.call<{ results: IntentOutcome[] }>('POST', '/sync/intents', cookie, {
      protocol: INTENT_PROTOCOL_VERSION,
      intents: [
        { id: randomUUID(), name, args, author: me.body.id, createdAt: new Date().toISOString(), base: [] },
      ],
    })
    if (res.status !== 200) throw new Error(`POST /sync/intents answered ${res.status}`)
    return res.body.results[0]!
  }
}
