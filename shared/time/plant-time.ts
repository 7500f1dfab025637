import { Temporal } from 'temporal-polyfill'
import { CLOCK_SKEW_TOLERANCE_MS, INGESTION_THRESHOLD_HOURS_DEFAULT, SECONDS_PER_MINUTE } from '../constants'
import { Messages } from '../validation/messages'
import type { Clock } from './clock'

/**
 * Plant time (SHELL-09). Instants are stored as UTC ISO strings; they are shown and picked in the
 * plant's IANA time zone, always passed in explicitly: the device's own zone is never consulted.
 */

/** How a plant wall-clock time that is skipped (spring forward) or repeated (fall back) maps to an instant. */
export type Disambiguation = 'compatible' | 'earlier' | 'later' | 'reject'

const MS_PER_SECOND = 1000
const MS_PER_MINUTE = SECONDS_PER_MINUTE * MS_PER_SECOND
const MS_PER_HOUR = 60 * MS_PER_MINUTE

/**
 * The one format every UTC string we write has: milliseconds and 'Z', the same as
 * `Date.prototype.toISOString`, so stored strings compare and sort as text.
 */
export const toUtcIso = (instant: Temporal.Instant): string => instant.toString({ fractionalSecondDigits: 3 })

/** The instant of a UTC ISO string (any offset is accepted), or undefined when it is not one. */
export const parseUtc = (value: unknown): Temporal.Instant | undefined => {
  if (typeof value !== 'string') return undefined
  try {
    return Temporal.Instant.from(value)
  } catch {
    return undefined
  }
}

/** Whether Temporal knows the zone (IANA name such as 'America/Chicago', or 'UTC'). */
export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone)
    return true
  } catch {
    return false
  }
}

/**
 * UTC → plant. Returns a ZonedDateTime rather than a PlainDateTime on purpose: it keeps the offset,
 * so an instant in the repeated hour of a fall-back converts back to itself exactly. Use
 * `.toPlainDateTime()` for the picker's wall-clock value. Throws RangeError on a bad string or zone.
 */
export const utcToPlant = (utcIso: string, timeZone: string): Temporal.ZonedDateTime =>
  Temporal.Instant.from(utcIso).toZonedDateTimeISO(timeZone)

/** Text after the date (time part), without bracketed annotations, to spot an offset or 'Z'. */
const hasOffset = (text: string): boolean => {
  const time = text.replace(/\[.*$/, '').split(/[Tt ]/)[1] ?? ''
  return /[Zz+-]/.test(time)
}

/**
 * Plant → UTC ISO string ending in 'Z'. A ZonedDateTime converts exactly (its offset already says
 * which of two repeated times it is). A PlainDateTime, or a string such as '2026-03-08T02:30' or
 * '2026-03-08 02:30', is a wall-clock time in `timeZone`: a time skipped by spring-forward or
 * repeated by fall-back is resolved by `disambiguation` ('compatible': skipped times move forward by
 * the gap, repeated times take the earlier instant; 'reject' throws RangeError). Strings with an
 * offset or 'Z' are refused (RangeError): they are not plant wall-clock times.
 */
export const plantToUtc = (
  value: Temporal.PlainDateTime | Temporal.ZonedDateTime | string,
  timeZone: string,
  disambiguation: Disambiguation = 'compatible',
): string => {
  if (value instanceof Temporal.ZonedDateTime) return toUtcIso(value.toInstant())
  if (typeof value === 'string' && hasOffset(value)) {
    throw new RangeError(`Not a plant wall-clock time (it has an offset): ${value}`)
  }
  const plain = typeof value === 'string' ? Temporal.PlainDateTime.from(value) : value
  return toUtcIso(plain.toZonedDateTime(timeZone, { disambiguation }).toInstant())
}

/** The current instant as a stored UTC string: what the Now button saves (exact even in a repeated hour). */
export const nowUtc = (clock: Clock): string => toUtcIso(clock.now())

/** The plant's current wall-clock time, for showing the Now button's value in the picker. */
export const plantNow = (timeZone: string, clock: Clock): Temporal.PlainDateTime =>
  clock.now().toZonedDateTimeISO(timeZone).toPlainDateTime()

/** The plant's current calendar date. */
export const plantToday = (timeZone: string, clock: Clock): Temporal.PlainDate =>
  clock.now().toZonedDateTimeISO(timeZone).toPlainDate()

/**
 * How far ahead of this clock a picked time may be and still count as "not in the future". The
 * picker disables future times on the device, but the server re-checks with its own clock and a
 * device clock may run a little fast.
 */
export { CLOCK_SKEW_TOLERANCE_MS }

export type TimeProblem = 'missing' | 'unparseable' | 'future'

/**
 * Why a picked (stored) time is not usable, or undefined when it is a past or present instant
 * (FLT-01: future times are disabled).
 */
export const timeProblem = (
  value: string | null | undefined,
  clock: Clock,
  futureToleranceMs: number = CLOCK_SKEW_TOLERANCE_MS,
): TimeProblem | undefined => {
  if (value == null || value.trim() === '') return 'missing'
  const instant = parseUtc(value)
  if (instant === undefined) return 'unparseable'
  const latest = clock.now().add({ milliseconds: Math.round(futureToleranceMs) })
  return instant.epochMilliseconds > latest.epochMilliseconds ? 'future' : undefined
}

/** Whether a stored UTC time is later than now. Throws RangeError on a string that is not an instant. */
export const isInFuture = (utcIso: string, clock: Clock): boolean =>
  Temporal.Instant.compare(Temporal.Instant.from(utcIso), clock.now()) > 0

/**
 * Whether the picker must disable a plant wall-clock time (FLT-01). Compared as the instant it
 * would be saved as (same disambiguation as plantToUtc), not as wall-clock text, so that in a
 * repeated fall-back hour the answer matches what saving would store.
 */
export const isPlantDateTimeInFuture = (
  plainDateTime: Temporal.PlainDateTime,
  timeZone: string,
  clock: Clock,
  disambiguation: Exclude<Disambiguation, 'reject'> = 'compatible',
): boolean => {
  const instant = plainDateTime.toZonedDateTime(timeZone, { disambiguation }).toInstant()
  return Temporal.Instant.compare(instant, clock.now()) > 0
}

/** Whether the picker must disable a whole day: it starts after today in the plant. */
export const isPlantDateInFuture = (date: Temporal.PlainDate, timeZone: string, clock: Clock): boolean =>
  Temporal.PlainDate.compare(date, plantToday(timeZone, clock)) > 0

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/**
 * Display form '2026-03-08 02:30' in the plant's zone. Built by hand, not with Intl, so server and
 * every browser print the same text. `withOffset` appends the UTC offset ('2026-11-01 01:30 -05:00'),
 * the only way to tell the two 01:30s of a fall-back night apart.
 */
export const formatPlantDateTime = (
  utcIso: string,
  timeZone: string,
  options: { readonly withOffset?: boolean } = {},
): string => {
  const z = utcToPlant(utcIso, timeZone)
  const text = `${pad(z.year, 4)}-${pad(z.month)}-${pad(z.day)} ${pad(z.hour)}:${pad(z.minute)}`
  return options.withOffset === true ? `${text} ${z.offset}` : text
}

/** The plant time zone note beside pickers and dates (the wording is ours: the spec shows only that a note exists). */
export const timeZoneNote = (timeZone: string): string => Messages.query.timeZoneNote(timeZone)

// ── Unit conversions (FLT-03 durations entered in minutes stored in ms; RULE-02 minutes ⇄ seconds) ──
export const minutesToMs = (minutes: number): number => minutes * MS_PER_MINUTE
/** Exact (may be fractional); the Duration input rounds for display. */
export const msToMinutes = (ms: number): number => ms / MS_PER_MINUTE
export const minutesToSeconds = (minutes: number): number => minutes * SECONDS_PER_MINUTE
/** Exact (may be fractional). */
export const secondsToMinutes = (seconds: number): number => seconds / SECONDS_PER_MINUTE

/**
 * Instants have no daylight saving, so an hour is always 3,600,000 ms here. Fractional hours are
 * rounded to the millisecond (Temporal adds whole units only).
 */
export const addHours = (utcIso: string, hours: number): string =>
  toUtcIso(Temporal.Instant.from(utcIso).add({ milliseconds: Math.round(hours * MS_PER_HOUR) }))

export const hoursAgo = (hours: number, clock: Clock): string =>
  toUtcIso(clock.now().subtract({ milliseconds: Math.round(hours * MS_PER_HOUR) }))

/**
 * LINE-07: a line is flagged 'No Ingestion' when its last ingested time plus the threshold hours is
 * in the past (strictly: exactly at the deadline it is not yet overdue). A line that never ingested
 * (null) or whose time cannot be read is flagged too: it has no ingestion to speak of. A missing or
 * non-finite threshold uses the default.
 */
export const isIngestionOverdue = (
  lastIngestedUtc: string | null | undefined,
  thresholdHours: number | null | undefined,
  clock: Clock,
): boolean => {
  const last = parseUtc(lastIngestedUtc)
  if (last === undefined) return true
  const hours =
    thresholdHours != null && Number.isFinite(thresholdHours)
      ? thresholdHours
      : INGESTION_THRESHOLD_HOURS_DEFAULT
  const deadline = last.add({ milliseconds: Math.round(hours * MS_PER_HOUR) })
  return Temporal.Instant.compare(deadline, clock.now()) < 0
}
