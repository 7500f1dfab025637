import type { Clock } from '../time/clock'
import { timeProblem } from '../time/plant-time'
import { checkWith, fieldError } from '../validation/field-error'
import type { FieldError, FieldErrors } from '../validation/field-error'
import { Messages } from '../validation/messages'
import { FilterQuery, SvdQuery, periodSpecOf, resolvePeriod, usesEndTime, usesStartTime } from './period'
import type { PeriodQuery } from './period'
import type { PartAttribute } from '../schema/monitor-filter'

/**
 * FLT-10 / FLT-09 query rules with the specification's exact messages. The MVD filter form and the
 * SVD form word them differently ('Invalid Start time' / 'Invalid Start Time'), hence `variant`.
 * Run them on a corrected query (correctQuery): an empty duration or record count is correction's
 * job (it becomes the default), not an error.
 */

export type QueryVariant = 'mvd' | 'svd'

export interface QueryRuleOptions {
  /** Default 'mvd'. */
  readonly variant?: QueryVariant
  readonly clock: Clock
  /** Attribute ids of the line's collection; when omitted the "not found" rule is skipped. */
  readonly knownAttributeIds?: Iterable<string>
  /** How far past the clock a time may be (see CLOCK_SKEW_TOLERANCE_MS). */
  readonly futureToleranceMs?: number
}

/**
 * The specification has no message for Start and End both being a Duration or Records, a pair the
 * form never offers; the wording is ours.
 */
export const INVALID_PERIOD_MODES_MESSAGE = Messages.query.invalidPeriodModes

const M = Messages.query

const wording = (variant: QueryVariant = 'mvd') =>
  variant === 'svd'
    ? { start: M.svdInvalidStartTime, end: M.svdInvalidEndTime, selection: M.svdSelectionRequired }
    : { start: M.invalidStartTime, end: M.invalidEndTime, selection: M.selectionRequired }

/**
 * The period's times. A time the mode uses must be a readable UTC instant and not in the future
 * (the picker disables future times, so one can only arrive from a bad or tampered client): each
 * fails with the invalid-time message. Once both are valid, a range shorter than 1000 ms fails with
 * 'Start time must be less then end time', on end_time, or on the duration field in duration modes.
 * Times a mode does not use are ignored.
 */
export const validatePeriod = (query: PeriodQuery, options: QueryRuleOptions): FieldErrors => {
  const spec = periodSpecOf(query)
  if (spec === undefined) return [fieldError('end_mode', INVALID_PERIOD_MODES_MESSAGE)]
  const words = wording(options.variant)
  const errors: Array<FieldError> = []
  const tolerance = options.futureToleranceMs
  if (usesStartTime(spec.mode) && timeProblem(spec.startTime, options.clock, tolerance) !== undefined) {
    errors.push(fieldError('start_time', words.start))
  }
  if (usesEndTime(spec.mode) && timeProblem(spec.endTime, options.clock, tolerance) !== undefined) {
    errors.push(fieldError('end_time', words.end))
  }
  if (errors.length > 0) return errors
  const resolved = resolvePeriod(
    query,
    options.clock,
    tolerance === undefined ? {} : { futureToleranceMs: tolerance },
  )
  if (resolved.kind === 'invalid' && resolved.problem === 'order') {
    const path = spec.mode === 'START_END' ? 'end_time' : spec.durationField
    return [fieldError(path, M.startBeforeEnd)]
  }
  return []
}

/**
 * Each part attribute needs a name (attributeUuid) and at least one value: 'Selection is required'
 * on the field that is empty. Named attributes that the line's collection does not hold give one
 * 'Some part attributes were not found in collection' for the whole list.
 */
export const validatePartAttributes = (
  attributes: ReadonlyArray<PartAttribute>,
  options: Pick<QueryRuleOptions, 'variant' | 'knownAttributeIds'> = {},
): FieldErrors => {
  const { selection } = wording(options.variant)
  const errors: Array<FieldError> = []
  attributes.forEach((attribute, i) => {
    if (attribute.attributeUuid.trim() === '') {
      errors.push(fieldError(['part_attributes', i, 'attributeUuid'], selection))
    } else if (attribute.selectedAttributeValues.length === 0) {
      errors.push(fieldError(['part_attributes', i, 'selectedAttributeValues'], selection))
    }
  })
  if (options.knownAttributeIds !== undefined) {
    const known = new Set(options.knownAttributeIds)
    const missing = attributes.some((a) => a.attributeUuid.trim() !== '' && !known.has(a.attributeUuid))
    if (missing) errors.push(fieldError('part_attributes', M.partAttributesNotFound))
  }
  return errors
}

/** All query rules: period first, then part attributes. */
export const validateQuery = (query: FilterQuery | SvdQuery, options: QueryRuleOptions): FieldErrors => [
  ...validatePeriod(query, options),
  ...validatePartAttributes(query.part_attributes, options),
]

/** FilterQuery that also enforces the MVD rules when decoded (server re-validation of a push). */
export const filterQueryWithRules = (options: Omit<QueryRuleOptions, 'variant'>) =>
  FilterQuery.check(checkWith<FilterQuery>((q) => validateQuery(q, { ...options, variant: 'mvd' })))

/** SvdQuery that also enforces the SVD rules when decoded. */
export const svdQueryWithRules = (options: Omit<QueryRuleOptions, 'variant'>) =>
  SvdQuery.check(checkWith<SvdQuery>((q) => validateQuery(q, { ...options, variant: 'svd' })))
