import { describe, expect, test } from 'vitest'
import { messageAt } from '../../../shared/validation/field-error'
import {
  isLimitColumnEditable,
  lockedCells,
  lockedCellText,
  parseLimitCell,
  rowHasValues,
  validateLimitRow,
} from '../../../shared/validation/limit-rules'
import type { LimitRow } from '../../../shared/validation/limit-rules'

const row = (cells: Partial<Record<'LSL' | 'LCL' | 'UCL' | 'USL', string | null>>): LimitRow => ({
  LSL: cells.LSL ?? '',
  LCL: cells.LCL ?? '',
  UCL: cells.UCL ?? '',
  USL: cells.USL ?? '',
})

describe('CAPL-02 limit cells', () => {
  test('CAPL-02 an all-empty row is valid (empty cells are allowed)', () => {
    expect(validateLimitRow(row({}), null)).toEqual([])
  })

  test('CAPL-02 null cells count as empty', () => {
    expect(validateLimitRow({ LSL: null, LCL: null, UCL: undefined, USL: null }, null)).toEqual([])
  })

  test.each([
    ['LSL', "'LSL must be a number'", 'LSL must be a number'],
    ['LCL', "'LCL must be a number'", 'LCL must be a number'],
    ['UCL', "'UCL must be a number'", 'UCL must be a number'],
    ['USL', "'USL must be a number'", 'USL must be a number'],
  ] as const)("CAPL-02 'abc' in %s is rejected with %s", (field, _title, message) => {
    const errors = validateLimitRow(row({ [field]: 'abc' }), null)
    expect(errors).toEqual([{ path: [field], message }])
  })

  test.each(['1e', '--1', '0x10', 'Infinity', '1,5', '1 2'])("CAPL-02 '%s' is not a number", (text) => {
    expect(messageAt(validateLimitRow(row({ LSL: text }), null), 'LSL')).toBe('LSL must be a number')
  })

  test.each(['0', '-1.5', '+2', '.5', '3.', '1e3', ' 7 '])("CAPL-02 '%s' is a number", (text) => {
    expect(validateLimitRow(row({ LSL: text }), null)).toEqual([])
    expect(typeof parseLimitCell(text)).toBe('number')
  })

  test('CAPL-02 a well-ordered full row is valid', () => {
    expect(validateLimitRow(row({ LSL: '1', LCL: '2', UCL: '8', USL: '9' }), null)).toEqual([])
  })

  test("CAPL-02 equal LSL and USL are rejected on both cells with 'LSL must be < USL' and 'USL must be > LSL'", () => {
    const errors = validateLimitRow(row({ LSL: '5', USL: '5' }), null)
    expect(messageAt(errors, 'LSL')).toBe('LSL must be < USL')
    expect(messageAt(errors, 'USL')).toBe('USL must be > LSL')
    expect(errors).toHaveLength(2)
  })

  test("CAPL-02 reversed LSL and USL are rejected with 'LSL must be < USL' and 'USL must be > LSL'", () => {
    const errors = validateLimitRow(row({ LSL: '10', USL: '1' }), null)
    expect(messageAt(errors, 'LSL')).toBe('LSL must be < USL')
    expect(messageAt(errors, 'USL')).toBe('USL must be > LSL')
  })

  test("CAPL-02 equal LCL and UCL are rejected with 'LCL must be < UCL' and 'UCL must be > LCL'", () => {
    const errors = validateLimitRow(row({ LCL: '3', UCL: '3' }), null)
    expect(messageAt(errors, 'LCL')).toBe('LCL must be < UCL')
    expect(messageAt(errors, 'UCL')).toBe('UCL must be > LCL')
  })

  test("CAPL-02 reversed LCL and UCL are rejected with 'LCL must be < UCL' and 'UCL must be > LCL'", () => {
    const errors = validateLimitRow(row({ LCL: '4', UCL: '-4' }), null)
    expect(messageAt(errors, 'LCL')).toBe('LCL must be < UCL')
    expect(messageAt(errors, 'UCL')).toBe('UCL must be > LCL')
  })

  test('CAPL-02 a comparison with an empty cell does not apply', () => {
    expect(validateLimitRow(row({ LSL: '10' }), null)).toEqual([])
    expect(validateLimitRow(row({ UCL: '-3' }), null)).toEqual([])
  })

  test('CAPL-02 a non-number cell is reported as such and takes no part in comparisons', () => {
    const errors = validateLimitRow(row({ LSL: 'abc', USL: '1' }), null)
    expect(errors).toEqual([{ path: ['LSL'], message: 'LSL must be a number' }])
  })

  test('CAPL-02 comparisons compare numbers, not text (9 < 10)', () => {
    expect(validateLimitRow(row({ LSL: '9', USL: '10' }), null)).toEqual([])
  })

  test('CAPL-02 only the four limit columns are editable', () => {
    expect(['Station', 'Signal', 'Model'].some((c) => isLimitColumnEditable(c, null))).toBe(false)
    expect(['LSL', 'LCL', 'UCL', 'USL'].every((c) => isLimitColumnEditable(c, null))).toBe(true)
  })
})

describe('CAPL-03 single-sided locking', () => {
  test.each([
    ['LOWER', ['LSL', 'LCL']],
    ['UPPER', ['UCL', 'USL']],
    [null, []],
  ] as const)('CAPL-03 %s locks %j', (side, locked) => {
    expect([...lockedCells(side)].sort()).toEqual([...locked].sort())
  })

  test("CAPL-03 a locked cell shows 'Single Sided' and is not editable", () => {
    expect(lockedCellText('USL', 'UPPER')).toBe('Single Sided')
    expect(lockedCellText('LSL', 'UPPER')).toBeUndefined()
    expect(isLimitColumnEditable('LCL', 'LOWER')).toBe(false)
    expect(isLimitColumnEditable('UCL', 'LOWER')).toBe(true)
  })

  test('CAPL-03 locked cells are not validated or compared', () => {
    expect(validateLimitRow(row({ LSL: 'abc', USL: '1' }), 'LOWER')).toEqual([])
    expect(validateLimitRow(row({ LCL: '5', UCL: '1' }), 'UPPER')).toEqual([])
  })

  test('CAPL-03 unlocked cells are still validated', () => {
    expect(validateLimitRow(row({ UCL: 'x' }), 'LOWER')).toEqual([
      { path: ['UCL'], message: 'UCL must be a number' },
    ])
  })
})

describe('CAPL-04 dropping empty rows', () => {
  test.each([
    [{}, false],
    [{ LSL: '   ' }, false],
    [{ LCL: null }, false],
    [{ UCL: '0' }, true],
    [{ USL: 'abc' }, true],
  ] as const)('CAPL-04 rowHasValues(%j) is %s', (cells, expected) => {
    expect(rowHasValues(row(cells))).toBe(expected)
  })
})
