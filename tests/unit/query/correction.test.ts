import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ENVIRONMENT_MAX_RECORDS } from '../../../shared/constants'
import {
  clampDuration,
  clampEvaluationRatio,
  clampRecords,
  correctEvaluationRatio,
  correctQuery,
  correctSvdQuery,
  nonNegativeIntegerError,
  parseDurationMinutes,
  parseNonNegativeInteger,
  roundEvaluationRatio,
} from '../../../shared/query/correction'
import type { FilterQuery, SvdQuery } from '../../../shared/query/period'
import { filterQuery } from './query-fixtures'

// Bounds are literals from the specification, not imported constants, so a wrong constant fails here.
const query = (over: Partial<FilterQuery> = {}): FilterQuery =>
  filterQuery({
    part_numbers: ['P-1'],
    pass_fail_filter: 'FAIL',
    signalGroups: ['g-1'],
    part_attributes: [{ attributeUuid: 'a-1', selectedAttributeValues: ['red'] }],
    ...over,
  })

/** Anything a form or the wire could put in an amount field. */
const anyAmount = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.integer({ min: 0, max: 300000000 }),
  fc.constantFrom(null, undefined, '', '150', Number.NaN, Number.POSITIVE_INFINITY, -0),
)

describe('FLT-04 duration correction', () => {
  test.each([
    [59999, 60000],
    [60000, 60000],
    [3600000, 3600000],
    [180000000, 180000000],
    [180000001, 180000000],
    [0, 60000],
    ['', 3600000],
    [-5, 3600000],
    [null, 3600000],
    [undefined, 3600000],
    [Number.NaN, 3600000],
    [Number.POSITIVE_INFINITY, 3600000],
    ['120000', 3600000],
  ] as const)('FLT-04 a duration of %s ms is clamped to %s', (input, expected) => {
    expect(clampDuration(input)).toBe(expected)
  })

  test('FLT-04 a fractional duration is rounded to whole milliseconds', () => {
    expect(clampDuration(60000.4)).toBe(60000)
    expect(clampDuration(60000.6)).toBe(60001)
  })

  test('FLT-04 duration correction is idempotent and always in bounds', () => {
    fc.assert(
      fc.property(anyAmount, (value) => {
        const once = clampDuration(value)
        return clampDuration(once) === once && once >= 60000 && once <= 180000000 && Number.isInteger(once)
      }),
    )
  })
})

describe('FLT-04 records correction', () => {
  test.each([
    [49, 50],
    [50, 50],
    [150, 150],
    [ENVIRONMENT_MAX_RECORDS, ENVIRONMENT_MAX_RECORDS],
    [ENVIRONMENT_MAX_RECORDS + 1, ENVIRONMENT_MAX_RECORDS],
    [0, 50],
    ['', 150],
    [null, 150],
    [-1, 150],
    [Number.NaN, 150],
  ] as const)('FLT-04 %s records are clamped to %s', (input, expected) => {
    expect(clampRecords(input)).toBe(expected)
  })

  test('FLT-04 the maximum is never below the minimum of 50 (25 / 0.5)', () => {
    expect(clampRecords(1000, 10)).toBe(50)
    expect(clampRecords(49, 10)).toBe(50)
    expect(clampRecords(1000, 500)).toBe(500)
  })

  test('FLT-04 the default of 150 is itself clamped when the environment maximum is lower', () => {
    expect(clampRecords('', 100)).toBe(100)
    expect(clampRecords(clampRecords('', 100), 100)).toBe(100)
  })

  test('FLT-04 records correction is idempotent and always in bounds', () => {
    fc.assert(
      fc.property(anyAmount, fc.integer({ min: -10, max: 200000 }), (value, max) => {
        const once = clampRecords(value, max)
        return clampRecords(once, max) === once && once >= 50 && once <= Math.max(50, max)
      }),
    )
  })
})

describe('FLT-04 evaluation ratio correction', () => {
  test.each([
    [0.00999, 0.01],
    [0.01, 0.01],
    [0.123456, 0.1235],
    [0.2, 0.2],
    [0.5, 0.5],
    [0.51, 0.5],
    [0, 0.01],
    [1, 0.5],
    [Number.NaN, 0.2],
    [null, 0.2],
  ] as const)('FLT-04 an evaluation ratio of %s is corrected to %s', (input, expected) => {
    expect(correctEvaluationRatio(input)).toBe(expected)
  })

  test('FLT-04 the evaluation ratio is rounded half up to 4 decimals as written, not as stored in binary', () => {
    expect(roundEvaluationRatio(0.123456)).toBe(0.1235)
    expect(roundEvaluationRatio(0.02005)).toBe(0.0201)
    expect(roundEvaluationRatio(0.00015)).toBe(0.0002)
    expect(roundEvaluationRatio(0.00004)).toBe(0)
    expect(roundEvaluationRatio(1e-7)).toBe(0)
  })

  test('FLT-04 the evaluation ratio is clamped to 0.01–0.5 in the query', () => {
    expect(clampEvaluationRatio(0.005)).toBe(0.01)
    expect(clampEvaluationRatio(0.75)).toBe(0.5)
    expect(clampEvaluationRatio(0.3)).toBe(0.3)
  })

  test('FLT-04 evaluation ratio correction is idempotent, in bounds and has at most 4 decimals', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.double({ min: 0, max: 1, noNaN: true })), (value) => {
        const once = correctEvaluationRatio(value)
        const decimals = (String(once).split('.')[1] ?? '').length
        return correctEvaluationRatio(once) === once && once >= 0.01 && once <= 0.5 && decimals <= 4
      }),
    )
  })
})

describe('FLT-04 query correction', () => {
  test('FLT-04 correctQuery corrects durations, records and the ratio, and nothing else', () => {
    const q = query({
      start_duration: 59999,
      end_duration: '' as unknown as null,
      start_records: 49,
      evaluation_ratio: 0.51,
    })
    expect(correctQuery(q)).toEqual({
      ...q,
      start_duration: 60000,
      end_duration: 3600000,
      start_records: 50,
      end_records: 150,
      evaluation_ratio: 0.5,
    })
  })

  test('FLT-04 correctQuery is idempotent', () => {
    const anyQuery = fc.record({
      start_duration: anyAmount,
      end_duration: anyAmount,
      start_records: anyAmount,
      end_records: anyAmount,
      evaluation_ratio: fc.double(),
    })
    fc.assert(
      fc.property(anyQuery, (amounts) => {
        const once = correctQuery(query(amounts as Partial<FilterQuery>))
        expect(correctQuery(once)).toEqual(once)
      }),
    )
  })

  test('FLT-04 correctSvdQuery corrects samples, period_duration and the ratio', () => {
    const q: SvdQuery = {
      line_uuid: 'line-1',
      signal: { signal_uuid: 's-1' },
      start_time: null,
      end_time: '2026-03-08T12:00:00.000Z',
      samples: 10,
      period_duration: 180000001,
      pt_num: [],
      pass_fail_filter: 'ALL',
      evaluation_ratio: 0.00999,
      period_mode: 'END_DURATION',
      part_attributes: [],
      metric: 'WASSERSTEIN',
      frequency: 60,
      threshold: 'low',
    }
    const corrected = correctSvdQuery(q)
    expect(corrected).toEqual({ ...q, samples: 50, period_duration: 180000000, evaluation_ratio: 0.01 })
    expect(correctSvdQuery(corrected)).toEqual(corrected)
  })
})

describe('FLT-03 Duration (minutes) and Records inputs', () => {
  test.each([
    ['0', 0],
    ['15', 15],
    ['007', 7],
    ['9007199254740991', 9007199254740991],
  ] as const)('FLT-03 %j is accepted as %s', (raw, expected) => {
    expect(parseNonNegativeInteger(raw)).toBe(expected)
  })

  test.each(['', '-1', '1.5', '1e3', ' 3', '3 ', '+3', '0x10', '١٢', '9007199254740993', 'abc'])(
    'FLT-03 %j is refused',
    (raw) => {
      expect(parseNonNegativeInteger(raw)).toBeUndefined()
      expect(nonNegativeIntegerError(raw)).toBe('Must be a non-negative whole number')
    },
  )

  test('FLT-03 every non-negative integer written in digits is accepted as itself', () => {
    fc.assert(fc.property(fc.nat(), (n) => parseNonNegativeInteger(String(n)) === n))
  })

  test('FLT-03 Duration is entered in minutes and stored in ms', () => {
    expect(parseDurationMinutes('60')).toBe(3600000)
    expect(parseDurationMinutes('1')).toBe(60000)
    expect(parseDurationMinutes('1.5')).toBeUndefined()
    expect(nonNegativeIntegerError('60')).toBeUndefined()
  })
})
