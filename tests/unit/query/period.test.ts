import { Result, Schema } from 'effect'
import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, test } from 'vitest'
import {
  FilterQuery,
  OperationCount,
  PeriodInputMode,
  PeriodMode,
  SvdQuery,
  compatibleInputModes,
  inputModesOf,
  periodModeOf,
  resolvePeriod,
} from '../../../shared/query/period'
import { fixedClock } from '../../../shared/time/clock'
import { toUtcIso, utcToPlant } from '../../../shared/time/plant-time'
import { filterQuery, svdQuery } from './query-fixtures'

const clock = fixedClock('2026-12-01T00:00:00Z')

const query = filterQuery

const svd = (over: Partial<SvdQuery> = {}): SvdQuery =>
  svdQuery({ pt_num: ['*'], pass_fail_filter: 'PASS', ...over })

describe('FLT-02 period modes and operation counts', () => {
  test('FLT-02 the five period modes and three operation counts', () => {
    const decodes = (schema: Schema.Codec<unknown>, value: unknown) =>
      Result.isSuccess(Schema.decodeUnknownResult(schema)(value))
    for (const mode of ['START_END', 'START_RECORDS', 'END_RECORDS', 'START_DURATION', 'END_DURATION']) {
      expect(decodes(PeriodMode, mode)).toBe(true)
    }
    expect(decodes(PeriodMode, 'START_START')).toBe(false)
    for (const count of ['ALL', 'FIRST', 'LAST']) expect(decodes(OperationCount, count)).toBe(true)
    expect(decodes(OperationCount, 'SOME')).toBe(false)
    for (const mode of ['TIME', 'DURATION', 'RECORDS']) expect(decodes(PeriodInputMode, mode)).toBe(true)
  })

  test.each([
    ['TIME', 'TIME', 'START_END'],
    ['TIME', 'RECORDS', 'START_RECORDS'],
    ['RECORDS', 'TIME', 'END_RECORDS'],
    ['TIME', 'DURATION', 'START_DURATION'],
    ['DURATION', 'TIME', 'END_DURATION'],
    ['DURATION', 'DURATION', undefined],
    ['RECORDS', 'RECORDS', undefined],
    ['DURATION', 'RECORDS', undefined],
    ['RECORDS', 'DURATION', undefined],
  ] as const)('FLT-02 Start %s with End %s is period mode %s', (start, end, mode) => {
    expect(periodModeOf(start, end)).toBe(mode)
  })

  test('FLT-02 every period mode maps back to its selector modes', () => {
    for (const mode of PeriodMode.literals) {
      const { start, end } = inputModesOf(mode)
      expect(periodModeOf(start, end)).toBe(mode)
    }
  })

  test('FLT-01 a selector may be Duration or Records only when the other is Time', () => {
    expect(compatibleInputModes('TIME')).toEqual(['TIME', 'DURATION', 'RECORDS'])
    expect(compatibleInputModes('DURATION')).toEqual(['TIME'])
    expect(compatibleInputModes('RECORDS')).toEqual(['TIME'])
  })

  test('FLT-02 the filter query and the SVD query decode', () => {
    expect(Schema.decodeUnknownSync(FilterQuery)(query())).toEqual(query())
    expect(Schema.decodeUnknownSync(SvdQuery)(svd())).toEqual(svd())
    expect(
      Result.isFailure(Schema.decodeUnknownResult(FilterQuery)({ ...query(), start_mode: 'WEEKS' })),
    ).toBe(true)
    expect(Result.isFailure(Schema.decodeUnknownResult(SvdQuery)({ ...svd(), samples: Number.NaN }))).toBe(
      true,
    )
  })
})

describe('FLT-02 resolving a period to UTC bounds', () => {
  test('FLT-02 START_END keeps both times', () => {
    expect(resolvePeriod(query(), clock)).toEqual({
      kind: 'range',
      mode: 'START_END',
      startUtc: '2026-03-08T06:00:00.000Z',
      endUtc: '2026-03-08T12:00:00.000Z',
    })
  })

  test('FLT-02 START_DURATION ends one duration after the start', () => {
    const q = query({ end_mode: 'DURATION', end_duration: 3600000, end_time: null })
    expect(resolvePeriod(q, clock)).toEqual({
      kind: 'range',
      mode: 'START_DURATION',
      startUtc: '2026-03-08T06:00:00.000Z',
      endUtc: '2026-03-08T07:00:00.000Z',
    })
  })

  test('FLT-02 END_DURATION starts one duration before the end', () => {
    const q = query({ start_mode: 'DURATION', start_duration: 3600000, start_time: null })
    expect(resolvePeriod(q, clock)).toEqual({
      kind: 'range',
      mode: 'END_DURATION',
      startUtc: '2026-03-08T11:00:00.000Z',
      endUtc: '2026-03-08T12:00:00.000Z',
    })
  })

  test('FLT-02 START_RECORDS counts forward from the start, END_RECORDS backward from the end', () => {
    expect(resolvePeriod(query({ end_mode: 'RECORDS', end_records: 150 }), clock)).toEqual({
      kind: 'records',
      mode: 'START_RECORDS',
      anchorUtc: '2026-03-08T06:00:00.000Z',
      records: 150,
      direction: 'forward',
    })
    expect(resolvePeriod(query({ start_mode: 'RECORDS', start_records: 300 }), clock)).toEqual({
      kind: 'records',
      mode: 'END_RECORDS',
      anchorUtc: '2026-03-08T12:00:00.000Z',
      records: 300,
      direction: 'backward',
    })
  })

  test('FLT-02 the SVD query resolves from period_mode, period_duration and samples', () => {
    expect(resolvePeriod(svd({ period_mode: 'END_DURATION', start_time: null }), clock)).toMatchObject({
      startUtc: '2026-03-08T11:00:00.000Z',
      endUtc: '2026-03-08T12:00:00.000Z',
    })
    expect(resolvePeriod(svd({ period_mode: 'END_RECORDS' }), clock)).toMatchObject({
      anchorUtc: '2026-03-08T12:00:00.000Z',
      records: 150,
      direction: 'backward',
    })
  })

  test('FLT-02 a time the mode does not use is ignored', () => {
    const q = query({ end_mode: 'DURATION', end_duration: 60000, end_time: 'garbage' })
    expect(resolvePeriod(q, clock).kind).toBe('range')
  })

  test.each([
    ['an impossible selector pair', query({ start_mode: 'RECORDS', end_mode: 'DURATION' }), 'modes'],
    ['a missing start', query({ start_time: null }), 'start_time'],
    ['an unreadable end', query({ end_time: '2026-03-08 12:00' }), 'end_time'],
    ['a future start', query({ start_time: '2026-12-01T01:00:00.000Z' }), 'start_time'],
    ['a missing duration', query({ end_mode: 'DURATION' }), 'duration'],
    ['zero records', query({ end_mode: 'RECORDS', end_records: 0 }), 'records'],
    ['an end 999 ms after the start', query({ end_time: '2026-03-08T06:00:00.999Z' }), 'order'],
    ['an end before the start', query({ end_time: '2026-03-08T05:00:00.000Z' }), 'order'],
  ] as const)('FLT-10 %s does not resolve', (_name, q, problem) => {
    expect(resolvePeriod(q, clock)).toEqual({ kind: 'invalid', problem })
  })

  test('FLT-10 an end 1000 ms after the start resolves', () => {
    expect(resolvePeriod(query({ end_time: '2026-03-08T06:00:01.000Z' }), clock).kind).toBe('range')
  })

  test('FLT-01 a time a few seconds ahead of this clock is accepted, as another device may be a little fast', () => {
    const q = query({ start_mode: 'DURATION', start_duration: 60000, end_time: '2026-12-01T00:00:30.000Z' })
    expect(resolvePeriod(q, clock).kind).toBe('range')
    expect(resolvePeriod(q, clock, { futureToleranceMs: 0 })).toEqual({
      kind: 'invalid',
      problem: 'end_time',
    })
  })
})

describe('FLT-02 durations across daylight saving', () => {
  const wallHours = (startUtc: string, endUtc: string, zone: string) =>
    utcToPlant(startUtc, zone)
      .toPlainDateTime()
      .until(utcToPlant(endUtc, zone).toPlainDateTime())
      .total('hours')

  test('FLT-02 END_DURATION over the Chicago spring-forward spans exactly 6 h though the wall clock moves 7 h', () => {
    const q = query({
      start_mode: 'DURATION',
      start_duration: 21600000,
      end_time: '2026-03-08T12:00:00.000Z',
    })
    const period = resolvePeriod(q, clock)
    expect(period).toMatchObject({ startUtc: '2026-03-08T06:00:00.000Z', endUtc: '2026-03-08T12:00:00.000Z' })
    if (period.kind !== 'range') throw new Error('expected a range')
    expect(Date.parse(period.endUtc) - Date.parse(period.startUtc)).toBe(21600000)
    expect(wallHours(period.startUtc, period.endUtc, 'America/Chicago')).toBe(7)
  })

  test('FLT-02 END_DURATION over the Berlin fall-back spans exactly 6 h though the wall clock moves 5 h', () => {
    const q = query({
      start_mode: 'DURATION',
      start_duration: 21600000,
      end_time: '2026-10-25T06:00:00.000Z',
    })
    const period = resolvePeriod(q, clock)
    expect(period).toMatchObject({ startUtc: '2026-10-25T00:00:00.000Z', endUtc: '2026-10-25T06:00:00.000Z' })
    if (period.kind !== 'range') throw new Error('expected a range')
    expect(wallHours(period.startUtc, period.endUtc, 'Europe/Berlin')).toBe(5)
  })

  test('FLT-02 START_DURATION and END_DURATION span exactly their duration for any end in 2026', () => {
    const endOf2026 = Date.UTC(2026, 10, 30)
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 3), max: endOf2026 }),
        fc.integer({ min: 60000, max: 180000000 }),
        (endMs, duration) => {
          const time = toUtcIso(Temporal.Instant.fromEpochMilliseconds(endMs))
          const back = resolvePeriod(
            query({ start_mode: 'DURATION', start_duration: duration, end_time: time }),
            clock,
          )
          const forth = resolvePeriod(
            query({ end_mode: 'DURATION', end_duration: duration, start_time: time }),
            clock,
          )
          if (back.kind !== 'range' || forth.kind !== 'range') return false
          return (
            Date.parse(back.endUtc) - Date.parse(back.startUtc) === duration &&
            Date.parse(forth.endUtc) - Date.parse(forth.startUtc) === duration
          )
        },
      ),
    )
  })
})
