import {
  ALERT_VIEWING_WINDOW_DAYS_MAX,
  ALERT_VIEWING_WINDOW_DAYS_MIN,
  FRIENDLY_NAME_MAX_LENGTH,
  INGESTION_THRESHOLD_HOURS_MAX,
  INGESTION_THRESHOLD_HOURS_MIN,
} from '../constants'
import { Messages } from './messages'
import { firstError, noLeadingSpaces, noSpecialCharacters } from './text-rules'

/**
 * The rules of one line field (LINE-04 cells, LINE-05 friendly name), which the line schema
 * (shared/schema/line.ts) carries. They know no line type, so the schema can use them while the
 * form rules (line-rules.ts) use the schema's types.
 */
const L = Messages.lines

/** A grid cell or form input: the typed text, or the number already parsed. */
export type NumericInput = string | number | null | undefined

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/** The number typed, or undefined for empty or non-numeric input. */
export const parseNumericInput = (input: NumericInput): number | undefined => {
  if (input == null) return undefined
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined
  const text = input.trim()
  return DECIMAL.test(text) ? Number(text) : undefined
}

// ── LINE-04 inline cells ────────────────────────────────────────────────────

/**
 * Ingestion alert threshold (hours). Checks run range first, then wholeness, so -1.5 reads
 * 'Must be greater than or equal to 0'; empty or non-numeric input is not a whole number.
 */
export const validateIngestionThresholdHours = (input: NumericInput): string | undefined => {
  const n = parseNumericInput(input)
  if (n === undefined) return L.wholeNumber
  if (n < INGESTION_THRESHOLD_HOURS_MIN) return L.thresholdMin
  if (n > INGESTION_THRESHOLD_HOURS_MAX) return L.thresholdMax
  return Number.isInteger(n) ? undefined : L.wholeNumber
}

/** Overview alert filter (days): the spec gives one message for every failure, wholeness included. */
export const validateAlertViewingWindowDays = (input: NumericInput): string | undefined => {
  const n = parseNumericInput(input)
  const ok =
    n !== undefined &&
    Number.isInteger(n) &&
    n >= ALERT_VIEWING_WINDOW_DAYS_MIN &&
    n <= ALERT_VIEWING_WINDOW_DAYS_MAX
  return ok ? undefined : L.alertWindowRange
}

// ── LINE-05 line editor ─────────────────────────────────────────────────────

/** Optional; alphanumeric and spaces, no leading space (generic '{label} …' rules). */
export const validateLineFriendlyName = (value: string): string | undefined =>
  firstError(
    noLeadingSpaces(L.friendlyNameLabel, value),
    noSpecialCharacters(L.friendlyNameLabel, value),
    value.length > FRIENDLY_NAME_MAX_LENGTH ? Messages.text.maxLength(FRIENDLY_NAME_MAX_LENGTH) : undefined,
  )
