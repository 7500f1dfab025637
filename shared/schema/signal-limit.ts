import { Schema } from 'effect'
import { checkWith, fieldError } from '../validation/field-error'
import type { FieldError } from '../validation/field-error'
import { rowHasValues, validateLimitRow } from '../validation/limit-rules'
import type { LimitField, LimitRow } from '../validation/limit-rules'
import { SingleSide } from './signal'
import { Messages } from '../validation/messages'

/**
 * Capability limits per signal and model (Cap Limits, CAPL-01..04). The formulas hold the cell
 * text ('1.5'); null is an empty cell. The server re-checks every row with the grid's rules.
 */

/** Which formula field holds each grid column. */
export const LIMIT_FORMULA_KEYS = {
  LSL: 'lslFormula',
  LCL: 'lclFormula',
  UCL: 'uclFormula',
  USL: 'uslFormula',
} as const satisfies Record<LimitField, string>

type Formulas = { readonly [K in (typeof LIMIT_FORMULA_KEYS)[LimitField]]: string | null }

export const limitToRow = (limit: Formulas): LimitRow => ({
  LSL: limit.lslFormula,
  LCL: limit.lclFormula,
  UCL: limit.uclFormula,
  USL: limit.uslFormula,
})

/** Cell text back to formulas: trimmed, empty becomes null. */
export const rowToFormulas = (row: LimitRow): Formulas => {
  const cell = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim())
  return {
    lslFormula: cell(row.LSL),
    lclFormula: cell(row.LCL),
    uclFormula: cell(row.UCL),
    uslFormula: cell(row.USL),
  }
}

const Formula = Schema.NullOr(Schema.String)

/**
 * One limit row. model_number '*' is the default row that applies to every model without its own.
 * Validated as if two sided: a locked cell is empty in practice, and the server does not know the
 * plant's single-sided flag here.
 */
export const Limit = Schema.Struct({
  uuid: Schema.NonEmptyString,
  model_number: Schema.NonEmptyString,
  lslFormula: Formula,
  lclFormula: Formula,
  uclFormula: Formula,
  uslFormula: Formula,
}).check(
  checkWith((limit: Formulas) =>
    validateLimitRow(limitToRow(limit), null).map((e) =>
      fieldError([LIMIT_FORMULA_KEYS[e.path[0] as LimitField]], e.message),
    ),
  ),
)
export type Limit = typeof Limit.Type

export const limitHasValues = (limit: Formulas): boolean => rowHasValues(limitToRow(limit))

const MODEL_NUMBER_UNIQUE = Messages.limits.modelNumberUnique

export const SignalLimitEntry = Schema.Struct({
  lineUUID: Schema.NonEmptyString,
  /** Station name. */
  station: Schema.String,
  signalUUID: Schema.NonEmptyString,
  signalName: Schema.String,
  singleSide: Schema.NullOr(SingleSide),
  limits: Schema.Array(Limit),
}).check(
  checkWith((entry: { readonly limits: ReadonlyArray<{ readonly model_number: string }> }) => {
    // One row per model: two '*' rows would make "the default" ambiguous.
    const seen = new Set<string>()
    const errors: Array<FieldError> = []
    entry.limits.forEach((l, i) => {
      if (seen.has(l.model_number))
        errors.push(fieldError(['limits', i, 'model_number'], MODEL_NUMBER_UNIQUE))
      seen.add(l.model_number)
    })
    return errors
  }),
)
export type SignalLimitEntry = typeof SignalLimitEntry.Type

/** PUT /api/line-config/spc-signal-limits?line-id= body. */
export const SignalLimitsUpdate = Schema.Array(SignalLimitEntry)
export type SignalLimitsUpdate = typeof SignalLimitsUpdate.Type
