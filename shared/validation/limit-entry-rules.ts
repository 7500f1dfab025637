import { LIMIT_FIELDS } from '../constants'
import { LIMIT_FORMULA_KEYS, limitHasValues, limitToRow } from '../schema/signal-limit'
import { fieldError } from './field-error'
import type { FieldError, FieldErrors } from './field-error'
import { isEmptyLimitCell, lockedCells, validateLimitRow } from './limit-rules'
import type { LimitField, LimitSingleSide } from './limit-rules'
import { Messages } from './messages'

/**
 * A signal's limit rows as the plant's flags make them (CAPL-02..04): the cell rules with the
 * signal's single side, locked cells empty, and rows with no values dropped when the limits flag is
 * on. The grid never lets a locked cell be typed into; the server needs the check for changes that
 * arrive through replication.
 */
export const LimitEntryMessages = {
  lockedCell: (field: LimitField) => Messages.limits.lockedCell(field),
} as const

type Formulas = { readonly [K in (typeof LIMIT_FORMULA_KEYS)[LimitField]]: string | null }

type Row = Formulas & { readonly uuid: string }

/**
 * Errors of every row, at ['limits', index, formulaKey]. `singleSide` is the signal's side when the
 * single-sided flag is on, otherwise null (every cell editable). A locked cell may not get a value;
 * one it already held in `previous` (same row uuid; set before the signal became single sided) is
 * kept as it is: the grid cannot show or clear it, and it is back when the signal is two sided again.
 */
export const validateLimitEntryRows = (
  limits: ReadonlyArray<Row>,
  singleSide: LimitSingleSide | null,
  previous: ReadonlyArray<Row> = [],
): FieldErrors => {
  const errors: Array<FieldError> = []
  const locked = lockedCells(singleSide)
  const before = new Map(previous.map((p) => [p.uuid, limitToRow(p)]))
  limits.forEach((limit, i) => {
    const row = limitToRow(limit)
    const old = before.get(limit.uuid)
    for (const field of LIMIT_FIELDS) {
      const kept = old !== undefined && (old[field] ?? null) === (row[field] ?? null)
      if (locked.includes(field) && !isEmptyLimitCell(row[field]) && !kept) {
        errors.push(
          fieldError(['limits', i, LIMIT_FORMULA_KEYS[field]], LimitEntryMessages.lockedCell(field)),
        )
      }
    }
    for (const e of validateLimitRow(row, singleSide)) {
      errors.push(fieldError(['limits', i, LIMIT_FORMULA_KEYS[e.path[0] as LimitField]], e.message))
    }
  })
  return errors
}

/** CAPL-04: with the limits flag on, rows without any value are not saved. */
export const limitsToSave = <L extends Formulas>(limits: ReadonlyArray<L>, limitsFlag: boolean): Array<L> =>
  limitsFlag ? limits.filter(limitHasValues) : [...limits]
