import { Result, Schema } from 'effect'
import { describe, expect, test } from 'vitest'
import type { FilterQuery } from '../../../shared/query/period'
import {
  filterQueryWithRules,
  svdQueryWithRules,
  validatePartAttributes,
  validatePeriod,
  validateQuery,
} from '../../../shared/query/query-rules'
import { fixedClock } from '../../../shared/time/clock'
import { messageAt } from '../../../shared/validation/field-error'
import { filterQuery, svdQuery } from './query-fixtures'

// Messages are literals copied from the specification, typos included: a catalogue typo fails here.
const clock = fixedClock('2026-12-01T00:00:00Z')

const query = (over: Partial<FilterQuery> = {}): FilterQuery =>
  filterQuery({
    start_records: 150,
    start_duration: 3600000,
    end_records: 150,
    end_duration: 3600000,
    ...over,
  })

const svd = svdQuery

describe('FLT-10 query times', () => {
  test('FLT-10 a valid period has no errors', () => {
    expect(validateQuery(query(), { clock })).toEqual([])
    expect(validateQuery(svd(), { clock, variant: 'svd' })).toEqual([])
  })

  test.each([null, '', 'yesterday', '2026-03-08 06:00', '2026-02-30T06:00:00Z'])(
    'FLT-10 %j as start and end time gives "Invalid Start time" and "Invalid Start End"',
    (bad) => {
      const errors = validatePeriod(query({ start_time: bad, end_time: bad }), { clock })
      expect(errors).toEqual([
        { path: ['start_time'], message: 'Invalid Start time' },
        { path: ['end_time'], message: 'Invalid Start End' },
      ])
    },
  )

  test('FLT-10 the SVD form says "Invalid Start Time" and "Invalid End Time"', () => {
    const errors = validatePeriod(svd({ start_time: null, end_time: 'x' }), { clock, variant: 'svd' })
    expect(messageAt(errors, 'start_time')).toBe('Invalid Start Time')
    expect(messageAt(errors, 'end_time')).toBe('Invalid End Time')
  })

  test('FLT-01 a time in the future is invalid, as the picker disables it', () => {
    const errors = validatePeriod(query({ end_time: '2026-12-01T01:00:00.000Z' }), { clock })
    expect(errors).toEqual([{ path: ['end_time'], message: 'Invalid Start End' }])
  })

  test('FLT-01 a time within the clock skew tolerance is not yet "future"', () => {
    expect(validatePeriod(query({ end_time: '2026-12-01T00:04:59.000Z' }), { clock })).toEqual([])
    expect(
      validatePeriod(query({ end_time: '2026-12-01T00:04:59.000Z' }), { clock, futureToleranceMs: 0 }),
    ).toEqual([{ path: ['end_time'], message: 'Invalid Start End' }])
  })

  test.each([
    [
      '999 ms',
      '2026-03-08T06:00:00.999Z',
      [{ path: ['end_time'], message: 'Start time must be less then end time' }],
    ],
    ['1000 ms', '2026-03-08T06:00:01.000Z', []],
    [
      '-1 h',
      '2026-03-08T05:00:00.000Z',
      [{ path: ['end_time'], message: 'Start time must be less then end time' }],
    ],
  ] as const)('FLT-10 an end %s after the start', (_name, end, expected) => {
    expect(validatePeriod(query({ end_time: end }), { clock })).toEqual(expected)
  })

  test('FLT-10 a duration shorter than 1000 ms points at the duration field', () => {
    const endDuration = query({ start_mode: 'DURATION', start_duration: 999, start_time: null })
    expect(validatePeriod(endDuration, { clock })).toEqual([
      { path: ['start_duration'], message: 'Start time must be less then end time' },
    ])
    const svdDuration = svd({ period_mode: 'START_DURATION', period_duration: 999 })
    expect(validatePeriod(svdDuration, { clock, variant: 'svd' })).toEqual([
      { path: ['period_duration'], message: 'Start time must be less then end time' },
    ])
  })

  test('FLT-10 only the times the period mode uses are checked', () => {
    expect(validatePeriod(query({ end_mode: 'RECORDS', end_time: null }), { clock })).toEqual([])
    expect(validatePeriod(query({ start_mode: 'DURATION', start_time: 'garbage' }), { clock })).toEqual([])
    expect(validatePeriod(svd({ period_mode: 'END_RECORDS', start_time: null }), { clock })).toEqual([])
  })

  test('FLT-02 a Start and End that are both amounts are rejected on the End selector', () => {
    const errors = validatePeriod(query({ start_mode: 'DURATION', end_mode: 'RECORDS' }), { clock })
    expect(errors.map((e) => e.path)).toEqual([['end_mode']])
  })
})

describe('FLT-09 part attributes', () => {
  const attribute = (attributeUuid: string, ...values: string[]) => ({
    attributeUuid,
    selectedAttributeValues: values,
  })

  test('FLT-09 an attribute with no name or no values is "Selection is required"', () => {
    const errors = validatePartAttributes([attribute('', 'red'), attribute('a-2'), attribute('  ', 'x')])
    expect(errors).toEqual([
      { path: ['part_attributes', 0, 'attributeUuid'], message: 'Selection is required' },
      { path: ['part_attributes', 1, 'selectedAttributeValues'], message: 'Selection is required' },
      { path: ['part_attributes', 2, 'attributeUuid'], message: 'Selection is required' },
    ])
  })

  test('FLT-09 the SVD form says "Selection is Required"', () => {
    const errors = validatePartAttributes([attribute('a-1')], { variant: 'svd' })
    expect(errors).toEqual([
      { path: ['part_attributes', 0, 'selectedAttributeValues'], message: 'Selection is Required' },
    ])
  })

  test('FLT-09 attributes missing from the collection give one "Some part attributes were not found in collection"', () => {
    const known = ['a-1', 'a-2']
    expect(
      validatePartAttributes([attribute('a-1', 'red'), attribute('a-2', 'x')], { knownAttributeIds: known }),
    ).toEqual([])
    expect(
      validatePartAttributes([attribute('a-9', 'red'), attribute('a-8', 'x')], {
        knownAttributeIds: new Set(known),
      }),
    ).toEqual([{ path: ['part_attributes'], message: 'Some part attributes were not found in collection' }])
  })

  test('FLT-09 without a collection the "not found" rule is skipped; an unnamed attribute is not "not found"', () => {
    expect(validatePartAttributes([attribute('a-9', 'red')])).toEqual([])
    expect(validatePartAttributes([attribute('', 'red')], { knownAttributeIds: [] })).toEqual([
      { path: ['part_attributes', 0, 'attributeUuid'], message: 'Selection is required' },
    ])
  })

  test('FLT-09 validateQuery reports period and attribute errors together', () => {
    const q = query({ start_time: null, part_attributes: [attribute('a-1')] })
    expect(validateQuery(q, { clock }).map((e) => e.message)).toEqual([
      'Invalid Start time',
      'Selection is required',
    ])
  })
})

describe('FLT-10 schemas that carry the rules', () => {
  test('FLT-10 decoding a filter query fails with the MVD message at its field', () => {
    const schema = filterQueryWithRules({ clock, knownAttributeIds: ['a-1'] })
    expect(Result.isSuccess(Schema.decodeUnknownResult(schema)(query()))).toBe(true)
    const result = Schema.decodeUnknownResult(schema)(query({ end_time: '2026-03-08T06:00:00.500Z' }))
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isFailure(result)) {
      expect(result.failure.message).toContain('Start time must be less then end time')
      expect(result.failure.message).toContain('["end_time"]')
    }
  })

  test('FLT-10 decoding an SVD query fails with the SVD message', () => {
    const result = Schema.decodeUnknownResult(svdQueryWithRules({ clock }))(svd({ start_time: 'nope' }))
    expect(Result.isFailure(result) && result.failure.message).toContain('Invalid Start Time')
  })
})
