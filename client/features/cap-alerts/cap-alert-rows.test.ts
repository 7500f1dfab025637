import { describe, expect, it } from 'vitest'
import type { Monitor } from '../../../shared/schema/monitor'
import { capAlertRows, filterCapAlertRows } from './cap-alert-rows'

const signal = (id: string, name: string, station: string, friendlyName: string | null = null) => ({
  id,
  name,
  friendlyName,
  stationName: station,
  lineId: 'L1',
})
const limitsOf = (signalUUID: string, rows = 1) => ({
  signalUUID,
  lineUUID: 'L1',
  limits: Array.from({ length: rows }, () => ({}) as never),
})
const cap = (id: string, signalId: string, line = 'L1') =>
  ({
    monitor_uuid: id,
    monitor_type: 'cap',
    active: true,
    monitor_filter: { line_uuid: line, signal_uuids: [signalId] },
  }) as unknown as Monitor

describe('Cap Alerts rows', () => {
  const signals = [
    signal('a', 'Torque', 'Weld'),
    signal('b', 'Gap', 'Press', 'Press Gap'),
    signal('c', 'Angle', 'Press'),
    signal('d', 'Leak', 'End'),
  ]

  it('CAPA-01 lists only signals with configured limits, sorted by station then signal, friendly names first', () => {
    const rows = capAlertRows('L1', signals, [limitsOf('a'), limitsOf('b'), limitsOf('c', 0)], [])
    expect(rows.map((r) => [r.station, r.signal])).toEqual([
      ['Press', 'Press Gap'],
      ['Weld', 'Torque'],
    ])
    expect(rows.every((r) => r.hasLimits && r.monitor === undefined)).toBe(true)
  })

  it("CAPA-01 a cap monitor whose signal has no limits stays listed with the 'No limits configured' warning", () => {
    const rows = capAlertRows(
      'L1',
      signals,
      [limitsOf('a')],
      [cap('m1', 'd'), cap('m2', 'a'), cap('x', 'c', 'L2')],
    )
    expect(rows.map((r) => [r.signalId, r.hasLimits, r.monitor?.monitor_uuid])).toEqual([
      ['d', false, 'm1'],
      ['a', true, 'm2'],
    ])
  })

  it('CAPA-05 the filter matches station or signal, ignoring case', () => {
    const rows = capAlertRows('L1', signals, [limitsOf('a'), limitsOf('b'), limitsOf('c')], [])
    expect(filterCapAlertRows(rows, ' press ').map((r) => r.signalId)).toEqual(['c', 'b'])
    expect(filterCapAlertRows(rows, 'TORQ').map((r) => r.signalId)).toEqual(['a'])
    expect(filterCapAlertRows(rows, 'nothing')).toEqual([])
  })
})
