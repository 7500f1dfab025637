import { describe, expect, it } from 'vitest'
import { Messages } from '../../../shared/validation/messages'
import { ADMIN_ACTOR, changesById, doc, run } from './intent-harness'
import { plantDoc } from './signal-documents'

/** The monitor intents (shared/intents/monitors.ts), as both the device and the server run them. */
const line = (id: string, active = true) =>
  doc('lines', id, {
    id,
    name: id,
    displayName: `${id} Line`,
    friendlyName: null,
    active,
    isNewLine: false,
    lastIngestedTime: null,
    ingestionThresholdHours: 24,
    alertViewingWindowDays: 90,
    feederLineIds: [],
    excludedPartIds: [],
    excludedModelNumbers: [],
    activeMonitorsCount: 0,
  })
const signal = (id: string, lineId: string) =>
  doc('signals', id, { id, name: id, friendlyName: null, lineId })
const filter = (lineId: string, signals: string[]) => ({
  cust_uuid: 'x',
  plant_uuid: 'y',
  line_uuid: lineId,
  signal_uuids: signals,
  signal_group_uuids: [],
  part_groups: [],
  part_numbers: [],
  part_attributes: [],
  pass_fail_filter: 'ALL',
  evaluation_ratio: 0.2,
  sample_size: 150,
  alert_threshold: 'medium',
})
const mvd = (id: string, name: string, lineId = 'paint', signals = ['s1', 's2'], active = true) => ({
  monitor_uuid: id,
  monitor_name: name,
  monitor_type: 'mvd' as const,
  active,
  frequency: 60,
  notes: '',
  use_excluded_part_ids: false,
  use_excluded_model_numbers: false,
  monitor_filter: filter(lineId, signals),
})
const rules = [
  { type: 'Consecutive', active: true, details: { breaches: 3 } },
  { type: 'ExceedanceRuns', active: false, details: { breaches: 7, runs: 15 } },
  { type: 'ExceedanceTime', active: false, details: { breaches: 7, seconds: 900 } },
]
const plant = [
  // Creating an MVD monitor needs its flag (SHELL-03).
  plantDoc({ multiVariateCreation: true }),
  line('paint'),
  line('idle', false),
  signal('s1', 'paint'),
  signal('s2', 'paint'),
  signal('s3', 'press'),
]

describe('createMonitor', () => {
  it('MON-06 MON-10 LINE-08 creates the monitor and its rules in one action, scoped to the actor, and counts it', async () => {
    const { changes, description } = await run(plant, 'createMonitor', {
      monitor: mvd('m1', 'Press'),
      rules,
    } as never)
    const byId = changesById(changes)
    expect(byId.get('monitors/m1')).toMatchObject({
      kind: 'put',
      created: true,
      data: { monitor_filter: { cust_uuid: ADMIN_ACTOR.customerId, plant_uuid: ADMIN_ACTOR.plantId } },
    })
    expect(byId.get('monitorRules/m1')).toMatchObject({ data: { monitorId: 'm1', rules } })
    expect(byId.get('lines/paint')).toMatchObject({ data: { activeMonitorsCount: 1 } })
    expect(description).toBe('Create monitor Press')
  })

  it('MON-07 a monitor with the same settings is refused with the duplicate message and its id', async () => {
    const existing = doc('monitors', 'm0', mvd('m0', 'First'))
    await expect(
      run([...plant, existing], 'createMonitor', { monitor: mvd('m1', 'Second') } as never),
    ).rejects.toMatchObject({
      status: 409,
      code: 'DUPLICATE_MONITOR',
      message: Messages.monitor.duplicateBody('First'),
      details: { task_uuid: 'm0' },
    })
  })

  it.each([
    ['a signal of another line', mvd('m1', 'X', 'paint', ['s1', 's3']), Messages.monitor.signalNotOnLine],
    ['an active monitor on an inactive line', mvd('m1', 'X', 'idle', []), undefined],
  ])('MON-01 refuses %s', async (_what, monitor, message) => {
    const attempt = run(plant, 'createMonitor', { monitor } as never)
    await expect(attempt).rejects.toBeDefined()
    if (message) await expect(attempt).rejects.toMatchObject({ status: 400, message })
  })
})

describe('the other monitor actions', () => {
  const withMonitor = [
    ...plant,
    doc('monitors', 'm1', mvd('m1', 'Press')),
    doc('monitorRules', 'm1', { monitorId: 'm1', rules }),
  ]

  it('MADM-04 deleting a monitor takes its rules with it and updates the count', async () => {
    const { changes } = await run(withMonitor, 'deleteMonitor', { monitorId: 'm1' })
    const byId = changesById(changes)
    expect(byId.get('monitors/m1')?.kind).toBe('delete')
    expect(byId.get('monitorRules/m1')?.kind).toBe('delete')
  })

  it('MADM-03 stopping a monitor is counted on its line; starting one of an inactive line is refused', async () => {
    const { changes } = await run(withMonitor, 'setMonitorActive', { monitorId: 'm1', active: false })
    expect(changesById(changes).get('monitors/m1')).toMatchObject({ data: { active: false } })
    const idle = [...plant, doc('monitors', 'm2', mvd('m2', 'Idle', 'idle', [], false))]
    await expect(run(idle, 'setMonitorActive', { monitorId: 'm2', active: true })).rejects.toMatchObject({
      message: Messages.monitor.inactiveLine,
    })
  })

  it('RULE-04 rules of an unknown monitor are refused with "Monitor not found"', async () => {
    await expect(run(plant, 'saveAlertRules', { monitorId: 'nope', rules } as never)).rejects.toMatchObject({
      status: 404,
      message: Messages.monitor.notFound,
    })
  })

  it('CAPA-02 the cap toggle creates the signal’s cap monitor once, then only switches it', async () => {
    const first = await run(plant, 'setCapAlert', { signalId: 's1', active: true, newMonitorId: 'cap-1' })
    const created = changesById(first.changes).get('monitors/cap-1')
    expect(created).toMatchObject({
      created: true,
      data: { monitor_type: 'cap', monitor_name: 'CAP Monitor 1', active: true },
    })
    const again = [
      ...plant,
      doc('monitors', 'cap-1', { ...(created as { data: object }).data, active: false }),
    ]
    const second = await run(again, 'setCapAlert', { signalId: 's1', active: true, newMonitorId: 'cap-2' })
    expect(changesById(second.changes).has('monitors/cap-2')).toBe(false)
    expect(changesById(second.changes).get('monitors/cap-1')).toMatchObject({ data: { active: true } })
  })
})
