import { describe, expect, test } from 'vitest'
import { messageAt } from '../../../shared/validation/field-error'
import {
  canSaveLineForm,
  findFeederCycle,
  lineFormChanged,
  lineFormPatch,
  validateAlertViewingWindowDays,
  validateIngestionThresholdHours,
  validateLineForm,
} from '../../../shared/validation/line-rules'
import type { LineFormValues } from '../../../shared/validation/line-rules'

describe('LINE-04 inline ingestion alert threshold (hours)', () => {
  test.each([
    ['-1', 'Must be greater than or equal to 0'],
    [-1, 'Must be greater than or equal to 0'],
    ['-0.5', 'Must be greater than or equal to 0'],
    ['1000001', 'Must be less than or equal to 1000000'],
    [1000001, 'Must be less than or equal to 1000000'],
    ['1.5', 'Must be a whole number'],
    [999999.5, 'Must be a whole number'],
    ['', 'Must be a whole number'],
    ['  ', 'Must be a whole number'],
    ['abc', 'Must be a whole number'],
    [null, 'Must be a whole number'],
    [Number.NaN, 'Must be a whole number'],
  ] as const)("LINE-04 %j hours is rejected with '%s'", (input, message) => {
    expect(validateIngestionThresholdHours(input)).toBe(message)
  })

  test.each([['0'], [0], ['1'], ['24'], ['999999'], ['1000000'], [1000000], [' 12 ']] as const)(
    'LINE-04 %j hours is accepted',
    (input) => {
      expect(validateIngestionThresholdHours(input)).toBeUndefined()
    },
  )
})

describe('LINE-04 inline overview alert filter (days)', () => {
  test.each([['0'], [0], ['91'], [91], ['2.5'], [2.5], ['-1'], [''], ['abc'], [null]] as const)(
    "LINE-04 %j days is rejected with 'Must be between 1 and 90'",
    (input) => {
      expect(validateAlertViewingWindowDays(input)).toBe('Must be between 1 and 90')
    },
  )

  test.each([['1'], [1], ['2'], ['89'], ['90'], [90]] as const)('LINE-04 %j days is accepted', (input) => {
    expect(validateAlertViewingWindowDays(input)).toBeUndefined()
  })
})

const form = (overrides: Partial<LineFormValues> = {}): LineFormValues => ({
  friendlyName: 'Line A',
  ingestionThresholdHours: '24',
  alertViewingWindowDays: '90',
  feederLineIds: [],
  excludedPartIds: [],
  excludedModelNumbers: [],
  ...overrides,
})

describe('LINE-05 line editor form', () => {
  test('LINE-05 a complete form is valid', () => {
    expect(validateLineForm(form())).toEqual([])
  })

  test('LINE-05 an empty friendly name is allowed', () => {
    expect(validateLineForm(form({ friendlyName: '' }))).toEqual([])
  })

  test.each([
    [' Line', 'Friendly name cannot have leading spaces.'],
    ['Line#1', 'Friendly name cannot have special characters or symbols.'],
    ['Line_1', 'Friendly name cannot have special characters or symbols.'],
  ])("LINE-05 friendly name %j is rejected with '%s'", (friendlyName, message) => {
    expect(messageAt(validateLineForm(form({ friendlyName })), 'friendlyName')).toBe(message)
  })

  test.each([
    ['', 'No Data Alert (hours) is required'],
    ['-1', 'No Data Alert (hours) must be at least 0'],
    ['1000001', 'No Data Alert (hours) must be at most 1000000'],
    ['1.5', 'No Data Alert (hours) must be a whole number'],
    ['abc', 'No Data Alert (hours) must be a whole number'],
  ])("LINE-05 No Data Alert (hours) %j is rejected with '%s'", (hours, message) => {
    expect(
      messageAt(validateLineForm(form({ ingestionThresholdHours: hours })), 'ingestionThresholdHours'),
    ).toBe(message)
  })

  test.each(['0', '1000000'])('LINE-05 No Data Alert (hours) %j is accepted', (hours) => {
    expect(validateLineForm(form({ ingestionThresholdHours: hours }))).toEqual([])
  })

  test.each([
    ['', 'Alert Displayed (days) is required'],
    ['0', 'Alert Displayed (days) must be at least 1'],
    ['91', 'Alert Displayed (days) must be at most 90'],
    ['2.5', 'Alert Displayed (days) must be a whole number'],
  ])("LINE-05 Alert Displayed (days) %j is rejected with '%s'", (days, message) => {
    expect(
      messageAt(validateLineForm(form({ alertViewingWindowDays: days })), 'alertViewingWindowDays'),
    ).toBe(message)
  })

  test.each(['1', '90'])('LINE-05 Alert Displayed (days) %j is accepted', (days) => {
    expect(validateLineForm(form({ alertViewingWindowDays: days }))).toEqual([])
  })

  test('LINE-05 Save is disabled while nothing changed', () => {
    expect(lineFormChanged(form(), form())).toBe(false)
    expect(canSaveLineForm(form(), form())).toBe(false)
  })

  test('LINE-05 Save is enabled for a valid change', () => {
    expect(canSaveLineForm(form(), form({ friendlyName: 'Line B' }))).toBe(true)
    expect(canSaveLineForm(form(), form({ excludedPartIds: ['P1'] }))).toBe(true)
  })

  test('LINE-05 Save is disabled for an invalid change', () => {
    expect(canSaveLineForm(form(), form({ alertViewingWindowDays: '91' }))).toBe(false)
  })

  test('LINE-05 a feeder-line change alone enables Save', () => {
    expect(canSaveLineForm(form(), form({ feederLineIds: ['L2'] }))).toBe(true)
  })

  test('LINE-05 reordering lists or retyping the same number is not a change', () => {
    const a = form({ excludedModelNumbers: ['M1', 'M2'], feederLineIds: ['L2', 'L3'] })
    const b = form({
      excludedModelNumbers: ['M2', 'M1'],
      feederLineIds: ['L3', 'L2'],
      ingestionThresholdHours: '024',
    })
    expect(lineFormChanged(a, b)).toBe(false)
  })

  test('LINE-05 the patch holds only what changed, numbers parsed and a blank name cleared', () => {
    const patch = lineFormPatch(
      form(),
      form({ friendlyName: '', alertViewingWindowDays: '30', feederLineIds: ['L9'] }),
    )
    expect(patch).toEqual({ friendlyName: null, alertViewingWindowDays: 30, feederLineIds: ['L9'] })
  })
})

describe('LINE-06 circular feeder lines', () => {
  const lines = [
    { id: 'A', feederLineIds: [] as string[] },
    { id: 'B', feederLineIds: ['A'] },
    { id: 'C', feederLineIds: ['B'] },
    { id: 'D', feederLineIds: ['B', 'C'] },
  ]

  test.each([
    ['length 1: A feeds itself', 'A', ['A']],
    ['length 2: A fed by B, B fed by A', 'A', ['B']],
    ['length 3: A fed by C, C fed by B, B fed by A', 'A', ['C']],
    ['through a diamond: A fed by D', 'A', ['D']],
  ] as const)('LINE-06 a cycle of %s is found', (_name, lineId, feeders) => {
    expect(findFeederCycle(lineId, feeders, lines)).toBe(true)
  })

  test.each([
    ['a DAG: D fed by B and C, both fed from A', 'D', ['B', 'C']],
    ['a new line fed by every line', 'E', ['A', 'B', 'C', 'D']],
    ['no feeders', 'B', []],
    ['an unknown feeder', 'A', ['Z']],
  ] as const)('LINE-06 %s has no cycle', (_name, lineId, feeders) => {
    expect(findFeederCycle(lineId, feeders, lines)).toBe(false)
  })

  test("LINE-06 the edited line's stored feeders are replaced by the proposed ones", () => {
    const stored = [...lines, { id: 'E', feederLineIds: ['E'] }]
    expect(findFeederCycle('E', ['A'], stored)).toBe(false)
  })

  test('LINE-06 a cycle elsewhere that avoids the edited line is not reported and does not loop', () => {
    const withLoop = [
      { id: 'X', feederLineIds: ['Y'] },
      { id: 'Y', feederLineIds: ['X'] },
    ]
    expect(findFeederCycle('A', ['X'], withLoop)).toBe(false)
  })
})
