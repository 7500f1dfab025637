import {
  DEFAULT_RECORDS,
  DURATION_DEFAULT_MS,
  DURATION_MAX_MS,
  DURATION_MIN_MS,
  ENVIRONMENT_MAX_RECORDS,
  EVALUATION_RATIO_DECIMALS,
  EVALUATION_RATIO_DEFAULT,
  EVALUATION_RATIO_QUERY_MAX,
  EVALUATION_RATIO_QUERY_MIN,
  MIN_RECORDS,
} from '../constants'
import { Messages } from '../validation/messages'
import { minutesToMs } from '../time/plant-time'
import type { FilterQuery, SvdQuery } from './period'
import { maxRecords } from './record-limits'

export { maxRecords }

/**
 * FLT-04 query correction: every function is pure and idempotent (correcting a corrected value
 * changes nothing), so it can run whenever the filter changes, on the client and again on the server.
 * Inputs are `unknown` because they come from form state and from the wire alike.
 */

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value))

/** A usable non-negative amount, rounded to a whole number; undefined for empty, non-numbers and negatives. */
const wholeAmount = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined

/** Duration in ms clamped to [60000, 180000000]; empty, non-numbers and negatives become 3600000. */
export const clampDuration = (ms: unknown): number => {
  const amount = wholeAmount(ms)
  return amount === undefined ? DURATION_DEFAULT_MS : clamp(amount, DURATION_MIN_MS, DURATION_MAX_MS)
}

/**
 * Record count clamped to [50, max(50, environmentMax)]; empty, non-numbers and negatives become 150
 * (itself clamped, so an environment maximum below 150 keeps the correction idempotent).
 */
export const clampRecords = (n: unknown, environmentMax: number = ENVIRONMENT_MAX_RECORDS): number =>
  clamp(wholeAmount(n) ?? DEFAULT_RECORDS, MIN_RECORDS, maxRecords(environmentMax))

/** Moves the decimal point through the text form, so 0.00005 rounds like the decimal it prints as. */
const shiftDecimal = (value: number, places: number): number => {
  const [mantissa, exponent = '0'] = String(value).split('e')
  return Number(`${mantissa}e${Number(exponent) + places}`)
}

/** Rounded half up to 4 decimals (0.123456 → 0.1235); a non-number becomes the default 0.2. */
export const roundEvaluationRatio = (ratio: unknown): number => {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return EVALUATION_RATIO_DEFAULT
  return shiftDecimal(Math.round(shiftDecimal(ratio, EVALUATION_RATIO_DECIMALS)), -EVALUATION_RATIO_DECIMALS)
}

/** Clamped to the query bounds [0.01, 0.5]; a non-number becomes the default 0.2. */
export const clampEvaluationRatio = (ratio: unknown): number =>
  typeof ratio === 'number' && Number.isFinite(ratio)
    ? clamp(ratio, EVALUATION_RATIO_QUERY_MIN, EVALUATION_RATIO_QUERY_MAX)
    : EVALUATION_RATIO_DEFAULT

/** Rounded, then clamped (the bounds have 4 decimals, so the result is both). */
export const correctEvaluationRatio = (ratio: unknown): number =>
  clampEvaluationRatio(roundEvaluationRatio(ratio))

type CorrectedFilterQuery<Q> = Q & {
  readonly start_duration: number
  readonly end_duration: number
  readonly start_records: number
  readonly end_records: number
  readonly evaluation_ratio: number
}

/**
 * The filter query with durations, record counts and the evaluation ratio corrected, and nothing
 * else touched. Both sides are corrected whatever the selector modes, so switching a selector
 * later shows a valid amount rather than an empty one.
 */
export const correctQuery = <Q extends FilterQuery>(
  query: Q,
  environmentMax: number = ENVIRONMENT_MAX_RECORDS,
): CorrectedFilterQuery<Q> => ({
  ...query,
  start_duration: clampDuration(query.start_duration),
  end_duration: clampDuration(query.end_duration),
  start_records: clampRecords(query.start_records, environmentMax),
  end_records: clampRecords(query.end_records, environmentMax),
  evaluation_ratio: correctEvaluationRatio(query.evaluation_ratio),
})

type CorrectedSvdQuery<Q> = Q & {
  readonly samples: number
  readonly period_duration: number
  readonly evaluation_ratio: number
}

/** The same correction for the SVD query's samples, period_duration and evaluation_ratio. */
export const correctSvdQuery = <Q extends SvdQuery>(
  query: Q,
  environmentMax: number = ENVIRONMENT_MAX_RECORDS,
): CorrectedSvdQuery<Q> => ({
  ...query,
  samples: clampRecords(query.samples, environmentMax),
  period_duration: clampDuration(query.period_duration),
  evaluation_ratio: correctEvaluationRatio(query.evaluation_ratio),
})

// ── FLT-03 input parsing ────────────────────────────────────────────────────

/**
 * The Duration (minutes) and Records inputs take only non-negative whole numbers written as
 * digits: '', '-1', '1.5', '1e3', ' 3' and numbers past Number.MAX_SAFE_INTEGER give undefined.
 */
export const parseNonNegativeInteger = (raw: string): number | undefined => {
  if (!/^[0-9]+$/.test(raw)) return undefined
  const n = Number(raw)
  return Number.isSafeInteger(n) ? n : undefined
}

/** The input's message for a value parseNonNegativeInteger refuses, else undefined. */
export const nonNegativeIntegerError = (raw: string): string | undefined =>
  parseNonNegativeInteger(raw) === undefined ? Messages.query.nonNegativeInteger : undefined

/** Duration input (minutes) → stored milliseconds, or undefined when the text is refused. */
export const parseDurationMinutes = (raw: string): number | undefined => {
  const minutes = parseNonNegativeInteger(raw)
  return minutes === undefined ? undefined : minutesToMs(minutes)
}
