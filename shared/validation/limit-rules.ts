import { LIMIT_FIELDS } from '../constants'
import type { SINGLE_SIDES } from '../constants'
import { fieldError } from './field-error'
import type { FieldError, FieldErrors } from './field-error'
import { Messages } from './messages'

/**
 * Cap Limits cell rules (CAPL-02) and single-sided locking (CAPL-03). A row is the four editable
 * cells as the user typed them; the grid, the save mapping and the server all validate through
 * `validateLimitRow`, so a rejected save names the same cell with the same message.
 */
const M = Messages.limits

export type LimitField = (typeof LIMIT_FIELDS)[number]
export type LimitSingleSide = (typeof SINGLE_SIDES)[number]
/** Cell text per field; null or undefined count as empty (the stored formulas are nullable). */
export type LimitRow = { readonly [K in LimitField]: string | null | undefined }

// Plain decimal notation only: Number() would also accept '0x1f', 'Infinity' and '1_0'-like input
// that no one means as a limit.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

export const isEmptyLimitCell = (value: string | null | undefined): boolean =>
  value == null || value.trim() === ''

/** 'empty', 'invalid', or the number the cell holds. */
export const parseLimitCell = (value: string | null | undefined): number | 'empty' | 'invalid' => {
  if (value == null || value.trim() === '') return 'empty'
  const text = value.trim()
  if (!DECIMAL.test(text)) return 'invalid'
  const n = Number(text)
  return Number.isFinite(n) ? n : 'invalid'
}

/**
 * Cells locked by a single-sided signal (CAPL-03, as the spec words it): a LOWER boundary locks
 * the lower-side cells LSL and LCL, an UPPER boundary locks USL and UCL. Pass null when the signal
 * is not single sided or the single-sided flag is off.
 */
export const lockedCells = (singleSide: LimitSingleSide | null): ReadonlyArray<LimitField> =>
  singleSide === 'LOWER' ? ['LSL', 'LCL'] : singleSide === 'UPPER' ? ['UCL', 'USL'] : []

export const isCellLocked = (field: LimitField, singleSide: LimitSingleSide | null): boolean =>
  lockedCells(singleSide).includes(field)

/** What a locked cell shows instead of a value. */
export const lockedCellText = (field: LimitField, singleSide: LimitSingleSide | null): string | undefined =>
  isCellLocked(field, singleSide) ? M.singleSided : undefined

/** Only the four limit columns are editable, and of them only the unlocked ones. */
export const isLimitColumnEditable = (column: string, singleSide: LimitSingleSide | null): boolean =>
  (LIMIT_FIELDS as ReadonlyArray<string>).includes(column) && !isCellLocked(column as LimitField, singleSide)

interface Comparison {
  readonly field: LimitField
  readonly other: LimitField
  readonly holds: (self: number, other: number) => boolean
  readonly message: string
}

// Each pair is checked from both ends so the message sits on the cell the user is looking at.
const COMPARISONS: ReadonlyArray<Comparison> = [
  { field: 'LSL', other: 'USL', holds: (a, b) => a < b, message: M.lslLessThanUsl },
  { field: 'LCL', other: 'UCL', holds: (a, b) => a < b, message: M.lclLessThanUcl },
  { field: 'UCL', other: 'LCL', holds: (a, b) => a > b, message: M.uclGreaterThanLcl },
  { field: 'USL', other: 'LSL', holds: (a, b) => a > b, message: M.uslGreaterThanLsl },
]

/**
 * Errors of one limit row, at most one per cell, path [field]. Empty cells are allowed; a cell that
 * is not a number gets '{X} must be a number' and takes no part in comparisons; equal values fail
 * the strict comparisons. Locked cells are skipped: they show 'Single Sided', not their value.
 */
export const validateLimitRow = (row: LimitRow, singleSide: LimitSingleSide | null): FieldErrors => {
  const locked = lockedCells(singleSide)
  const values = new Map<LimitField, number | 'empty' | 'invalid'>()
  for (const field of LIMIT_FIELDS) {
    values.set(field, locked.includes(field) ? 'empty' : parseLimitCell(row[field]))
  }
  const errors: Array<FieldError> = []
  for (const field of LIMIT_FIELDS) {
    const value = values.get(field)
    if (value === 'invalid') {
      errors.push(fieldError(field, M.mustBeNumber(field)))
      continue
    }
    if (typeof value !== 'number') continue
    const broken = COMPARISONS.find((c) => {
      if (c.field !== field) return false
      const other = values.get(c.other)
      return typeof other === 'number' && !c.holds(value, other)
    })
    if (broken) errors.push(fieldError(field, broken.message))
  }
  return errors
}

/** False for a row whose four cells are all empty: such rows are dropped on save (CAPL-04). */
export const rowHasValues = (row: LimitRow): boolean => LIMIT_FIELDS.some((f) => !isEmptyLimitCell(row[f]))
