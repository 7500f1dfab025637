import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { DeviceDb } from '../storage/device-db'
import { Outbox } from './outbox'
import { PushLoop } from './push-loop'
import { INITIAL_STATUS, nextStatus, type SyncStatus } from './sync-status'
import type { HttpError, Transport } from './transport'

/** The push loop (push-loop.ts): sends an action as it shows, and keeps the status's counts. */
async function setUp(
  answer: () => Response,
  onResult?: (set: (s: SyncStatus) => void, s: SyncStatus) => void,
  onRefused: () => Promise<void> = async () => undefined,
) {
  const device = new DeviceDb(`push-${Math.random().toString(36).slice(2)}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const outbox = new Outbox(device)
  await outbox.load()
  outbox.setAuthor('u1')
  let status: SyncStatus = INITIAL_STATUS
  const results: Array<[boolean, number | undefined]> = []
  let sent = 0
  const transport: Transport = {
    async fetch() {
      sent++
      return answer()
    },
  }
  const loop = new PushLoop({
    transport,
    outbox,
    canPush: () => true,
    author: () => 'u1',
    status: () => status,
    dispatch: (e) => (status = nextStatus(status, e)),
    isOnline: () => true,
    onResult: (ok: boolean, error?: HttpError) => {
      results.push([ok, error?.status])
      onResult?.((next) => (status = next), status)
    },
    onRefused,
    afterPush: () => undefined,
  })
  const add = (id: string) =>
    outbox.add({
      id,
      name: 'updateLineSettings',
      args: {},
      author: 'u1',
      createdAt: '2026-11-26T10:00:00.000Z',
      description: id,
      base: [],
      changes: [],
    })
  return { loop, add, results, status: () => status, sent: () => sent }
}

const unavailable = () =>
  new Response(JSON.stringify({ error: { code: 'AUTHORITY_UNAVAILABLE', message: 'later' } }), {
    status: 503,
    headers: { 'retry-after': '3600' },
  })

describe('push loop', () => {
  it('OFF-04 counts an action as saving until it is kept, then as pending', async () => {
    const rig = await setUp(unavailable)
    const kept = rig.add('a1')
    expect(rig.status()).toMatchObject({ savingCount: 1, pendingCount: 0 })
    await kept
    expect(rig.status()).toMatchObject({ savingCount: 0, pendingCount: 1 })
    rig.loop.cancelRetry()
  })

  it("OFF-03 sends an action as it shows; the plant's server unreachable is online and not an answer", async () => {
    const rig = await setUp(unavailable)
    await rig.add('a1')
    await rig.loop.pushNow()
    rig.loop.cancelRetry()
    expect(rig.sent()).toBeGreaterThan(0)
    expect(rig.status()).toMatchObject({ authorityUnreachable: true, online: true, lastSyncedAt: null })
    expect(rig.results).toEqual([])
  })

  it('OFF-03 sends an action as it shows without being asked, in the task after the one that shows it', async () => {
    const rig = await setUp(unavailable)
    const kept = rig.add('a1')
    // Not in the task that showed it: the request would delay its frame (docs/architecture.md).
    expect(rig.sent()).toBe(0)
    await kept
    await vi.waitFor(() => expect(rig.sent()).toBe(1))
    rig.loop.cancelRetry()
  })

  it('OFF-03 any other answer is reported, and clears "unreachable"', async () => {
    const rig = await setUp(
      () => new Response(JSON.stringify({ error: { message: 'gone' } }), { status: 401 }),
    )
    await rig.add('a1')
    await rig.loop.pushNow()
    rig.loop.cancelRetry()
    expect(rig.results.at(-1)).toEqual([false, 401])
    expect(rig.status().authorityUnreachable).toBe(false)
  })

  it('OFF-05 a push the server never answered (it crashed) is retried while the network is up, though the status says offline', async () => {
    // The controller takes a push without an answer as "offline" (its onResult); the browser is online.
    const rig = await setUp(
      () => {
        throw new TypeError('fetch failed')
      },
      (set, s) => set({ ...s, online: false }),
    )
    await rig.add('a1')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      await rig.loop.pushNow()
      expect(rig.status().online).toBe(false)
      const before = rig.sent()
      await vi.runOnlyPendingTimersAsync()
      await vi.waitFor(() => expect(rig.sent()).toBeGreaterThan(before))
    } finally {
      rig.loop.cancelRetry()
      vi.useRealTimers()
    }
  })

  it('OFF-05 an answer the device cannot store does not stop the loop: the next action is sent', async () => {
    const refused = () =>
      new Response(
        JSON.stringify({
          results: [
            { id: 'a1', status: 'rejected', rejection: { code: 'VALIDATION', status: 400, message: 'no' } },
          ],
        }),
        { status: 200 },
      )
    // Keeping the refusal as a sync issue fails once (the device's storage refused the write).
    let failures = 1
    const rig = await setUp(refused, undefined, () =>
      failures-- > 0 ? Promise.reject(new Error('QuotaExceededError')) : Promise.resolve(),
    )
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      await rig.add('a1')
      await expect(rig.loop.pushNow()).resolves.toBeUndefined()
      expect(warned).toHaveBeenCalledOnce()
      const before = rig.sent()
      await rig.add('a2')
      await vi.waitFor(() => expect(rig.sent()).toBeGreaterThan(before))
    } finally {
      rig.loop.cancelRetry()
      warned.mockRestore()
    }
  })

  it('OFF-05 a stopped loop (the controller closed) sends nothing more', async () => {
    const rig = await setUp(unavailable)
    rig.loop.stop()
    await rig.add('a1')
    await rig.loop.pushNow()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(rig.sent()).toBe(0)
  })
})
