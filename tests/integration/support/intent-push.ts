import { randomUUID } from 'node:crypto'
import type { IntentArgs, IntentName } from '../../../shared/intents'
import { INTENT_PROTOCOL_VERSION, type IntentOutcome } from '../../../shared/sync/intent-protocol'
import type { DemoServer } from './test-server'

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
