import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ENTITY_TYPES } from '../../../shared/constants'
import type { EntityType, Signal, SingleSide } from '../../../shared/schema/signal'
import {
  dissociatedBy,
  linksChanged,
  validateSignalLinks,
  withEntityType,
} from '../../../shared/validation/signal-link-rules'
import type { LinkedSignal } from '../../../shared/validation/signal-link-rules'

// Messages: 'At least one measurement must be selected.', 'No more than 1 upper limit may be selected.'
// (and its result equivalent), 'A single boundary must be selected when the signal is Single Sided.' and
// 'Only measurement, result, lower-limit and upper-limit signals can be associated.' are copied from the
// spec (settings-area.md §2, §5). The spec does not word a link to an unknown signal or to a signal of the
// wrong entity type: 'Signal not found' and 'The {what} must be a signal of entity type {TYPE}' are copied
// from shared/validation/messages.ts (Messages.signals.signalNotFound / linkTargetType).
const AT_LEAST_ONE_MEASUREMENT = 'At least one measurement must be selected.'
const NOT_ASSOCIABLE = 'Only measurement, result, lower-limit and upper-limit signals can be associated.'
const SINGLE_BOUNDARY = 'A single boundary must be selected when the signal is Single Sided.'
const MORE_THAN_ONE_RESULT = 'No more than 1 result may be selected.'
const SIGNAL_NOT_FOUND = 'Signal not found'

const signal = (overrides: Partial<Signal> = {}): Signal => ({
  id: 'M1',
  name: 'Torque',
  friendlyName: null,
  entityType: 'MEASUREMENT',
  isSignalActive: true,
  singleSide: null,
  upperLimit: null,
  lowerLimit: null,
  result: [],
  qualityCharacteristic: 'Critical',
  resultClassifications: [],
  stationId: 'ST1',
  stationName: 'Station 1',
  lineId: 'L1',
  ...overrides,
})

/** The line L1: an upper limit, a lower limit, two results, another measurement, a part attribute. */
const LINE: ReadonlyArray<Signal> = [
  signal({ id: 'U1', entityType: 'UPPER_LIMIT' }),
  signal({ id: 'LO1', entityType: 'LOWER_LIMIT' }),
  signal({ id: 'R1', entityType: 'RESULT' }),
  signal({ id: 'R2', entityType: 'RESULT' }),
  signal({ id: 'R3', entityType: 'RESULT' }),
  signal({ id: 'M2', entityType: 'MEASUREMENT' }),
  signal({ id: 'PA1', entityType: 'PART_ATTRIBUTE' }),
  signal({ id: 'C1', entityType: 'COMPONENT_ID' }),
  signal({ id: 'UN1', entityType: 'UNITS' }),
  signal({ id: 'X1', entityType: 'UNKNOWN' }),
  // The right entity types, but on another line.
  signal({ id: 'U9', entityType: 'UPPER_LIMIT', lineId: 'L2' }),
  signal({ id: 'LO9', entityType: 'LOWER_LIMIT', lineId: 'L2' }),
  signal({ id: 'R9', entityType: 'RESULT', lineId: 'L2' }),
]

const byId = (extra: ReadonlyArray<Signal> = []): ReadonlyMap<string, LinkedSignal> =>
  new Map([...LINE, ...extra].map((s) => [s.id, s]))

const validate = (m: Signal, singleSidedFlag = false) => validateSignalLinks(m, byId([m]), singleSidedFlag)

const NON_MEASUREMENT_ASSOCIABLE = ['UPPER_LIMIT', 'LOWER_LIMIT', 'RESULT'] as const
const NOT_ASSOCIABLE_TYPES = ['PART_ATTRIBUTE', 'COMPONENT_ID', 'UNITS', 'UNKNOWN'] as const

describe('SM-10 stored associations: links of a signal', () => {
  test.each(ENTITY_TYPES)('SM-10 a %s signal without links is valid', (entityType) => {
    expect(validate(signal({ entityType }))).toEqual([])
  })

  test.each(['LOWER', 'UPPER'] as const)(
    'SM-10 a %s single-sided measurement without links is valid with the single-sided flag on',
    (singleSide) => {
      expect(validate(signal({ singleSide }), true)).toEqual([])
    },
  )

  const validLinks: ReadonlyArray<readonly [string, Partial<Signal>]> = [
    ['an upper limit only', { upperLimit: 'U1' }],
    ['a lower limit only', { lowerLimit: 'LO1' }],
    ['a result only', { result: ['R1'] }],
    ['an upper limit, a lower limit and a result', { upperLimit: 'U1', lowerLimit: 'LO1', result: ['R1'] }],
  ]
  test.each(validLinks)('SM-10 a measurement linking %s is valid', (_what, links) => {
    expect(validate(signal(links))).toEqual([])
    expect(validate(signal(links), true)).toEqual([])
  })

  test.each(NON_MEASUREMENT_ASSOCIABLE)(
    `SM-10 a %s signal holding links is rejected at entityType with '${AT_LEAST_ONE_MEASUREMENT}'`,
    (entityType) => {
      expect(validate(signal({ entityType, upperLimit: 'U1', result: ['R1'] }))).toEqual([
        { path: ['entityType'], message: AT_LEAST_ONE_MEASUREMENT },
      ])
    },
  )

  test.each(NOT_ASSOCIABLE_TYPES)(
    `SM-10 a %s signal holding links is rejected at entityType with '${NOT_ASSOCIABLE}'`,
    (entityType) => {
      expect(validate(signal({ entityType, lowerLimit: 'LO1' }))).toEqual([
        { path: ['entityType'], message: NOT_ASSOCIABLE },
      ])
    },
  )

  test.each([
    ['an upper limit', { upperLimit: 'U1' }],
    ['a lower limit', { lowerLimit: 'LO1' }],
    ['a result', { result: ['R1'] }],
  ] as const)('SM-10 any single link (%s) makes a non-measurement signal invalid', (_what, links) => {
    expect(validate(signal({ entityType: 'RESULT', ...links }))).toHaveLength(1)
  })
})

describe('SM-10 stored associations: link targets', () => {
  const UPPER_MSG = 'The upper limit must be a signal of entity type UPPER_LIMIT'
  const LOWER_MSG = 'The lower limit must be a signal of entity type LOWER_LIMIT'
  const RESULT_MSG = 'The result must be a signal of entity type RESULT'
  const wrongType: ReadonlyArray<readonly [string, string, Partial<Signal>, ReadonlyArray<string | number>]> =
    [
      ['upper limit → LOWER_LIMIT', UPPER_MSG, { upperLimit: 'LO1' }, ['upperLimit']],
      ['upper limit → RESULT', UPPER_MSG, { upperLimit: 'R1' }, ['upperLimit']],
      ['upper limit → MEASUREMENT', UPPER_MSG, { upperLimit: 'M2' }, ['upperLimit']],
      ['upper limit → the measurement itself', UPPER_MSG, { upperLimit: 'M1' }, ['upperLimit']],
      ['lower limit → UPPER_LIMIT', LOWER_MSG, { lowerLimit: 'U1' }, ['lowerLimit']],
      ['lower limit → RESULT', LOWER_MSG, { lowerLimit: 'R1' }, ['lowerLimit']],
      ['lower limit → MEASUREMENT', LOWER_MSG, { lowerLimit: 'M2' }, ['lowerLimit']],
      ['result → UPPER_LIMIT', RESULT_MSG, { result: ['U1'] }, ['result', 0]],
      ['result → LOWER_LIMIT', RESULT_MSG, { result: ['LO1'] }, ['result', 0]],
      ['result → MEASUREMENT', RESULT_MSG, { result: ['M2'] }, ['result', 0]],
    ]
  test.each(wrongType)(
    "SM-10 a link of the wrong entity type (%s) is rejected with '%s'",
    (_t, message, links, path) => {
      expect(validate(signal(links))).toEqual([{ path, message }])
    },
  )

  const notAssociable = NOT_ASSOCIABLE_TYPES.flatMap((entityType) => {
    const id = LINE.find((s) => s.entityType === entityType)!.id
    return [
      [entityType, 'upper limit', { upperLimit: id }, ['upperLimit']],
      [entityType, 'lower limit', { lowerLimit: id }, ['lowerLimit']],
      [entityType, 'result', { result: [id] }, ['result', 0]],
    ] as const
  })
  test.each(notAssociable)(
    `SM-10 a link to a %s signal (as %s) is rejected with '${NOT_ASSOCIABLE}'`,
    (_type, _what, links, path) => {
      expect(validate(signal(links))).toEqual([{ path: [...path], message: NOT_ASSOCIABLE }])
    },
  )

  const missing: ReadonlyArray<readonly [string, Partial<Signal>, ReadonlyArray<string | number>]> = [
    ['an unknown upper limit', { upperLimit: 'nope' }, ['upperLimit']],
    ['an unknown lower limit', { lowerLimit: 'nope' }, ['lowerLimit']],
    ['an unknown result', { result: ['nope'] }, ['result', 0]],
    ['an upper limit of another line', { upperLimit: 'U9' }, ['upperLimit']],
    ['a lower limit of another line', { lowerLimit: 'LO9' }, ['lowerLimit']],
    ['a result of another line', { result: ['R9'] }, ['result', 0]],
  ]
  test.each(missing)(`SM-10 %s is rejected with '${SIGNAL_NOT_FOUND}'`, (_what, links, path) => {
    expect(validate(signal(links))).toEqual([{ path, message: SIGNAL_NOT_FOUND }])
  })

  test('SM-10 a link of another line is not found even when the signals map holds it', () => {
    // The other line's signal is in the map with the right entity type: only the line makes it wrong.
    const m = signal({ upperLimit: 'U9', lowerLimit: 'LO9', result: ['R9'] })
    expect(validate(m).map((e) => e.message)).toEqual([SIGNAL_NOT_FOUND, SIGNAL_NOT_FOUND, SIGNAL_NOT_FOUND])
  })

  test('SM-10 the measurement of another line may link to that line’s signals', () => {
    expect(validate(signal({ lineId: 'L2', upperLimit: 'U9', lowerLimit: 'LO9', result: ['R9'] }))).toEqual(
      [],
    )
  })

  test('SM-10 every bad link is reported, each at its own path', () => {
    expect(validate(signal({ upperLimit: 'R1', lowerLimit: 'nope', result: ['PA1'] }))).toEqual([
      { path: ['upperLimit'], message: 'The upper limit must be a signal of entity type UPPER_LIMIT' },
      { path: ['lowerLimit'], message: SIGNAL_NOT_FOUND },
      { path: ['result', 0], message: NOT_ASSOCIABLE },
    ])
  })
})

describe('SM-10 stored associations: at most one result', () => {
  const counts: ReadonlyArray<readonly [string, ReadonlyArray<string>, boolean]> = [
    ['0 results (with an upper limit)', [], true],
    ['1 result', ['R1'], true],
    ['2 results', ['R1', 'R2'], false],
    ['3 results', ['R1', 'R2', 'R3'], false],
    ['the same result twice', ['R1', 'R1'], false],
  ]
  test.each(counts)('SM-10 a measurement with %s', (_what, result, valid) => {
    const errors = validate(signal({ upperLimit: 'U1', result }))
    expect(errors).toEqual(valid ? [] : [{ path: ['result'], message: MORE_THAN_ONE_RESULT }])
  })

  test(`SM-10 more than one result is rejected with '${MORE_THAN_ONE_RESULT}' and each bad target is still named`, () => {
    expect(validate(signal({ result: ['R1', 'U1'] }))).toEqual([
      { path: ['result'], message: MORE_THAN_ONE_RESULT },
      { path: ['result', 1], message: 'The result must be a signal of entity type RESULT' },
    ])
  })
})

describe('SM-10 stored associations: single-sided boundary', () => {
  type Row = readonly [boolean, SingleSide | null, string, boolean, Partial<Signal>]
  const boundaries: ReadonlyArray<readonly [string, Partial<Signal>]> = [
    ['an upper limit only', { upperLimit: 'U1' }],
    ['a lower limit only', { lowerLimit: 'LO1' }],
    ['both limits', { upperLimit: 'U1', lowerLimit: 'LO1' }],
    ['no limit (a result only)', { result: ['R1'] }],
  ]
  const rows: ReadonlyArray<Row> = [true, false].flatMap((flag) =>
    ([null, 'LOWER', 'UPPER'] as const).flatMap((side) =>
      boundaries.map(([what, links]): Row => {
        const limits = (links.upperLimit ? 1 : 0) + (links.lowerLimit ? 1 : 0)
        return [flag, side, what, !flag || side === null || limits === 1, links]
      }),
    ),
  )
  test.each(rows)(
    'SM-10 flag %s, single side %s, a measurement with %s (valid: %s)',
    (flag, singleSide, _what, valid, links) => {
      const errors = validate(signal({ singleSide, ...links }), flag)
      expect(errors).toEqual(valid ? [] : [{ path: ['boundary'], message: SINGLE_BOUNDARY }])
    },
  )

  test(`SM-10 single sided with both limits is rejected with '${SINGLE_BOUNDARY}'`, () => {
    expect(validate(signal({ singleSide: 'UPPER', upperLimit: 'U1', lowerLimit: 'LO1' }), true)).toEqual([
      { path: ['boundary'], message: SINGLE_BOUNDARY },
    ])
  })
})

describe('SM-07 entity-type change: the signal itself', () => {
  const linked = signal({ singleSide: 'LOWER', upperLimit: 'U1', lowerLimit: 'LO1', result: ['R1'] })

  test('SM-07 becoming (or staying) a measurement keeps the links and the distribution', () => {
    expect(withEntityType(linked, 'MEASUREMENT')).toEqual(linked)
  })

  test.each(ENTITY_TYPES.filter((t) => t !== 'MEASUREMENT'))(
    'SM-07 becoming %s drops the links and the distribution, and keeps everything else',
    (entityType) => {
      expect(withEntityType(linked, entityType)).toEqual({
        ...linked,
        entityType,
        upperLimit: null,
        lowerLimit: null,
        result: [],
        singleSide: null,
      })
    },
  )

  test('SM-07 the original signal is not changed', () => {
    const copy = structuredClone(linked)
    withEntityType(linked, 'RESULT')
    expect(linked).toEqual(copy)
  })
})

describe('SM-07 entity-type change: what it dissociates (dissociatedBy)', () => {
  const T = 'T1'
  type Kind = 'upperLimit' | 'lowerLimit' | 'result'
  const linkTo: Record<Kind, Partial<Signal>> = {
    upperLimit: { upperLimit: T },
    lowerLimit: { lowerLimit: T },
    result: { result: [T] },
  }
  const fits: Record<Kind, EntityType> = {
    upperLimit: 'UPPER_LIMIT',
    lowerLimit: 'LOWER_LIMIT',
    result: 'RESULT',
  }
  const rows = (['upperLimit', 'lowerLimit', 'result'] as const).flatMap((kind) =>
    ENTITY_TYPES.map((entityType) => [kind, entityType, entityType !== fits[kind]] as const),
  )
  test.each(rows)(
    'SM-07 a measurement linking the target as %s, target now %s: dissociated %s',
    (kind, entityType, dissociated) => {
      const m = signal({ id: 'M1', ...linkTo[kind] })
      const out = dissociatedBy({ id: T, entityType }, [m])
      expect(out).toEqual(dissociated ? [{ ...m, upperLimit: null, lowerLimit: null, result: [] }] : [])
    },
  )

  test('SM-07 only the misfitting link is removed; the other links stay', () => {
    const m = signal({ upperLimit: T, lowerLimit: 'LO1', result: ['R1', T, 'R2', T] })
    expect(dissociatedBy({ id: T, entityType: 'UPPER_LIMIT' }, [m])).toEqual([
      { ...m, upperLimit: T, lowerLimit: 'LO1', result: ['R1', 'R2'] },
    ])
    expect(dissociatedBy({ id: T, entityType: 'PART_ATTRIBUTE' }, [m])).toEqual([
      { ...m, upperLimit: null, lowerLimit: 'LO1', result: ['R1', 'R2'] },
    ])
  })

  test('SM-07 signals that need no change and the target itself are not returned', () => {
    const target = signal({ id: T, entityType: 'MEASUREMENT', upperLimit: T, result: [T] })
    const unrelated = signal({ id: 'M2', upperLimit: 'U1', result: ['R1'] })
    const fitting = signal({ id: 'M3', lowerLimit: T })
    const misfit = signal({ id: 'M4', upperLimit: T })
    const out = dissociatedBy({ id: T, entityType: 'LOWER_LIMIT' }, [target, unrelated, fitting, misfit])
    expect(out.map((s) => s.id)).toEqual(['M4'])
  })

  test('SM-07 several measurements are dissociated, in input order, without changing the inputs', () => {
    const a = signal({ id: 'A', result: [T] })
    const b = signal({ id: 'B', lowerLimit: T })
    const before = structuredClone([a, b])
    const out = dissociatedBy({ id: T, entityType: 'UNKNOWN' }, new Set([a, b]))
    expect(out).toEqual([
      { ...a, result: [] },
      { ...b, lowerLimit: null },
    ])
    expect([a, b]).toEqual(before)
  })

  test('SM-07 no signals, nothing dissociated', () => {
    expect(dissociatedBy({ id: T, entityType: 'RESULT' }, [])).toEqual([])
  })

  test('SM-07 property: after dissociation no signal holds a link the target no longer fits, and nothing else changes', () => {
    const ids = fc.constantFrom('T1', 'A', 'B', 'C')
    const linked = fc.record({
      id: fc.constantFrom('A', 'B', 'C', 'D', 'T1'),
      upperLimit: fc.option(ids, { nil: null }),
      lowerLimit: fc.option(ids, { nil: null }),
      result: fc.array(ids, { maxLength: 4 }),
    })
    fc.assert(
      fc.property(fc.constantFrom(...ENTITY_TYPES), fc.array(linked, { maxLength: 6 }), (entityType, raw) => {
        const signals = raw.map((r) => signal(r))
        const target = { id: T, entityType }
        const out = dissociatedBy(target, signals)
        const misfits = (s: LinkedSignal) =>
          (s.upperLimit === T && entityType !== 'UPPER_LIMIT') ||
          (s.lowerLimit === T && entityType !== 'LOWER_LIMIT') ||
          (s.result.includes(T) && entityType !== 'RESULT')
        const expected = signals.filter((s) => s.id !== T && misfits(s))
        expect(out).toHaveLength(expected.length)
        out.forEach((o, i) => {
          const original = expected[i]!
          expect(misfits(o)).toBe(false)
          expect({ ...o, upperLimit: null, lowerLimit: null, result: [] }).toEqual({
            ...original,
            upperLimit: null,
            lowerLimit: null,
            result: [],
          })
          expect(o.result).toEqual(original.result.filter((id) => id !== T || entityType === 'RESULT'))
          if (original.upperLimit !== T) expect(o.upperLimit).toBe(original.upperLimit)
          if (original.lowerLimit !== T) expect(o.lowerLimit).toBe(original.lowerLimit)
        })
      }),
    )
  })
})

describe('SM-10 whether the links changed (linksChanged)', () => {
  const base = signal({ upperLimit: 'U1', lowerLimit: 'LO1', result: ['R1', 'R2'] })
  const rows: ReadonlyArray<readonly [string, boolean, Partial<Signal>]> = [
    ['the same links', false, {}],
    ['the results in another order', false, { result: ['R2', 'R1'] }],
    ['another upper limit', true, { upperLimit: 'U2' }],
    ['no upper limit', true, { upperLimit: null }],
    ['another lower limit', true, { lowerLimit: 'LO2' }],
    ['no lower limit', true, { lowerLimit: null }],
    ['one result fewer', true, { result: ['R1'] }],
    ['one result more', true, { result: ['R1', 'R2', 'R3'] }],
    ['a result replaced', true, { result: ['R1', 'R3'] }],
    ['a result repeated', true, { result: ['R1', 'R2', 'R2'] }],
    ['a result repeated instead of another', true, { result: ['R1', 'R1'] }],
    ['only another entity type and distribution', false, { entityType: 'RESULT', singleSide: 'UPPER' }],
  ]
  test.each(rows)('SM-10 %s: changed %s', (_what, changed, overrides) => {
    const other = signal({ ...base, ...overrides })
    expect(linksChanged(base, other)).toBe(changed)
    expect(linksChanged(other, base)).toBe(changed)
  })

  test('SM-10 property: reordering the result list is never a change', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 6 })
          .chain((r) => fc.tuple(fc.constant(r), fc.shuffledSubarray(r, { minLength: r.length }))),
        ([result, shuffled]) => {
          expect(linksChanged(signal({ result }), signal({ result: shuffled }))).toBe(false)
        },
      ),
    )
  })
})
