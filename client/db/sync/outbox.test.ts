import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { DeviceDb } from '../storage/device-db'
import { Outbox } from './outbox'
import { isStored, type PendingAction } from './pending-changes'

/**
 * The outbox (client/db/sync/outbox.ts) shows a new action before its device-database write completes:
 * the overlay and the pusher see it at once, marked as still saving (not counted as pending) until it
 * is stored; an answer to it is settled only once it is stored, and a failed write takes it back out
 * and rejects, so the caller can tell the user.
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
    seen.length = 0 // the current value, sent on subscribing
    const added = await outbox.add(action(30))
    // The action showing, then its write completing (the mark goes from saving to pending).
    expect(seen.map(([, action]) => action)).toEqual([true, false])
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
    // Shown, but not kept yet: a tab killed now would lose it, so it is not called pending.
    expect(outbox.state.pending('u1').filter(isStored)).toHaveLength(0)
    expect(outbox.state.overlay('lines', 'L1', server)).toMatchObject({ saving: true })

    writes[0]!.resolve(41)
    const stored = await added
    expect(stored.seq).toBe(41)
    expect(outbox.state.all.map((a) => a.seq)).toEqual([41])
    expect(outbox.sendable('u1').map((a) => a.id)).toEqual([stored.id])
    expect(hours(outbox)).toBe(7)
    // Kept: pending, and the screens are told (a tick) so the mark changes.
    expect(outbox.state.pending('u1').filter(isStored)).toHaveLength(1)
    expect(outbox.state.overlay('lines', 'L1', server)).toMatchObject({ saving: false })
    expect(ticks.length).toBe(before + 2)
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

  describe('replaceIds (gateway mode: the authority named what the device created)', () => {
    const DEVICE_ID = '3b1f6c2e-7d40-4a8e-9a11-d0e1f2a3b4c5'
    const AUTHORITY_ID = 'f0e9d8c7-b6a5-4c3d-8e2f-1a0b9c8d7e6f'
    const created = {
      monitor_uuid: DEVICE_ID,
      monitor_name: 'Press MVD',
      monitor_filter: { line_uuid: 'L1', signal_uuids: ['S1', 'S2'] },
    }
    const createMonitor = (): Omit<PendingAction, 'seq'> => ({
      id: `a${++n}`,
      name: 'createMonitor',
      args: { monitor: created },
      author: 'u1',
      createdAt: '2026-11-25T10:00:00.000Z',
      description: 'Create Press MVD',
      base: [],
      changes: [
        {
          kind: 'put',
          collection: 'monitors',
          id: DEVICE_ID,
          data: created,
          fields: Object.keys(created),
          created: true,
        },
        {
          kind: 'put',
          collection: 'lines',
          id: 'L1',
          data: { id: 'L1', activeMonitorsCount: 3 },
          fields: ['activeMonitorsCount'],
          created: false,
        },
      ],
    })
    const renameMonitor = (): Omit<PendingAction, 'seq'> => ({
      id: `a${++n}`,
      name: 'updateMonitor',
      args: { monitor: { ...created, monitor_name: 'Press MVD 2' } },
      author: 'u1',
      createdAt: '2026-11-25T10:01:00.000Z',
      description: 'Rename Press MVD',
      base: [{ collection: 'monitors', id: DEVICE_ID, field: 'monitor_name', value: 'Press MVD' }],
      changes: [
        {
          kind: 'put',
          collection: 'monitors',
          id: DEVICE_ID,
          data: { ...created, monitor_name: 'Press MVD 2' },
          fields: ['monitor_name'],
          created: false,
        },
      ],
    })
    const deleteMonitor = (): Omit<PendingAction, 'seq'> => ({
      id: `a${++n}`,
      name: 'deleteMonitor',
      args: { monitorId: DEVICE_ID },
      author: 'u1',
      createdAt: '2026-11-25T10:02:00.000Z',
      description: 'Delete Press MVD',
      base: [],
      changes: [{ kind: 'delete', collection: 'monitors', id: DEVICE_ID }],
    })
    /** Every string an action holds in its arguments, base values and changes. */
    const strings = (a: PendingAction) => JSON.stringify([a.args, a.base, a.changes])

    /** An outbox holding: the create (answered), a rename (pending), a line edit (pending, unrelated). */
    async function held() {
      const device = realDevice()
      const outbox = new Outbox(device)
      await outbox.load()
      outbox.setAuthor('u1')
      const create = await outbox.add(createMonitor())
      const rename = await outbox.add(renameMonitor())
      const unrelated = await outbox.add(action(12))
      await outbox.acknowledgeAll([
        { id: create.id, revisions: { [`monitors/${AUTHORITY_ID}`]: 1, 'lines/L1': 4 } },
      ])
      return { device, outbox, create, rename, unrelated }
    }

    it('MON-06 OFF-02 every held action, answered or pending, names the new id in its args, base and changes', async () => {
      const { device, outbox, create, rename } = await held()
      await outbox.replaceIds(new Map([[DEVICE_ID, AUTHORITY_ID]]))

      const byId = new Map(outbox.state.all.map((a) => [a.id, a]))
      const answered = byId.get(create.id)!
      expect(answered.acknowledged).toEqual({ [`monitors/${AUTHORITY_ID}`]: 1, 'lines/L1': 4 })
      expect(answered.args).toEqual({ monitor: { ...created, monitor_uuid: AUTHORITY_ID } })
      expect(answered.changes[0]).toEqual({
        kind: 'put',
        collection: 'monitors',
        id: AUTHORITY_ID,
        data: { ...created, monitor_uuid: AUTHORITY_ID },
        fields: Object.keys(created),
        created: true,
      })
      // The line it touched is named as before.
      expect(answered.changes[1]).toEqual(create.changes[1])

      const pending = byId.get(rename.id)!
      expect(pending.acknowledged).toBeUndefined()
      expect(pending.args).toEqual({
        monitor: { ...created, monitor_uuid: AUTHORITY_ID, monitor_name: 'Press MVD 2' },
      })
      expect(pending.base).toEqual([
        { collection: 'monitors', id: AUTHORITY_ID, field: 'monitor_name', value: 'Press MVD' },
      ])
      expect(pending.changes).toEqual([
        {
          kind: 'put',
          collection: 'monitors',
          id: AUTHORITY_ID,
          data: { ...created, monitor_uuid: AUTHORITY_ID, monitor_name: 'Press MVD 2' },
          fields: ['monitor_name'],
          created: false,
        },
      ])
      for (const a of outbox.state.all) expect(strings(a)).not.toContain(DEVICE_ID)
      // What is sent next names the authority's monitor.
      expect(outbox.sendable('u1').map((a) => a.args)).toContainEqual(pending.args)

      // The screens show the monitor under the authority's id, and nothing under the device's.
      expect(outbox.state.overlay('monitors', AUTHORITY_ID, undefined).data).toMatchObject({
        monitor_uuid: AUTHORITY_ID,
        monitor_name: 'Press MVD 2',
      })
      expect(outbox.state.overlay('monitors', DEVICE_ID, undefined).data).toBeUndefined()
      device.close()
    })

    it('MON-06 OFF-02 the rewrite is stored: an outbox loaded again from the device database has it', async () => {
      const { device, outbox, create, rename, unrelated } = await held()
      // Another user's action on this device that names the monitor is rewritten too.
      outbox.setAuthor('u2')
      const others = await outbox.add({ ...deleteMonitor(), author: 'u2' })
      outbox.setAuthor('u1')
      await outbox.replaceIds(new Map([[DEVICE_ID, AUTHORITY_ID]]))

      const reloaded = new Outbox(device)
      await reloaded.load()
      reloaded.setAuthor('u1')
      expect(reloaded.state.all.map((a) => [a.seq, a.id])).toEqual([
        [create.seq, create.id],
        [rename.seq, rename.id],
        [unrelated.seq, unrelated.id],
      ])
      expect(reloaded.state.all).toEqual(outbox.state.all)
      for (const a of reloaded.state.all) expect(strings(a)).not.toContain(DEVICE_ID)
      expect(reloaded.state.all[0]!.acknowledged).toEqual({ [`monitors/${AUTHORITY_ID}`]: 1, 'lines/L1': 4 })
      expect(reloaded.state.pending('u1').map((a) => a.id)).toEqual([rename.id, unrelated.id])

      const rows = await device.outbox.toArray()
      expect(rows).toHaveLength(4)
      const storedOthers = rows.find((r) => r.id === others.id)!
      expect(storedOthers.args).toEqual({ monitorId: AUTHORITY_ID })
      expect(storedOthers.changes).toEqual([{ kind: 'delete', collection: 'monitors', id: AUTHORITY_ID }])
      expect(reloaded.othersPending).toBe(1)
      device.close()
    })

    it('MON-06 actions that do not name a replaced id are left as they were, on screen and stored', async () => {
      const { device, outbox, unrelated } = await held()
      const before = structuredClone(await device.outbox.get(unrelated.seq))
      await outbox.replaceIds(new Map([[DEVICE_ID, AUTHORITY_ID]]))
      expect(outbox.state.all.find((a) => a.id === unrelated.id)).toEqual(unrelated)
      expect(await device.outbox.get(unrelated.seq)).toEqual(before)
      expect(hours(outbox)).toBe(12)
      device.close()
    })

    it('MON-06 changed$ ticks once for a rewrite, and not at all when no held action names a replaced id', async () => {
      const { device, outbox } = await held()
      const ticks: number[] = []
      const subscription = outbox.changed$.subscribe((t) => ticks.push(t))
      ticks.length = 0 // the current value, sent on subscribing

      await outbox.replaceIds(new Map([[DEVICE_ID, AUTHORITY_ID]]))
      expect(ticks).toHaveLength(1)

      const rows = structuredClone(await device.outbox.toArray())
      await outbox.replaceIds(new Map([['0c0c0c0c-0000-4000-8000-000000000000', AUTHORITY_ID]]))
      expect(ticks).toHaveLength(1)
      expect(await device.outbox.toArray()).toEqual(rows)
      subscription.unsubscribe()
      device.close()
    })

    it('MON-06 an action still being written when ids are replaced is rewritten under its stored seq', async () => {
      const device = realDevice()
      let release!: () => void
      const gate = new Promise<void>((r) => (release = r))
      const add = device.outbox.add.bind(device.outbox)
      device.outbox.add = ((item: PendingAction) => gate.then(() => add(item))) as typeof device.outbox.add
      const outbox = new Outbox(device)
      await outbox.load()
      outbox.setAuthor('u1')
      const adding = outbox.add(renameMonitor())
      const replacing = outbox.replaceIds(new Map([[DEVICE_ID, AUTHORITY_ID]]))

      release()
      const stored = await adding
      await replacing
      const rows = await device.outbox.toArray()
      expect(rows.map((r) => [r.seq, r.id])).toEqual([[stored.seq, stored.id]])
      expect(strings(rows[0]!)).not.toContain(DEVICE_ID)
      expect(strings(rows[0]!)).toContain(AUTHORITY_ID)
      expect(outbox.state.all.map((a) => a.seq)).toEqual([stored.seq])
      expect(strings(outbox.state.all[0]!)).toContain(AUTHORITY_ID)
      device.close()
    })
  })

  it('upgrades the stored actions of an older version, sends those it cannot as stored and keeps answered ones', async () => {
    const device = realDevice()
    const old = { ...action(40), args: { line: 'L1', changes: { ingestionThresholdHours: 40 } } }
    const unusable = { ...action(50), args: { changes: { ingestionThresholdHours: 50 } } }
    const answered = { ...action(60), args: { line: 'L1' }, acknowledged: { 'lines/L1': 3 } }
    for (const a of [old, unusable, answered]) await device.outbox.add(a as PendingAction)
    const outbox = new Outbox(device)
    await outbox.load()
    outbox.setAuthor('u1')
    // Version 1 named the line `line`; version 2 names it `lineId`.
    await outbox.upgradeStored((_name, _version, args) => {
      const { line, ...rest } = args as { line?: string }
      return line === undefined
        ? { ok: false, reason: 'it names no line.' }
        : { ok: true, args: { ...rest, lineId: line }, version: 2, upgraded: true }
    })
    const stored = await device.outbox.toArray()
    expect(stored.map((a) => a.id)).toEqual([old.id, unusable.id, answered.id])
    expect(stored[0]).toMatchObject({
      version: 2,
      args: { lineId: 'L1', changes: { ingestionThresholdHours: 40 } },
    })
    // It may have been sent and answered before (the answer lost): the server's log decides.
    expect(stored[1]).toEqual(expect.objectContaining({ args: unusable.args }))
    expect(stored[1]!.version).toBeUndefined()
    expect(stored[2]).toMatchObject({ args: { line: 'L1' } })
    expect(outbox.sendable('u1').map((a) => [a.id, a.version])).toEqual([
      [old.id, 2],
      [unusable.id, undefined],
    ])
    device.close()
  })
})
