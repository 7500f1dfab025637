import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Monitor } from '../../../shared/schema/monitor'
import { newMonitorFilter } from '../../../shared/schema/monitor-filter'
import {
  ACTIVE_PATH,
  SIGNAL_GROUP_SELECTION_PATH,
  validateMonitorReferences,
} from '../../../shared/validation/monitor-references'
import type { MonitorReferences } from '../../../shared/validation/monitor-references'

// The spec does not word these rejections (only the server can decide them): the three messages are
// copied from shared/validation/messages.ts (Messages.monitor.signalNotOnLine / groupNotOnLine /
// inactiveLine).
const SIGNAL_NOT_ON_LINE = "Every selected signal must be a signal of the monitor's line"
const GROUP_NOT_ON_LINE = "Every selected signal group must be a signal group of the monitor's line"
const INACTIVE_LINE = 'A monitor of an inactive line cannot be activated. Activate the line first.'

const SIGNALS = ['monitor_filter', 'signal_uuids']
const GROUPS = ['monitor_filter', 'signal_group_uuids']

type MonitorPart = Pick<Monitor, 'active' | 'monitor_filter'>

const monitor = (
  signal_uuids: ReadonlyArray<string>,
  signal_group_uuids: ReadonlyArray<string> = [],
  active = false,
): MonitorPart => ({
  active,
  monitor_filter: {
    ...newMonitorFilter({ cust_uuid: 'c1', plant_uuid: 'p1', line_uuid: 'L1' }),
    signal_uuids,
    signal_group_uuids,
  },
})

/** Signals s1..s3 and groups g1, g2 on L1; s9 and g9 on L2; anything else unknown or deleted. */
const refs = (lineActive = true): MonitorReferences => ({
  lineActive,
  signalLines: new Map([
    ['s1', 'L1'],
    ['s2', 'L1'],
    ['s3', 'L1'],
    ['s9', 'L2'],
  ]),
  groupLines: new Map([
    ['g1', 'L1'],
    ['g2', 'L1'],
    ['g9', 'L2'],
  ]),
})

describe('SIG-04 a monitor watches signals and groups of its own line only', () => {
  test('SIG-04 the paths are the signal and group selections of the filter, and active', () => {
    expect(SIGNAL_GROUP_SELECTION_PATH).toEqual(GROUPS)
    expect(ACTIVE_PATH).toEqual(['active'])
  })

  const rows: ReadonlyArray<
    readonly [
      string,
      ReadonlyArray<string>,
      ReadonlyArray<string>,
      ReadonlyArray<readonly [string[], string]>,
    ]
  > = [
    ['nothing selected', [], [], []],
    ['signals and groups of the line', ['s1', 's2', 's3'], ['g1', 'g2'], []],
    ['the same signal twice', ['s1', 's1'], [], []],
    ['a signal of another line', ['s9'], [], [[SIGNALS, SIGNAL_NOT_ON_LINE]]],
    ['an unknown or deleted signal', ['gone'], [], [[SIGNALS, SIGNAL_NOT_ON_LINE]]],
    [
      'one signal of another line among good ones',
      ['s1', 's2', 's9'],
      ['g1'],
      [[SIGNALS, SIGNAL_NOT_ON_LINE]],
    ],
    ['several bad signals (reported once)', ['s9', 'gone', 'x'], [], [[SIGNALS, SIGNAL_NOT_ON_LINE]]],
    ['a group id given as a signal', ['g1'], [], [[SIGNALS, SIGNAL_NOT_ON_LINE]]],
    ['a group of another line', ['s1'], ['g9'], [[GROUPS, GROUP_NOT_ON_LINE]]],
    ['an unknown or deleted group', [], ['gone'], [[GROUPS, GROUP_NOT_ON_LINE]]],
    ['one group of another line among good ones', [], ['g1', 'g9', 'g2'], [[GROUPS, GROUP_NOT_ON_LINE]]],
    ['a signal id given as a group', [], ['s1'], [[GROUPS, GROUP_NOT_ON_LINE]]],
    [
      'a bad signal and a bad group',
      ['s9'],
      ['g9'],
      [
        [SIGNALS, SIGNAL_NOT_ON_LINE],
        [GROUPS, GROUP_NOT_ON_LINE],
      ],
    ],
  ]
  test.each(rows)('SIG-04 %s', (_what, signals, groups, expected) => {
    expect(validateMonitorReferences(monitor(signals, groups), refs())).toEqual(
      expected.map(([path, message]) => ({ path, message })),
    )
  })

  test(`SIG-04 a signal of another line is rejected with "${SIGNAL_NOT_ON_LINE}"`, () => {
    expect(validateMonitorReferences(monitor(['s9']), refs())).toEqual([
      { path: SIGNALS, message: SIGNAL_NOT_ON_LINE },
    ])
  })

  test("SIG-04 the monitor's line decides: the same ids are fine for a monitor of L2", () => {
    const m = monitor(['s9'], ['g9'])
    const onL2: MonitorPart = { ...m, monitor_filter: { ...m.monitor_filter, line_uuid: 'L2' } }
    expect(validateMonitorReferences(onL2, refs())).toEqual([])
    expect(validateMonitorReferences({ ...onL2, active: true }, refs())).toEqual([])
  })

  test('SIG-04 property: errors exactly when some selected signal or group is not on the line', () => {
    const id = fc.constantFrom('s1', 's2', 's3', 's9', 'g1', 'g2', 'g9', 'gone')
    fc.assert(
      fc.property(fc.array(id, { maxLength: 5 }), fc.array(id, { maxLength: 5 }), (signals, groups) => {
        const r = refs()
        const badSignal = signals.some((s) => r.signalLines.get(s) !== 'L1')
        const badGroup = groups.some((g) => r.groupLines.get(g) !== 'L1')
        const errors = validateMonitorReferences(monitor(signals, groups), r)
        expect(errors).toEqual([
          ...(badSignal ? [{ path: SIGNALS, message: SIGNAL_NOT_ON_LINE }] : []),
          ...(badGroup ? [{ path: GROUPS, message: GROUP_NOT_ON_LINE }] : []),
        ])
      }),
    )
  })
})

describe('LINE-03 a monitor of an inactive line cannot be started', () => {
  const rows = [true, false].flatMap((active) =>
    [true, false].flatMap((lineActive) =>
      [true, false].map(
        (wasActive) => [active, lineActive, wasActive, active && !lineActive && !wasActive] as const,
      ),
    ),
  )
  test.each(rows)(
    'LINE-03 monitor active %s, line active %s, was active %s: refused %s',
    (active, lineActive, wasActive, refused) => {
      expect(validateMonitorReferences(monitor(['s1'], [], active), refs(lineActive), wasActive)).toEqual(
        refused ? [{ path: ['active'], message: INACTIVE_LINE }] : [],
      )
    },
  )

  test(`LINE-03 switching a monitor on while its line is inactive is rejected with '${INACTIVE_LINE}'`, () => {
    // wasActive defaults to false: a new monitor, or one being switched on.
    expect(validateMonitorReferences(monitor(['s1'], [], true), refs(false))).toEqual([
      { path: ['active'], message: INACTIVE_LINE },
    ])
  })

  test('LINE-03 an inactive monitor of an inactive line may still be edited', () => {
    expect(validateMonitorReferences(monitor(['s1', 's2'], ['g1'], false), refs(false))).toEqual([])
  })

  test('LINE-03 every rule is reported together, in order: signals, groups, active', () => {
    expect(validateMonitorReferences(monitor(['s9'], ['gone'], true), refs(false))).toEqual([
      { path: SIGNALS, message: SIGNAL_NOT_ON_LINE },
      { path: GROUPS, message: GROUP_NOT_ON_LINE },
      { path: ['active'], message: INACTIVE_LINE },
    ])
  })
})
