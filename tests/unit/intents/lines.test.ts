import { describe, expect, it } from 'vitest'
import { IntentRejected } from '../../../shared/intents/intent'
import { Messages } from '../../../shared/validation/messages'
import { changesById, doc, run } from './intent-harness'
import { plantDoc } from './signal-documents'

/** The line intents (shared/intents/lines.ts), as both the device and the server run them. */
const line = (id: string, extra: Record<string, unknown> = {}) =>
  doc('lines', id, {
    id,
    name: id.toUpperCase(),
    displayName: `${id} Line`,
    friendlyName: null,
    active: true,
    isNewLine: false,
    lastIngestedTime: null,
    ingestionThresholdHours: 24,
    alertViewingWindowDays: 90,
    feederLineIds: [],
    excludedPartIds: [],
    excludedModelNumbers: [],
    activeMonitorsCount: 0,
    ...extra,
  })

const monitor = (id: string, lineId: string, active: boolean) =>
  doc('monitors', id, {
    monitor_uuid: id,
    monitor_name: id,
    monitor_type: 'svd',
    active,
    frequency: 60,
    notes: '',
    use_excluded_part_ids: false,
    use_excluded_model_numbers: false,
    monitor_filter: { line_uuid: lineId, signal_uuids: [`${id}-s`], signal_group_uuids: [] },
  })

const plant = [
  // Feeder lines are part marriage (SHELL-03).
  plantDoc({ partMarriage: true }),
  line('paint', { activeMonitorsCount: 2 }),
  line('press'),
  monitor('m1', 'paint', true),
  monitor('m2', 'paint', true),
  monitor('m3', 'paint', false),
  monitor('other', 'press', true),
]

describe('setLineActive', () => {
  it('LINE-03 deactivating stops the line’s running monitors, remembers them and zeroes the count', async () => {
    const { changes, description } = await run(plant, 'setLineActive', { lineId: 'paint', active: false })
    const byId = changesById(changes)
    expect(byId.get('lines/paint')).toMatchObject({
      kind: 'put',
      data: { active: false, stoppedMonitorIds: ['m1', 'm2'], activeMonitorsCount: 0 },
    })
    expect(byId.get('monitors/m1')).toMatchObject({ data: { active: false } })
    expect(byId.get('monitors/m2')).toMatchObject({ data: { active: false } })
    expect(byId.has('monitors/m3')).toBe(false)
    expect(byId.has('monitors/other')).toBe(false)
    expect(description).toBe('Deactivate paint Line')
  })

  it('LINE-03 reactivating restarts exactly the remembered monitors still on the line, then forgets them', async () => {
    const stopped = [
      line('paint', { active: false, stoppedMonitorIds: ['m1', 'gone', 'moved'] }),
      monitor('m1', 'paint', false),
      monitor('m3', 'paint', false),
      monitor('moved', 'press', false),
    ]
    const { changes } = await run(stopped, 'setLineActive', { lineId: 'paint', active: true })
    const byId = changesById(changes)
    const lineChange = byId.get('lines/paint')
    expect(lineChange).toMatchObject({ data: { active: true, activeMonitorsCount: 1 } })
    expect(lineChange?.kind === 'put' && 'stoppedMonitorIds' in lineChange.data).toBe(false)
    expect(byId.get('monitors/m1')).toMatchObject({ data: { active: true } })
    expect(byId.has('monitors/m3')).toBe(false)
    expect(byId.has('monitors/moved')).toBe(false)
  })

  it('LINE-03 a line stopped twice keeps the first memory too', async () => {
    const twice = [line('paint', { active: true, stoppedMonitorIds: ['old'] }), monitor('m1', 'paint', true)]
    const { changes } = await run(twice, 'setLineActive', { lineId: 'paint', active: false })
    expect(changesById(changes).get('lines/paint')).toMatchObject({
      data: { stoppedMonitorIds: ['old', 'm1'] },
    })
  })

  it('LINE-02 an unknown line is refused with the spec’s message and changes nothing', async () => {
    await expect(run(plant, 'setLineActive', { lineId: 'nope', active: false })).rejects.toMatchObject({
      status: 404,
      message: Messages.lines.unableToFind,
    })
  })

  it('switching a line to the state it has changes nothing', async () => {
    expect((await run(plant, 'setLineActive', { lineId: 'paint', active: true })).changes).toEqual([])
  })
})

describe('updateLineSettings', () => {
  const chain = [
    plantDoc({ partMarriage: true }),
    line('a', { feederLineIds: ['b'] }),
    line('b', { feederLineIds: ['c'] }),
    line('c'),
    line('d'),
  ]

  it.each([
    ['a loop through other lines', 'c', ['a'], 409, Messages.lines.circularDependency],
    ['the line itself', 'a', ['a'], 400, Messages.lines.feederLineSelf],
    ['an unknown feeder', 'a', ['zzz'], 400, Messages.lines.feederLineNotFound],
  ])('LINE-06 refuses %s', async (_what, lineId, feederLineIds, status, message) => {
    const attempt = run(chain, 'updateLineSettings', { lineId, changes: { feederLineIds } })
    await expect(attempt).rejects.toBeInstanceOf(IntentRejected)
    await expect(attempt).rejects.toMatchObject({ status, message })
  })

  it('LINE-05 a feeder without a loop is kept once, with the other settings', async () => {
    const { changes, description } = await run(chain, 'updateLineSettings', {
      lineId: 'c',
      changes: { feederLineIds: ['d', 'd'], friendlyName: 'Coat', ingestionThresholdHours: 5 },
    })
    expect(changesById(changes).get('lines/c')).toMatchObject({
      data: { feederLineIds: ['d'], friendlyName: 'Coat', ingestionThresholdHours: 5 },
      fields: expect.arrayContaining(['feederLineIds', 'friendlyName', 'ingestionThresholdHours']),
    })
    expect(description).toBe('Change Friendly name, No Data Alert (hours), Feeder lines of c Line')
  })

  it.each([
    [{ ingestionThresholdHours: -1 }, Messages.lines.thresholdMin],
    [{ alertViewingWindowDays: 91 }, Messages.lines.alertWindowRange],
  ])('LINE-04 out-of-bound cells are refused by the argument schema (%o)', async (changes, message) => {
    await expect(run(chain, 'updateLineSettings', { lineId: 'a', changes })).rejects.toThrow(message)
  })

  it('LINE-03 an active flag in the settings cascades like setLineActive', async () => {
    const { changes } = await run(plant, 'updateLineSettings', {
      lineId: 'paint',
      changes: { active: false },
    })
    expect(changesById(changes).get('monitors/m1')).toMatchObject({ data: { active: false } })
  })
})
