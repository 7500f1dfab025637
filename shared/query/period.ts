import { Schema } from 'effect'
import type { Temporal } from 'temporal-polyfill'
import { MIN_TIME_DIFFERENCE_MS, OPERATION_COUNTS, PERIOD_INPUT_MODES, PERIOD_MODES } from '../constants'
import { PeriodInputMode, type MonitorPeriod } from '../schema/monitor-period'
import { AlertThreshold, PartAttribute, PassFailFilter } from '../schema/monitor-filter'
import type { Clock } from '../time/clock'
import { parseUtc, timeProblem, toUtcIso } from '../time/plant-time'

/**
 * The query a monitor's filter form produces (FLT-01, FLT-02) and how its period becomes concrete
 * UTC bounds. Times are UTC strings; durations are exact milliseconds added to instants, so a
 * period that crosses a daylight-saving change still spans exactly its duration.
 */

export const PeriodMode = Schema.Literals(PERIOD_MODES)
export type PeriodMode = typeof PeriodMode.Type
export { PeriodInputMode }
export const OperationCount = Schema.Literals(OPERATION_COUNTS)
export type OperationCount = typeof OperationCount.Type

// Times are any string here, not checked instants: a half-typed value must still decode so that
// the query rules can answer with the specification's message ('Invalid Start time', …).
const Time = Schema.NullOr(Schema.String)
// null is an empty input; query correction supplies the default.
const Amount = Schema.NullOr(Schema.Finite)

export const FilterQuery = Schema.Struct({
  start_time: Time,
  start_records: Amount,
  /** Milliseconds. */
  start_duration: Amount,
  start_mode: PeriodInputMode,
  end_time: Time,
  end_records: Amount,
  /** Milliseconds. */
  end_duration: Amount,
  end_mode: PeriodInputMode,
  evaluation_ratio: Schema.Finite,
  part_numbers: Schema.Array(Schema.String),
  pass_fail_filter: PassFailFilter,
  signals: Schema.Array(Schema.String),
  signalGroups: Schema.Array(Schema.String),
  part_attributes: Schema.Array(PartAttribute),
  line_uuid: Schema.NullOr(Schema.String),
})
export type FilterQuery = typeof FilterQuery.Type

/** "Signal info" of the SVD query (shape not shown in the specification): the one selected signal. */
export const SvdSignalInfo = Schema.Struct({
  signal_uuid: Schema.String,
  signal_name: Schema.optionalKey(Schema.String),
  station_name: Schema.optionalKey(Schema.String),
})
export type SvdSignalInfo = typeof SvdSignalInfo.Type

export const SvdQuery = Schema.Struct({
  line_uuid: Schema.NullOr(Schema.String),
  /** null until a signal is selected ('Signal selection is required' is the form's rule). */
  signal: Schema.NullOr(SvdSignalInfo),
  start_time: Time,
  end_time: Time,
  /** Record count of the records modes. */
  samples: Amount,
  /** Milliseconds, for the duration modes. */
  period_duration: Amount,
  /** Part numbers (model numbers) to include. */
  pt_num: Schema.Array(Schema.String),
  pass_fail_filter: PassFailFilter,
  evaluation_ratio: Schema.Finite,
  period_mode: PeriodMode,
  part_attributes: Schema.Array(PartAttribute),
  metric: Schema.String,
  /** Minutes between runs. */
  frequency: Schema.Finite,
  threshold: AlertThreshold,
})
export type SvdQuery = typeof SvdQuery.Type

/** Each period mode and its Start / End selector modes. */
const INPUT_MODES: Record<PeriodMode, { start: PeriodInputMode; end: PeriodInputMode }> = {
  START_END: { start: 'TIME', end: 'TIME' },
  START_RECORDS: { start: 'TIME', end: 'RECORDS' },
  END_RECORDS: { start: 'RECORDS', end: 'TIME' },
  START_DURATION: { start: 'TIME', end: 'DURATION' },
  END_DURATION: { start: 'DURATION', end: 'TIME' },
}

/**
 * The period mode of the Start and End selectors. At most one side may be a Duration or a Records
 * count, because each is measured from the other side's time: Duration+Duration, Records+Records,
 * Duration+Records and Records+Duration have no anchor and give undefined. The form never offers
 * them (see compatibleInputModes); a query holding one is rejected by the query rules.
 */
export const periodModeOf = (start: PeriodInputMode, end: PeriodInputMode): PeriodMode | undefined =>
  PERIOD_MODES.find((mode) => INPUT_MODES[mode].start === start && INPUT_MODES[mode].end === end)

/** The selector modes of a period mode (inverse of periodModeOf). */
export const inputModesOf = (mode: PeriodMode): { start: PeriodInputMode; end: PeriodInputMode } =>
  INPUT_MODES[mode]

/** The modes one selector may take given the other's: anything against Time, only Time otherwise. */
export const compatibleInputModes = (other: PeriodInputMode): ReadonlyArray<PeriodInputMode> =>
  other === 'TIME' ? PERIOD_INPUT_MODES : ['TIME']

export const usesStartTime = (mode: PeriodMode): boolean => INPUT_MODES[mode].start === 'TIME'
export const usesEndTime = (mode: PeriodMode): boolean => INPUT_MODES[mode].end === 'TIME'

/** The period of either query shape, named the same way. */
export interface PeriodSpec {
  readonly mode: PeriodMode
  readonly startTime: string | null
  readonly endTime: string | null
  readonly durationMs: number | null
  readonly records: number | null
  /** The query field holding durationMs in this mode, for error paths. */
  readonly durationField: 'start_duration' | 'end_duration' | 'period_duration'
}

type Side = 'start' | 'end'
/** The period fields of a FilterQuery or of an SvdQuery. */
export type PeriodQuery =
  | Pick<FilterQuery, `${Side}_${'time' | 'records' | 'duration' | 'mode'}`>
  | Pick<SvdQuery, 'start_time' | 'end_time' | 'samples' | 'period_duration' | 'period_mode'>

/** undefined for a filter query whose selectors make no period (see periodModeOf). */
export const periodSpecOf = (query: PeriodQuery): PeriodSpec | undefined => {
  const times = { startTime: query.start_time, endTime: query.end_time }
  if ('period_mode' in query) {
    return {
      mode: query.period_mode,
      ...times,
      durationMs: query.period_duration,
      records: query.samples,
      durationField: 'period_duration',
    }
  }
  const mode = periodModeOf(query.start_mode, query.end_mode)
  if (mode === undefined) return undefined
  // The amount lives on the selector that is not a Time: the Start selector when the period ends at a time.
  const fromStart = mode === 'END_DURATION' || mode === 'END_RECORDS'
  return {
    mode,
    ...times,
    durationMs: fromStart ? query.start_duration : query.end_duration,
    records: fromStart ? query.start_records : query.end_records,
    durationField: fromStart ? 'start_duration' : 'end_duration',
  }
}

export type ResolvedPeriod =
  | { readonly kind: 'range'; readonly mode: PeriodMode; readonly startUtc: string; readonly endUtc: string }
  | {
      readonly kind: 'records'
      readonly mode: PeriodMode
      readonly anchorUtc: string
      readonly records: number
      /** forward: the first `records` from the anchor on (START_RECORDS); backward: the last up to it. */
      readonly direction: 'forward' | 'backward'
    }
/** 'order': the range is shorter than MIN_TIME_DIFFERENCE_MS (or ends before it starts). */
export type PeriodProblem = 'modes' | 'start_time' | 'end_time' | 'duration' | 'records' | 'order'
export interface InvalidPeriod {
  readonly kind: 'invalid'
  readonly problem: PeriodProblem
}

/** Whether a range is long enough: end − start of at least MIN_TIME_DIFFERENCE_MS (1000 ms). */
export const isTimeDifferenceEnough = (startMs: number, endMs: number): boolean =>
  endMs - startMs >= MIN_TIME_DIFFERENCE_MS

const invalid = (problem: PeriodProblem): InvalidPeriod => ({ kind: 'invalid', problem })

const range = (
  mode: PeriodMode,
  start: Temporal.Instant,
  end: Temporal.Instant,
): ResolvedPeriod | InvalidPeriod =>
  isTimeDifferenceEnough(start.epochMilliseconds, end.epochMilliseconds)
    ? { kind: 'range', mode, startUtc: toUtcIso(start), endUtc: toUtcIso(end) }
    : invalid('order')

/** Moves an instant by whole milliseconds; undefined when the amount is unusable or leaves Temporal's range. */
const shift = (instant: Temporal.Instant, ms: number | null, sign: 1 | -1): Temporal.Instant | undefined => {
  if (ms === null || !Number.isFinite(ms)) return undefined
  try {
    return instant.add({ milliseconds: sign * Math.round(ms) })
  } catch {
    return undefined
  }
}

/**
 * Concrete bounds of a query's period, or the first problem. START_END: both times. START_DURATION:
 * end = start + duration. END_DURATION: start = end − duration. START_RECORDS / END_RECORDS: an anchor
 * time and a record count. A used time that is missing, unparseable or in the future (beyond the
 * clock skew tolerance) is invalid. Run it on a corrected query: a missing duration or record count
 * is reported, not defaulted.
 */
export const resolvePeriod = (
  query: PeriodQuery,
  clock: Clock,
  options: { readonly futureToleranceMs?: number } = {},
): ResolvedPeriod | InvalidPeriod => {
  const spec = periodSpecOf(query)
  if (spec === undefined) return invalid('modes')
  const usable = (value: string | null) =>
    timeProblem(value, clock, options.futureToleranceMs) === undefined ? parseUtc(value) : undefined
  const start = usable(spec.startTime)
  const end = usable(spec.endTime)
  const { mode, durationMs, records } = spec
  if (usesStartTime(mode) && start === undefined) return invalid('start_time')
  if (usesEndTime(mode) && end === undefined) return invalid('end_time')
  if (mode === 'START_END' && start && end) return range(mode, start, end)
  if (mode === 'START_DURATION' && start) {
    const computedEnd = shift(start, durationMs, 1)
    return computedEnd ? range(mode, start, computedEnd) : invalid('duration')
  }
  if (mode === 'END_DURATION' && end) {
    const computedStart = shift(end, durationMs, -1)
    return computedStart ? range(mode, computedStart, end) : invalid('duration')
  }
  if (records === null || !Number.isInteger(records) || records <= 0) return invalid('records')
  if (mode === 'START_RECORDS' && start) {
    return { kind: 'records', mode, anchorUtc: toUtcIso(start), records, direction: 'forward' }
  }
  if (mode === 'END_RECORDS' && end) {
    return { kind: 'records', mode, anchorUtc: toUtcIso(end), records, direction: 'backward' }
  }
  return invalid('modes') // unreachable: every mode returned above
}

/** A stored monitor period as the filter query it stands for: both record counts are the sample size. */
export const periodQueryOf = (
  period: MonitorPeriod,
  records: number,
): Pick<FilterQuery, `${Side}_${'time' | 'records' | 'duration' | 'mode'}`> => ({
  ...period,
  start_records: records,
  end_records: records,
})
