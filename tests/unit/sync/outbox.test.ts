import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { DeviceDb } from '../../../client/db/device-db'
import { Outbox } from '../../../client/db/outbox'
import type { PendingAction } from '../../../client/db/pending-changes'

/**
 * The outbox (client/db/outbox.ts) shows a new action before its device-database write completes:
 * the overlay, the pending count and the pusher see it at once, an answer to it is settled only once
 * it is stored, and a failed write takes it back out and rejects, so the caller can tell the user.
 */
let n = 0
const action = (value: number, author = 'u1'): Omit<PendingAction, 'seq'> => ({
  id: `a${++n}`,
  name: 'updateLineSettings',
  args: { lineId: 'L1', changes: { ingestionThresholdHours: value } },
  author,
  createdAt: '2026-11-25T10:00:00.000Z',
  description: `hours ${value}`,
  base: [],
  changes: [
    {
      kind: 'put',
      collection: 'lines',
      id: 'L1',
      data: { id: 'L1', ingestionThresholdHours: value },
      fields: ['ingestionThresholdHours'],
      created: false,
    },
  ],
})
const server = { id: 'L1', name: 'Line 1', ingestionThresholdHours: 24 }
const hours = (outbox: Outbox) => outbox.state.overlay('lines', 'L1', server).data?.ingestionThresholdHours

/** A device database whose outbox writes wait for the test to let them finish (or fail). */
function heldDevice() {
  const writes: Array<{ resolve: (seq: number) => void; reject: (err: Error) => void }> = []
  const device = {
    outbox: {
      add: () =>
        new Promise<number>((resolve, reject) => {
          writes.push({ resolve, reject })
        }),
      toArray: async () => [],
    },
  } as unknown as DeviceDb
  return { device, writes }
}

const realDevice = () => new DeviceDb(`outbox-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange })

describe('Outbox', () => {
  it("OFF-02 tells the user's new action's tick apart from ticks that settle answers", async () => {
    const outbox = new Outbox(realDevice())
    await outbox.load()
    outbox.setAuthor('u1')
    const seen: Array<[number, boolean]> = []
    outbox.changed$.subscribe((t) => seen.push([t, outbox.isActionTick(t)]))
    const added = await outbox.add(action(30))
    expect(seen.at(-1)?.[1]).toBe(true)
    await outbox.acknowledgeAll([{ id: added.id, revisions: { 'lines/L1': 2 } }])
    expect(seen.at(-1)?.[1]).toBe(false)
    await outbox.absorb(() => 2)
    expect(seen.at(-1)?.[1]).toBe(false)
    expect(outbox.state.all).toEqual([])
  })

  it('OFF-02 shows an action to the screens and the pusher before its write completes', async () => {
    const { device, writes } = heldDevice()
    const outbox = new Outbox(device)
    outbox.setAuthor('u1')
    const ticks: number[] = []
    outbox.changed$.subscribe((t) => ticks.push(t))
    const before = ticks.length

    const added = outbox.add(action(7))
    expect(ticks.length).toBe(before + 1)
    expect(hours(outbox)).toBe(7)
    expect(outbox.state.pending('u1')).toHaveLength(1)
    expect(outbox.sendable('u1').map((a) => a.args)).toEqual([action(7).args])

    writes[0]!.resolve(41)
    const stored = await added
    expect(stored.seq).toBe(41)
    expect(outbox.state.all.map((a) => a.seq)).toEqual([41])
    expect(outbox.sendable('u1').map((a) => a.id)).toEqual([stored.id])
    expect(hours(outbox)).toBe(7)
  })

  it('OFF-02 an answer that comes back before the write completes is settled on the stored action', async () => {
    const device = realDevice()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const add = device.outbox.add.bind(device.outbox)
    device.outbox.add = ((item: PendingAction) => held.then(() => add(item))) as typeof device.outbox.add
    const outbox = new Outbox(device)
    await outbox.load()
    outbox.setAuthor('u1')
    const added = outbox.add(action(9))
    const [sent] = outbox.sendable('u1')

    let settled = false
    const acknowledged = outbox
      .acknowledgeAll([{ id: sent!.id, revisions: { 'lines/L1': 5 } }])
      .then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    expect(await device.outbox.count()).toBe(0)

    release()
    const stored = await added
    await acknowledged
    // One row, under the stored seq, answered — not a second row under the shown action's seq.
    const rows = await device.outbox.toArray()
    expect(rows.map((a) => [a.seq, a.id, a.acknowledged !== undefined])).toEqual([
      [stored.seq, sent!.id, true],
    ])
    expect(outbox.state.pending('u1')).toHaveLength(0)
    expect(hours(outbox)).toBe(9)
    device.close()
  })

  it('OFF-02 a failed write takes the action back out and rejects, so nothing shows that was not kept', async () => {
    const { device, writes } = heldDevice()
    const outbox = new Outbox(device)
    outbox.setAuthor('u1')
    const first = outbox.add(action(7))
    writes[0]!.resolve(1)
    await first
    const second = outbox.add(action(8))
    expect(hours(outbox)).toBe(8)

    writes[1]!.reject(new Error('QuotaExceededError'))
    await expect(second).rejects.toThrow('QuotaExceededError')
    expect(hours(outbox)).toBe(7)
    expect(outbox.state.all).toHaveLength(1)
    expect(outbox.sendable('u1').map((a) => a.args)).toEqual([action(7).args])
  })

  it('OFF-02 actions made while earlier writes are under way keep their order and get the stored seqs', async () => {
    const device = realDevice()
    const outbox = new Outbox(device)
    outbox.setAuthor('u1')
    const adds = [outbox.add(action(1)), outbox.add(action(2)), outbox.add(action(3))]
    expect(hours(outbox)).toBe(3)
    const stored = await Promise.all(adds)
    expect(stored.map((a) => a.seq)).toEqual([1, 2, 3])
    expect(outbox.state.all.map((a) => a.seq)).toEqual([1, 2, 3])
    expect((await device.outbox.toArray()).map((a) => [a.seq, a.id])).toEqual(
      stored.map((a) => [a.seq, a.id]),
    )
    expect(hours(outbox)).toBe(3)

    // A reload of the list while a write is under way keeps the action being written.
    const pending = outbox.add(action(4))
    await outbox.load()
    expect(hours(outbox)).toBe(4)
    await pending
    expect(outbox.state.all.map((a) => a.seq)).toEqual([1, 2, 3, 4])
    device.close()
  })
})
