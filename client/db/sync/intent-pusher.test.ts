import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { MAX_REQUEST_BODY_BYTES } from '../../../shared/constants'
import type { IntentOutcome, IntentPushRequest } from '../../../shared/sync/intent-protocol'
import { Messages } from '../../../shared/validation/messages'
import { DeviceDb } from '../storage/device-db'
import { IntentPusher, PUSH_BATCH } from './intent-pusher'
import { Outbox } from './outbox'
import type { Transport } from './transport'

/**
 * Sending the outbox (client/db/sync/intent-pusher.ts) against a scripted server: batches in the order
 * made, each sent only after the one before was answered, within the server's body limit; an action
 * too large to send alone becomes a sync issue instead of blocking everything behind it.
 */
const AUTHOR = 'user-1'

async function setUp(
  argsOf: (i: number) => unknown,
  count: number,
  /** How many of a request's actions the server decides (a gateway may stop part way). */
  decides: (request: number, sent: number) => number = (_r, sent) => sent,
) {
  const device = new DeviceDb(`pusher-${Math.random().toString(36).slice(2)}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const outbox = new Outbox(device)
  await outbox.load()
  outbox.setAuthor(AUTHOR)
  for (let i = 0; i < count; i++) {
    await outbox.add({
      id: `a${i}`,
      name: 'updateLineSettings',
      args: argsOf(i),
      author: AUTHOR,
      createdAt: '2026-11-25T10:00:00.000Z',
      description: `edit ${i}`,
      base: [],
      changes: [],
    })
  }
  const log: string[] = []
  const requests: IntentPushRequest[] = []
  let answering = Promise.resolve()
  const transport: Transport = {
    async fetch(_path, init) {
      const body = String(init?.body)
      const request = JSON.parse(body) as IntentPushRequest
      if (new TextEncoder().encode(body).length > MAX_REQUEST_BODY_BYTES)
        return new Response(JSON.stringify({ error: { message: 'too large' } }), { status: 413 })
      requests.push(request)
      log.push(`send ${request.intents[0]!.id}`)
      // The server answers requests one at a time, like its single connection.
      await answering
      answering = new Promise((r) => setTimeout(r, 5))
      const decided = decides(requests.length - 1, request.intents.length)
      const results: IntentOutcome[] = request.intents.slice(0, decided).map((i) => ({
        id: i.id,
        status: 'applied',
        documents: [],
      }))
      log.push(`answer ${request.intents[0]!.id}`)
      return new Response(JSON.stringify({ results }), { status: 200 })
    },
  }
  const refused: Array<{ id: string; message: string }> = []
  /** How many sync issues fail to be stored next (the device's storage refusing the write). */
  const failing = { issues: 0 }
  const pusher = new IntentPusher(transport, outbox, {
    canPush: () => true,
    author: () => AUTHOR,
    onResult: () => undefined,
    onRefused: async (action, outcome) => {
      if (failing.issues > 0) {
        failing.issues--
        throw new Error('QuotaExceededError')
      }
      refused.push({ id: action.id, message: outcome.rejection.message })
    },
    afterPush: () => undefined,
  })
  const originalAcknowledge = outbox.acknowledgeAll.bind(outbox)
  outbox.acknowledgeAll = async (answers) => {
    log.push(`settle ${answers[0]!.id}`)
    await originalAcknowledge(answers)
  }
  return { outbox, pusher, requests, refused, log, failing }
}

describe('IntentPusher', () => {
  it('OFF-04 sends every pending action in order, the next batch only after the previous answer', async () => {
    const { outbox, pusher, requests, log } = await setUp((i) => ({ lineId: 'L1', value: i }), 250)
    await pusher.push()
    expect(requests.map((r) => r.intents.length)).toEqual([PUSH_BATCH, PUSH_BATCH, 250 - 2 * PUSH_BATCH])
    expect(requests.flatMap((r) => r.intents.map((i) => i.id))).toEqual(
      Array.from({ length: 250 }, (_, i) => `a${i}`),
    )
    expect(outbox.state.pending(AUTHOR)).toEqual([])
    // Each request goes out after the one before was answered, and before that answer is settled.
    const at = (entry: string) => log.indexOf(entry)
    expect(at('answer a0')).toBeLessThan(at(`send a${PUSH_BATCH}`))
    expect(at(`send a${PUSH_BATCH}`)).toBeLessThan(at('settle a0'))
  })

  it('OFF-03 OFF-04 a gateway that decides part of a batch: those are settled, and the rest goes first next time', async () => {
    const { outbox, pusher, requests } = await setUp(
      (i) => ({ lineId: 'L1', value: i }),
      150,
      (request, sent) => (request === 0 ? 40 : sent),
    )
    await pusher.push()
    expect(
      requests.map((r) => r.intents.length),
      'nothing after the undecided ones was sent',
    ).toEqual([PUSH_BATCH])
    expect(outbox.state.pending(AUTHOR).map((a) => a.id)).toEqual(
      Array.from({ length: 110 }, (_, i) => `a${i + 40}`),
    )
    await pusher.push()
    expect(requests.slice(1).flatMap((r) => r.intents.map((i) => i.id))).toEqual(
      Array.from({ length: 110 }, (_, i) => `a${i + 40}`),
    )
    expect(outbox.state.pending(AUTHOR)).toEqual([])
  })

  it('OFF-04 keeps each request within the server body limit', async () => {
    const big = 'x'.repeat(Math.floor(MAX_REQUEST_BODY_BYTES / 3))
    const { outbox, pusher, requests, refused } = await setUp((i) => ({ lineId: 'L1', note: big, i }), 7)
    await pusher.push()
    expect(refused).toEqual([])
    expect(requests.map((r) => r.intents.length)).toEqual([2, 2, 2, 1])
    expect(outbox.state.pending(AUTHOR)).toEqual([])
  })

  it('OFF-04 an action too large to send alone becomes a sync issue and the rest are still sent', async () => {
    const huge = 'x'.repeat(MAX_REQUEST_BODY_BYTES)
    const { outbox, pusher, requests, refused } = await setUp(
      (i) => ({ lineId: 'L1', ...(i === 1 ? { note: huge } : {}) }),
      3,
    )
    await pusher.push()
    expect(refused).toEqual([{ id: 'a1', message: Messages.sync.changeTooLarge }])
    expect(requests.flatMap((r) => r.intents.map((i) => i.id))).toEqual(['a0', 'a2'])
    expect(outbox.state.all).toHaveLength(2)
    expect(outbox.state.pending(AUTHOR)).toEqual([])
  })

  it('OFF-04 a refusal the device cannot keep as a sync issue leaves the action in the outbox, kept the next time', async () => {
    const huge = 'x'.repeat(MAX_REQUEST_BODY_BYTES)
    const { outbox, pusher, refused, failing } = await setUp(
      (i) => ({ lineId: 'L1', ...(i === 1 ? { note: huge } : {}) }),
      3,
    )
    failing.issues = 1
    await expect(pusher.push()).rejects.toThrow('QuotaExceededError')
    expect(refused).toEqual([])
    expect(outbox.state.all.map((a) => a.id)).toContain('a1')
    await pusher.push()
    expect(refused).toEqual([{ id: 'a1', message: Messages.sync.changeTooLarge }])
    expect(outbox.state.all.map((a) => a.id)).not.toContain('a1')
  })

  it('OFF-04 a new action is on its way in the same task, before its device write completes', async () => {
    const { outbox, pusher, requests } = await setUp(() => ({ lineId: 'L1' }), 0)
    const added = outbox.add({
      id: 'now',
      name: 'updateLineSettings',
      args: { lineId: 'L1', changes: { ingestionThresholdHours: 3 } },
      author: AUTHOR,
      createdAt: '2026-11-25T10:00:00.000Z',
      description: 'edit now',
      base: [],
      changes: [],
    })
    const pushed = pusher.push()
    // No await between: the request was made synchronously.
    expect(requests.map((r) => r.intents.map((i) => i.id))).toEqual([['now']])
    await added
    await pushed
    expect(outbox.state.pending(AUTHOR)).toEqual([])
  })
})
