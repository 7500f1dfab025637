import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { LIMIT_FIELDS } from '../../../shared/constants'
import type { Limit } from '../../../shared/schema/signal-limit'
import { limitsToSave, validateLimitEntryRows } from '../../../shared/validation/limit-entry-rules'
import type { LimitField, LimitSingleSide } from '../../../shared/validation/limit-rules'

// Cell messages ('{X} must be a number', 'LSL must be < USL', 'USL must be > LSL', …) are copied from the
// spec (settings-area.md §5). The spec does not word the rejection of a value in a locked cell (the grid
// never lets one be typed): '{X} must be empty: the signal is Single Sided' is copied from
// shared/validation/messages.ts (Messages.limits.lockedCell).
const lockedMessage = (field: LimitField) => `${field} must be empty: the signal is Single Sided`

const KEY = { LSL: 'lslFormula', LCL: 'lclFormula', UCL: 'uclFormula', USL: 'uslFormula' } as const

const limit = (
  cells: Partial<Record<LimitField, string | null>> = {},
  uuid = 'row-1',
  model_number = '*',
): Limit => ({
  uuid,
  model_number,
  lslFormula: cells.LSL ?? null,
  lclFormula: cells.LCL ?? null,
  uclFormula: cells.UCL ?? null,
  uslFormula: cells.USL ?? null,
})

// CAPL-03 as the spec words it: a LOWER single side locks LSL and LCL; UPPER locks UCL and USL.
const LOCKED: Record<LimitSingleSide, ReadonlyArray<LimitField>> = {
  LOWER: ['LSL', 'LCL'],
  UPPER: ['UCL', 'USL'],
}

describe('CAPL-03 locked cells of a single-sided signal', () => {
  const rows = (['LOWER', 'UPPER', null] as const).flatMap((side) =>
    LIMIT_FIELDS.map((field) => [side, field, side !== null && LOCKED[side].includes(field)] as const),
  )
  test.each(rows)('CAPL-03 single side %s, a value in %s: locked %s', (side, field, locked) => {
    const errors = validateLimitEntryRows([limit({ [field]: '1' })], side)
    expect(errors).toEqual(locked ? [{ path: ['limits', 0, KEY[field]], message: lockedMessage(field) }] : [])
  })

  test.each([
    ['LOWER', 'LSL'],
    ['LOWER', 'LCL'],
    ['UPPER', 'UCL'],
    ['UPPER', 'USL'],
  ] as const)(
    "CAPL-03 single side %s rejects a value in %s with '{cell} must be empty: the signal is Single Sided'",
    (side, field) => {
      expect(validateLimitEntryRows([limit({ [field]: '3' })], side)).toEqual([
        { path: ['limits', 0, KEY[field]], message: lockedMessage(field) },
      ])
    },
  )

  test.each([
    ['LOWER', null],
    ['LOWER', ''],
    ['LOWER', '   '],
    ['UPPER', null],
    ['UPPER', ''],
    ['UPPER', '\t'],
  ] as const)('CAPL-03 single side %s accepts an empty locked cell (%j)', (side, text) => {
    const cells = Object.fromEntries(LOCKED[side].map((f) => [f, text]))
    expect(validateLimitEntryRows([limit(cells)], side)).toEqual([])
  })

  test('CAPL-03 both locked cells with values give one error each', () => {
    expect(validateLimitEntryRows([limit({ UCL: '5', USL: '6', LSL: '1' })], 'UPPER')).toEqual([
      { path: ['limits', 0, 'uclFormula'], message: lockedMessage('UCL') },
      { path: ['limits', 0, 'uslFormula'], message: lockedMessage('USL') },
    ])
  })

  test('CAPL-03 a locked cell holding text that is not a number is only reported as locked', () => {
    expect(validateLimitEntryRows([limit({ LSL: 'abc' })], 'LOWER')).toEqual([
      { path: ['limits', 0, 'lslFormula'], message: lockedMessage('LSL') },
    ])
  })

  test('CAPL-03 the errors carry the index of their row', () => {
    const rows = [limit({ USL: '9' }, 'a'), limit({}, 'b'), limit({ LCL: '2' }, 'c', 'M-100')]
    expect(validateLimitEntryRows(rows, 'LOWER')).toEqual([
      { path: ['limits', 2, 'lclFormula'], message: lockedMessage('LCL') },
    ])
    expect(validateLimitEntryRows(rows, 'UPPER')).toEqual([
      { path: ['limits', 0, 'uslFormula'], message: lockedMessage('USL') },
    ])
  })

  test('CAPL-03 no rows, no errors', () => {
    expect(validateLimitEntryRows([], 'LOWER')).toEqual([])
  })
})

describe('CAPL-03 values kept from before the signal became single sided', () => {
  const rows: ReadonlyArray<
    readonly [string, LimitSingleSide, boolean, ReadonlyArray<Limit>, ReadonlyArray<Limit>]
  > = [
    ['the same LSL value in the same row', 'LOWER', true, [limit({ LSL: '1' })], [limit({ LSL: '1' })]],
    ['the same LCL value in the same row', 'LOWER', true, [limit({ LCL: '2' })], [limit({ LCL: '2' })]],
    ['the same UCL value in the same row', 'UPPER', true, [limit({ UCL: '8' })], [limit({ UCL: '8' })]],
    ['the same USL value in the same row', 'UPPER', true, [limit({ USL: '9' })], [limit({ USL: '9' })]],
    ['a changed value', 'LOWER', false, [limit({ LSL: '1' })], [limit({ LSL: '2' })]],
    ['a value where the cell was empty', 'LOWER', false, [limit({})], [limit({ LCL: '2' })]],
    [
      'the same value in another row',
      'LOWER',
      false,
      [limit({ LSL: '1' }, 'old')],
      [limit({ LSL: '1' }, 'new')],
    ],
    ['no previous rows', 'UPPER', false, [], [limit({ UCL: '5' })]],
  ]
  test.each(rows)('CAPL-03 %s (single side %s): kept %s', (_what, side, kept, previous, current) => {
    const errors = validateLimitEntryRows(current, side, previous)
    expect(errors.some((e) => e.message.endsWith('must be empty: the signal is Single Sided'))).toBe(!kept)
    if (kept) expect(errors).toEqual([])
  })

  test('CAPL-03 a kept locked value takes no part in the comparisons', () => {
    // LSL 10 > USL 5 would break 'LSL must be < USL', but LSL is locked (LOWER) and only kept.
    const previous = [limit({ LSL: '10' })]
    expect(validateLimitEntryRows([limit({ LSL: '10', USL: '5' })], 'LOWER', previous)).toEqual([])
  })

  test('CAPL-03 previous rows are matched by uuid, not by position', () => {
    const previous = [limit({}, 'a'), limit({ LSL: '1' }, 'b')]
    const current = [limit({ LSL: '1' }, 'b'), limit({ LSL: '1' }, 'a')]
    expect(validateLimitEntryRows(current, 'LOWER', previous)).toEqual([
      { path: ['limits', 1, 'lslFormula'], message: lockedMessage('LSL') },
    ])
  })

  test('CAPL-03 an unlocked cell is validated whether or not it was there before', () => {
    const previous = [limit({ UCL: 'abc' })]
    expect(validateLimitEntryRows([limit({ UCL: 'abc' })], 'LOWER', previous)).toEqual([
      { path: ['limits', 0, 'uclFormula'], message: 'UCL must be a number' },
    ])
  })
})

describe('CAPL-02 cell rules inside an entry', () => {
  test("CAPL-02 two sided: reversed LSL and USL give 'LSL must be < USL' and 'USL must be > LSL' at their formula keys", () => {
    expect(validateLimitEntryRows([limit({ LSL: '5', USL: '1' })], null)).toEqual([
      { path: ['limits', 0, 'lslFormula'], message: 'LSL must be < USL' },
      { path: ['limits', 0, 'uslFormula'], message: 'USL must be > LSL' },
    ])
  })

  test("CAPL-02 equal LCL and UCL give 'LCL must be < UCL' and 'UCL must be > LCL'", () => {
    expect(validateLimitEntryRows([limit({}, 'a'), limit({ LCL: '3', UCL: '3' }, 'b')], null)).toEqual([
      { path: ['limits', 1, 'lclFormula'], message: 'LCL must be < UCL' },
      { path: ['limits', 1, 'uclFormula'], message: 'UCL must be > LCL' },
    ])
  })

  test.each(LIMIT_FIELDS)("CAPL-02 'x' in %s gives '{cell} must be a number'", (field) => {
    expect(validateLimitEntryRows([limit({ [field]: 'x' })], null)).toEqual([
      { path: ['limits', 0, KEY[field]], message: `${field} must be a number` },
    ])
  })

  test('CAPL-02 a well-ordered two-sided row is valid', () => {
    expect(validateLimitEntryRows([limit({ LSL: '1', LCL: '2', UCL: '8', USL: '9' })], null)).toEqual([])
  })

  test('CAPL-03 unlocked cells of a single-sided row are still checked against each other', () => {
    expect(validateLimitEntryRows([limit({ LSL: '5', LCL: '5' })], 'UPPER')).toEqual([])
    expect(validateLimitEntryRows([limit({ UCL: 'y' })], 'LOWER')).toEqual([
      { path: ['limits', 0, 'uclFormula'], message: 'UCL must be a number' },
    ])
  })

  test('CAPL-03 a lock error and a cell error of one row are both reported', () => {
    expect(validateLimitEntryRows([limit({ LSL: '1', USL: 'z' })], 'LOWER')).toEqual([
      { path: ['limits', 0, 'lslFormula'], message: lockedMessage('LSL') },
      { path: ['limits', 0, 'uslFormula'], message: 'USL must be a number' },
    ])
  })

  test('CAPL-03 property: with no single side no cell is ever reported as locked', () => {
    const cell = fc.option(fc.oneof(fc.constantFrom('', ' ', '1', '-2.5', 'abc'), fc.string()), { nil: null })
    const row = fc.record({ LSL: cell, LCL: cell, UCL: cell, USL: cell })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), (cells) => {
        const errors = validateLimitEntryRows(
          cells.map((c, i) => limit(c, `r${i}`)),
          null,
        )
        expect(errors.filter((e) => e.message.includes('Single Sided'))).toEqual([])
      }),
    )
  })

  test('CAPL-03 property: resubmitting the stored rows unchanged never fails on a locked cell', () => {
    const cell = fc.option(fc.constantFrom('', '1', '2.5', '-3', 'abc'), { nil: null })
    const row = fc.record({ LSL: cell, LCL: cell, UCL: cell, USL: cell })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), fc.constantFrom('LOWER', 'UPPER'), (cells, side) => {
        const rows = cells.map((c, i) => limit(c, `r${i}`))
        const errors = validateLimitEntryRows(rows, side, rows)
        expect(errors.filter((e) => e.message.includes('Single Sided'))).toEqual([])
      }),
    )
  })
})

describe('CAPL-04 rows saved (limitsToSave)', () => {
  const full = limit({ LSL: '1', LCL: '2', UCL: '3', USL: '4' }, 'full')
  const empty = limit({}, 'empty')
  const blank = limit({ LSL: '', LCL: ' ', UCL: '\t', USL: null }, 'blank')
  const oneCell = LIMIT_FIELDS.map((f) => limit({ [f]: '0' }, `only-${f}`, `M-${f}`))

  test('CAPL-04 limits flag on: rows without any value are dropped, the others kept in order', () => {
    const rows = [empty, full, blank, ...oneCell]
    expect(limitsToSave(rows, true)).toEqual([full, ...oneCell])
  })

  test.each(LIMIT_FIELDS)('CAPL-04 limits flag on: a row whose only value is %s is kept', (field) => {
    const row = limit({ [field]: '0' })
    expect(limitsToSave([row], true)).toEqual([row])
  })

  test.each([
    ['all null', empty],
    ['blank text', blank],
  ] as const)('CAPL-04 limits flag on: a row of %s is dropped', (_what, row) => {
    expect(limitsToSave([row], true)).toEqual([])
  })

  test('CAPL-04 limits flag off: every row is saved, empty ones too', () => {
    const rows = [empty, full, blank]
    const saved = limitsToSave(rows, false)
    expect(saved).toEqual(rows)
    expect(saved).not.toBe(rows)
  })

  test('CAPL-04 no rows, nothing saved', () => {
    expect(limitsToSave([], true)).toEqual([])
    expect(limitsToSave([], false)).toEqual([])
  })

  test('CAPL-04 property: with the flag on exactly the rows with a value survive, in order; off, all do', () => {
    const cell = fc.option(fc.constantFrom('', ' ', '1', 'x'), { nil: null })
    const row = fc.record({ LSL: cell, LCL: cell, UCL: cell, USL: cell })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (cells) => {
        const rows = cells.map((c, i) => limit(c, `r${i}`))
        const hasValue = (l: Limit) =>
          [l.lslFormula, l.lclFormula, l.uclFormula, l.uslFormula].some((v) => v !== null && v.trim() !== '')
        expect(limitsToSave(rows, true)).toEqual(rows.filter(hasValue))
        expect(limitsToSave(rows, false)).toEqual(rows)
      }),
    )
  })
})
