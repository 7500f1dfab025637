import {
  ALERT_VIEWING_WINDOW_DAYS_MAX,
  ALERT_VIEWING_WINDOW_DAYS_MIN,
  INGESTION_THRESHOLD_HOURS_MAX,
  INGESTION_THRESHOLD_HOURS_MIN,
} from '../constants'
import type { Line, LinePatch } from '../schema/line'
import { fieldError } from './field-error'
import type { FieldError, FieldErrors } from './field-error'
import { parseNumericInput, validateLineFriendlyName } from './line-field-rules'
import { Messages } from './messages'
import { atLeast, atMost, firstError, required, wholeNumber } from './text-rules'

export {
  parseNumericInput,
  validateAlertViewingWindowDays,
  validateIngestionThresholdHours,
  validateLineFriendlyName,
  type NumericInput,
} from './line-field-rules'

/** Line management rules: inline cells (LINE-04), line editor (LINE-05), feeder cycles (LINE-06). */
const L = Messages.lines

/** Required, then a number, then the bounds, then wholeness: '{label} must be at least N' etc. */
const requiredWholeInRange = (label: string, input: string, min: number, max: number): string | undefined => {
  const missing = required(label, input)
  if (missing !== undefined) return missing
  const n = parseNumericInput(input)
  if (n === undefined) return Messages.text.wholeNumber(label)
  return firstError(atLeast(label, n, min), atMost(label, n, max), wholeNumber(label, n))
}

/** The editor's inputs as typed. */
export interface LineFormValues {
  readonly friendlyName: string
  readonly ingestionThresholdHours: string
  readonly alertViewingWindowDays: string
  readonly feederLineIds: ReadonlyArray<string>
  readonly excludedPartIds: ReadonlyArray<string>
  readonly excludedModelNumbers: ReadonlyArray<string>
}

/** The line settings a user edits (the line editor; the grid's cells are two of them). */
export const LINE_FORM_FIELDS: ReadonlyArray<keyof LineFormValues> = [
  'friendlyName',
  'ingestionThresholdHours',
  'alertViewingWindowDays',
  'feederLineIds',
  'excludedPartIds',
  'excludedModelNumbers',
]

export const lineFormValues = (line: Line): LineFormValues => ({
  friendlyName: line.friendlyName ?? '',
  ingestionThresholdHours: String(line.ingestionThresholdHours),
  alertViewingWindowDays: String(line.alertViewingWindowDays),
  feederLineIds: line.feederLineIds,
  excludedPartIds: line.excludedPartIds,
  excludedModelNumbers: line.excludedModelNumbers,
})

export const validateLineForm = (values: LineFormValues): FieldErrors => {
  const errors: Array<FieldError> = []
  const add = (path: keyof LineFormValues, message: string | undefined) => {
    if (message !== undefined) errors.push(fieldError(path, message))
  }
  add('friendlyName', validateLineFriendlyName(values.friendlyName))
  add(
    'ingestionThresholdHours',
    requiredWholeInRange(
      L.noDataAlertLabel,
      values.ingestionThresholdHours,
      INGESTION_THRESHOLD_HOURS_MIN,
      INGESTION_THRESHOLD_HOURS_MAX,
    ),
  )
  add(
    'alertViewingWindowDays',
    requiredWholeInRange(
      L.alertDisplayedLabel,
      values.alertViewingWindowDays,
      ALERT_VIEWING_WINDOW_DAYS_MIN,
      ALERT_VIEWING_WINDOW_DAYS_MAX,
    ),
  )
  return errors
}

// Lists are compared as sets: their order carries no meaning.
const sameSet = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean => {
  const sa = new Set(a)
  const sb = new Set(b)
  return sa.size === sb.size && [...sa].every((x) => sb.has(x))
}

const sameNumber = (a: string, b: string): boolean => {
  const na = parseNumericInput(a)
  const nb = parseNumericInput(b)
  return na !== undefined && nb !== undefined ? na === nb : a.trim() === b.trim()
}

export const feederLinesChanged = (initial: LineFormValues, current: LineFormValues): boolean =>
  !sameSet(initial.feederLineIds, current.feederLineIds)

/** Any field changed, the feeder lines (edited in their own drawer) included. */
export const lineFormChanged = (initial: LineFormValues, current: LineFormValues): boolean =>
  initial.friendlyName !== current.friendlyName ||
  !sameNumber(initial.ingestionThresholdHours, current.ingestionThresholdHours) ||
  !sameNumber(initial.alertViewingWindowDays, current.alertViewingWindowDays) ||
  !sameSet(initial.excludedPartIds, current.excludedPartIds) ||
  !sameSet(initial.excludedModelNumbers, current.excludedModelNumbers) ||
  feederLinesChanged(initial, current)

/** Save: valid and changed; a feeder-line change counts as a change but never bypasses validity. */
export const canSaveLineForm = (initial: LineFormValues, current: LineFormValues): boolean =>
  validateLineForm(current).length === 0 && lineFormChanged(initial, current)

/** The PATCH /api/lines/{lineId} body for a valid form: only what changed. */
export const lineFormPatch = (initial: LineFormValues, current: LineFormValues): LinePatch => {
  const patch: { -readonly [K in keyof LinePatch]: LinePatch[K] } = {}
  if (initial.friendlyName !== current.friendlyName) {
    patch.friendlyName = current.friendlyName.trimEnd() === '' ? null : current.friendlyName.trimEnd()
  }
  const hours = parseNumericInput(current.ingestionThresholdHours)
  if (!sameNumber(initial.ingestionThresholdHours, current.ingestionThresholdHours) && hours !== undefined) {
    patch.ingestionThresholdHours = hours
  }
  const days = parseNumericInput(current.alertViewingWindowDays)
  if (!sameNumber(initial.alertViewingWindowDays, current.alertViewingWindowDays) && days !== undefined) {
    patch.alertViewingWindowDays = days
  }
  if (feederLinesChanged(initial, current)) patch.feederLineIds = [...current.feederLineIds]
  if (!sameSet(initial.excludedPartIds, current.excludedPartIds))
    patch.excludedPartIds = [...current.excludedPartIds]
  if (!sameSet(initial.excludedModelNumbers, current.excludedModelNumbers)) {
    patch.excludedModelNumbers = [...current.excludedModelNumbers]
  }
  return patch
}

// ── LINE-06 feeder cycles ───────────────────────────────────────────────────

/**
 * True when giving `lineId` these feeder lines would make it feed itself through one or more
 * connections (itself included: a cycle of length 1). `allLines` gives every other line's current
 * feeders; unknown ids have none. Cycles elsewhere in the graph that avoid lineId are not reported.
 */
export const findFeederCycle = (
  lineId: string,
  feederLineIds: ReadonlyArray<string>,
  allLines: ReadonlyArray<Pick<Line, 'id' | 'feederLineIds'>>,
): boolean => {
  const feedersOf = new Map<string, ReadonlyArray<string>>(allLines.map((l) => [l.id, l.feederLineIds]))
  feedersOf.set(lineId, feederLineIds)
  const seen = new Set<string>()
  const stack = [...feederLineIds]
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (id === lineId) return true
    if (seen.has(id)) continue
    seen.add(id)
    stack.push(...(feedersOf.get(id) ?? []))
  }
  return false
}
