import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Monitor } from '../../../shared/schema/monitor'
import type { MonitorFilter } from '../../../shared/schema/monitor-filter'
import {
  findDuplicateMonitor,
  monitorSettingsKey,
  sameMonitorSettings,
} from '../../../shared/validation/monitor-duplicate'

// MON-07: the spec's duplicate wording ('Duplicate Monitor Found' / 'You already have a monitor {name}
// configured with these settings.') is produced by the server from the monitor findDuplicateMonitor
// returns; these rules decide only *whether* two monitors have the same settings.

type Overrides = Partial<Omit<Monitor, 'monitor_filter'>> & { readonly filter?: Partial<MonitorFilter> }

const monitor = ({ filter = {}, ...overrides }: Overrides = {}): Monitor => ({
  monitor_uuid: 'mon-1',
  monitor_name: 'MVD Monitor 1',
  monitor_type: 'mvd',
  active: true,
  frequency: 60,
  notes: '',
  use_excluded_part_ids: false,
  use_excluded_model_numbers: false,
  ...overrides,
  monitor_filter: {
    cust_uuid: 'cust-1',
    plant_uuid: 'plant-1',
    line_uuid: 'line-1',
    signal_uuids: ['s1', 's2', 's3'],
    signal_group_uuids: ['g1', 'g2'],
    part_groups: ['pg1', 'pg2'],
    part_numbers: ['P-100', 'P-200', 'P-300'],
    part_attributes: [
      { attributeUuid: 'color', selectedAttributeValues: ['red', 'blue'] },
      { attributeUuid: 'shift', selectedAttributeValues: ['A'] },
    ],
    pass_fail_filter: 'ALL',
    evaluation_ratio: 0.2,
    sample_size: 150,
    alert_threshold: 'medium',
    ...filter,
  },
})

const BASE = monitor()

describe('MON-07 same settings: what does not make a difference', () => {
  const same: ReadonlyArray<readonly [string, Overrides]> = [
    ['identical settings', {}],
    ['the signals in another order', { filter: { signal_uuids: ['s3', 's1', 's2'] } }],
    ['a signal listed twice', { filter: { signal_uuids: ['s1', 's2', 's3', 's2'] } }],
    ['the signal groups in another order', { filter: { signal_group_uuids: ['g2', 'g1'] } }],
    ['the part numbers in another order', { filter: { part_numbers: ['P-300', 'P-100', 'P-200'] } }],
    ['the part groups in another order', { filter: { part_groups: ['pg2', 'pg1'] } }],
    [
      'the part attributes in another order',
      {
        filter: {
          part_attributes: [
            { attributeUuid: 'shift', selectedAttributeValues: ['A'] },
            { attributeUuid: 'color', selectedAttributeValues: ['red', 'blue'] },
          ],
        },
      },
    ],
    [
      'the attribute values in another order',
      {
        filter: {
          part_attributes: [
            { attributeUuid: 'color', selectedAttributeValues: ['blue', 'red'] },
            { attributeUuid: 'shift', selectedAttributeValues: ['A'] },
          ],
        },
      },
    ],
    [
      'one attribute split over two entries',
      {
        filter: {
          part_attributes: [
            { attributeUuid: 'color', selectedAttributeValues: ['red'] },
            { attributeUuid: 'shift', selectedAttributeValues: ['A'] },
            { attributeUuid: 'color', selectedAttributeValues: ['blue'] },
          ],
        },
      },
    ],
    ['another name', { monitor_name: 'Something else' }],
    ['other notes', { notes: 'watch the night shift' }],
    ['another frequency', { frequency: 5 }],
    ['inactive', { active: false }],
    ['another uuid', { monitor_uuid: 'mon-2' }],
    ['an evaluation ratio differing only in the 5th decimal (up)', { filter: { evaluation_ratio: 0.20004 } }],
    [
      'an evaluation ratio differing only in the 5th decimal (down)',
      { filter: { evaluation_ratio: 0.19996 } },
    ],
  ]
  test.each(same)('MON-07 %s is still a duplicate', (_what, overrides) => {
    const other = monitor(overrides)
    expect(sameMonitorSettings(BASE, other)).toBe(true)
    expect(sameMonitorSettings(other, BASE)).toBe(true)
    expect(monitorSettingsKey(other)).toBe(monitorSettingsKey(BASE))
  })

  test('MON-07 an evaluation ratio of 0.1 + 0.2 is the same setting as 0.3', () => {
    const a = monitor({ filter: { evaluation_ratio: 0.3 } })
    expect(sameMonitorSettings(a, monitor({ filter: { evaluation_ratio: 0.1 + 0.2 } }))).toBe(true)
  })
})

describe('MON-07 same settings: what makes a difference', () => {
  const different: ReadonlyArray<readonly [string, Overrides]> = [
    ['another type (svd)', { monitor_type: 'svd' }],
    ['another type (cap)', { monitor_type: 'cap' }],
    ['another line', { filter: { line_uuid: 'line-2' } }],
    ['one signal more', { filter: { signal_uuids: ['s1', 's2', 's3', 's4'] } }],
    ['one signal fewer', { filter: { signal_uuids: ['s1', 's2'] } }],
    ['a signal replaced', { filter: { signal_uuids: ['s1', 's2', 's4'] } }],
    ['one signal group fewer', { filter: { signal_group_uuids: ['g1'] } }],
    ['no signal groups', { filter: { signal_group_uuids: [] } }],
    ['one part number more', { filter: { part_numbers: ['P-100', 'P-200', 'P-300', 'P-400'] } }],
    ['no part numbers', { filter: { part_numbers: [] } }],
    ['another part group', { filter: { part_groups: ['pg1', 'pg3'] } }],
    [
      'another attribute value',
      {
        filter: {
          part_attributes: [
            { attributeUuid: 'color', selectedAttributeValues: ['red', 'green'] },
            { attributeUuid: 'shift', selectedAttributeValues: ['A'] },
          ],
        },
      },
    ],
    [
      'an attribute fewer',
      { filter: { part_attributes: [{ attributeUuid: 'color', selectedAttributeValues: ['red', 'blue'] }] } },
    ],
    [
      'an attribute with no values instead of none',
      {
        filter: {
          part_attributes: [
            { attributeUuid: 'color', selectedAttributeValues: ['red', 'blue'] },
            { attributeUuid: 'shift', selectedAttributeValues: ['A'] },
            { attributeUuid: 'size', selectedAttributeValues: [] },
          ],
        },
      },
    ],
    ['another pass/fail filter (PASS)', { filter: { pass_fail_filter: 'PASS' } }],
    ['another pass/fail filter (FAIL)', { filter: { pass_fail_filter: 'FAIL' } }],
    ['an evaluation ratio differing in the 4th decimal', { filter: { evaluation_ratio: 0.2001 } }],
    ['an evaluation ratio differing in the 4th decimal (down)', { filter: { evaluation_ratio: 0.1999 } }],
    ['another evaluation ratio', { filter: { evaluation_ratio: 0.25 } }],
    ['a sample size one more', { filter: { sample_size: 151 } }],
    ['a sample size one less', { filter: { sample_size: 149 } }],
    ['another alert threshold (low)', { filter: { alert_threshold: 'low' } }],
    ['another alert threshold (high)', { filter: { alert_threshold: 'high' } }],
    ['excluded part ids used', { use_excluded_part_ids: true }],
    ['excluded model numbers used', { use_excluded_model_numbers: true }],
  ]
  test.each(different)('MON-07 %s is not a duplicate', (_what, overrides) => {
    const other = monitor(overrides)
    expect(sameMonitorSettings(BASE, other)).toBe(false)
    expect(sameMonitorSettings(other, BASE)).toBe(false)
  })

  test.each(['svd', 'mvd'] as const)('MON-07 the filter counts for %s monitors too', (monitor_type) => {
    const a = monitor({ monitor_type })
    expect(sameMonitorSettings(a, monitor({ monitor_type, filter: { sample_size: 200 } }))).toBe(false)
    expect(sameMonitorSettings(a, monitor({ monitor_type, monitor_name: 'x', frequency: 1 }))).toBe(true)
  })
})

describe('MON-07 cap monitors: type, line and signal only', () => {
  const cap = (overrides: Overrides = {}) =>
    monitor({
      monitor_type: 'cap',
      ...overrides,
      filter: { signal_uuids: ['s1'], signal_group_uuids: [], ...overrides.filter },
    })
  const CAP = cap()

  const same: ReadonlyArray<readonly [string, Overrides]> = [
    ['another sample size', { filter: { sample_size: 151 } }],
    ['another pass/fail filter', { filter: { pass_fail_filter: 'FAIL' } }],
    ['another evaluation ratio', { filter: { evaluation_ratio: 0.5 } }],
    ['another alert threshold', { filter: { alert_threshold: 'high' } }],
    ['other part numbers', { filter: { part_numbers: ['P-999'] } }],
    ['other part groups', { filter: { part_groups: [] } }],
    ['other part attributes', { filter: { part_attributes: [] } }],
    ['signal groups', { filter: { signal_group_uuids: ['g9'] } }],
    ['excluded part ids used', { use_excluded_part_ids: true }],
    ['excluded model numbers used', { use_excluded_model_numbers: true }],
    [
      'another name, notes, frequency and active',
      { monitor_name: 'x', notes: 'y', frequency: 1, active: false },
    ],
  ]
  test.each(same)('MON-07 a cap monitor of the same signal with %s is a duplicate', (_what, overrides) => {
    expect(sameMonitorSettings(CAP, cap(overrides))).toBe(true)
  })

  const different: ReadonlyArray<readonly [string, Overrides]> = [
    ['another signal', { filter: { signal_uuids: ['s2'] } }],
    ['another line', { filter: { line_uuid: 'line-2' } }],
    ['the svd type', { monitor_type: 'svd' }],
  ]
  test.each(different)('MON-07 a cap monitor against one with %s is not a duplicate', (_what, overrides) => {
    expect(sameMonitorSettings(CAP, cap(overrides))).toBe(false)
  })
})

describe('MON-07 finding the duplicate (findDuplicateMonitor)', () => {
  test('MON-07 a monitor is never its own duplicate', () => {
    expect(findDuplicateMonitor(BASE, [BASE])).toBeUndefined()
    expect(findDuplicateMonitor(BASE, [monitor({ monitor_name: 'renamed' })])).toBeUndefined()
  })

  test('MON-07 another monitor with the same settings is found, even next to the candidate itself', () => {
    const other = monitor({ monitor_uuid: 'mon-2', monitor_name: 'Line 1 drift' })
    expect(findDuplicateMonitor(BASE, [BASE, other])).toBe(other)
  })

  test('MON-07 a new monitor (no uuid yet) finds a saved one with its settings', () => {
    const { monitor_uuid: _uuid, ...draft } = monitor({ monitor_name: '' })
    expect(findDuplicateMonitor(draft, [BASE])).toBe(BASE)
  })

  test('MON-07 the first of several duplicates is returned', () => {
    const a = monitor({ monitor_uuid: 'a', filter: { sample_size: 10 } })
    const b = monitor({ monitor_uuid: 'b' })
    const c = monitor({ monitor_uuid: 'c', frequency: 7 })
    expect(findDuplicateMonitor(monitor({ monitor_uuid: 'new' }), [a, b, c])?.monitor_uuid).toBe('b')
  })

  test('MON-07 no other monitor, or none with the same settings: no duplicate', () => {
    expect(findDuplicateMonitor(BASE, [])).toBeUndefined()
    const others = [
      monitor({ monitor_uuid: 'a', filter: { line_uuid: 'line-2' } }),
      monitor({ monitor_uuid: 'b', monitor_type: 'svd' }),
    ]
    expect(findDuplicateMonitor(BASE, others)).toBeUndefined()
  })

  test('MON-07 the others may be any iterable', () => {
    const other = monitor({ monitor_uuid: 'mon-2' })
    function* gen() {
      yield other
    }
    expect(findDuplicateMonitor(BASE, gen())).toBe(other)
    expect(findDuplicateMonitor(BASE, new Set([other]))).toBe(other)
  })
})

describe('MON-07 properties', () => {
  const ids = (prefix: string) =>
    fc.uniqueArray(
      fc.integer({ min: 0, max: 50 }).map((n) => `${prefix}${n}`),
      { maxLength: 8 },
    )
  const withShuffle = <T>(arr: fc.Arbitrary<ReadonlyArray<T>>) =>
    arr.chain((a) => fc.tuple(fc.constant(a), fc.shuffledSubarray([...a], { minLength: a.length })))

  test('MON-07 property: the order of signals, groups and part numbers never matters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('cap', 'svd', 'mvd'),
        withShuffle(ids('s')),
        withShuffle(ids('g')),
        withShuffle(ids('P-')),
        (monitor_type, [signals, signals2], [groups, groups2], [parts, parts2]) => {
          const a = monitor({
            monitor_type,
            filter: { signal_uuids: signals, signal_group_uuids: groups, part_numbers: parts },
          })
          const b = monitor({
            monitor_type,
            monitor_uuid: 'mon-2',
            filter: { signal_uuids: signals2, signal_group_uuids: groups2, part_numbers: parts2 },
          })
          expect(sameMonitorSettings(a, b)).toBe(true)
          expect(findDuplicateMonitor(a, [b])).toBe(b)
        },
      ),
    )
  })

  test('MON-07 property: name, notes, frequency and active never matter', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.integer({ min: 1, max: 10_000 }),
        fc.boolean(),
        (monitor_name, notes, frequency, active) => {
          const other = monitor({ monitor_uuid: 'mon-2', monitor_name, notes, frequency, active })
          expect(monitorSettingsKey(other)).toBe(monitorSettingsKey(BASE))
        },
      ),
    )
  })

  test('MON-07 property: sample sizes and evaluation ratios are the same settings exactly when equal (ratio to 4 decimals)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 100, max: 5000 }),
        fc.integer({ min: 100, max: 5000 }),
        (size1, size2, ratio1, ratio2) => {
          const a = monitor({ filter: { sample_size: size1, evaluation_ratio: ratio1 / 10_000 } })
          const b = monitor({ filter: { sample_size: size2, evaluation_ratio: ratio2 / 10_000 } })
          expect(sameMonitorSettings(a, b)).toBe(size1 === size2 && ratio1 === ratio2)
        },
      ),
    )
  })
})
