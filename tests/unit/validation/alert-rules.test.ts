import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { defaultAlertRuleFormValues } from '../../../shared/schema/alert-rule'
import type { AlertRuleFormValues, MonitorRules } from '../../../shared/schema/alert-rule'
import { messageAt } from '../../../shared/validation/field-error'
import {
  noRulesMessage,
  validateAlertRules,
  validateStoredRules,
} from '../../../shared/validation/alert-rules'

// Messages copied from monitors-and-data-sources.md §5 (and the generic '{label} must be a whole number').
const NON_DIGITS = ['1a', '-1', '1.5'] as const

type Row = readonly [input: string | number | undefined, expected: string | undefined]
/** Titles like "RULE-02 runs of '1000' is rejected with 'Runs must be 999 or less'". */
const cases = (what: string, rows: ReadonlyArray<Row>) =>
  rows.map(
    ([input, expected]) =>
      [
        `RULE-02 ${what} of '${String(input)}' ${expected === undefined ? 'is accepted' : `is rejected with '${expected}'`}`,
        input,
        expected,
      ] as const,
  )

const withRuns = (runs: string, breaches = '7', on = true): AlertRuleFormValues => ({
  ...defaultAlertRuleFormValues,
  ExceedanceRuns: { on, breaches, runs },
})
const withTime = (minutes: string, breaches = '7', on = true): AlertRuleFormValues => ({
  ...defaultAlertRuleFormValues,
  ExceedanceTime: { on, breaches, minutes },
})
const withConsecutive = (breaches: string, on = true): AlertRuleFormValues => ({
  ...defaultAlertRuleFormValues,
  Consecutive: { on, breaches },
})

describe('RULE-02 runs (1–999)', () => {
  test.each(
    cases('runs', [
      ['0', 'Runs must be 1 or higher'],
      ['1', undefined],
      ['999', undefined],
      ['1000', 'Runs must be 999 or less'],
      ['', 'Runs field is required'],
      ...NON_DIGITS.map((raw) => [raw, 'Runs must be a whole number'] as const),
    ]),
  )('%s', (_title, raw, expected) => {
    expect(messageAt(validateAlertRules(withRuns(String(raw))), 'ExceedanceRuns', 'runs')).toBe(expected)
  })
})

describe('RULE-02 breaches for runs and for time (1–999)', () => {
  test.each(
    cases('breaches', [
      ['0', 'Breaches must be 1 or higher'],
      ['1', undefined],
      ['999', undefined],
      ['1000', 'Breaches must be 999 or less'],
      ['', 'Breaches field is required'],
      ...NON_DIGITS.map((raw) => [raw, 'Breaches must be a whole number'] as const),
    ]),
  )('%s', (_title, raw, expected) => {
    expect(messageAt(validateAlertRules(withRuns('15', String(raw))), 'ExceedanceRuns', 'breaches')).toBe(
      expected,
    )
    expect(messageAt(validateAlertRules(withTime('15', String(raw))), 'ExceedanceTime', 'breaches')).toBe(
      expected,
    )
  })
})

describe('RULE-02 time (60–86400 s, entered in minutes)', () => {
  test.each(
    cases('time in minutes', [
      ['0', 'Time must be 1 min or more'],
      ['1', undefined],
      ['1440', undefined],
      ['1441', 'Time must be 1440 min (one day) or less'],
      ['', 'Time field is required'],
      ...NON_DIGITS.map((raw) => [raw, 'Time must be a whole number'] as const),
    ]),
  )('%s', (_title, raw, expected) => {
    expect(messageAt(validateAlertRules(withTime(String(raw))), 'ExceedanceTime', 'minutes')).toBe(expected)
  })
})

describe('RULE-02 consecutive breaches (1–999)', () => {
  test.each(
    cases('consecutive breaches', [
      ['0', 'Consecutive Breaches must be 1 or higher'],
      ['1', undefined],
      ['999', undefined],
      ['1000', 'Consecutive Breaches must be 999 or less'],
      ['', 'Breaches field is required'],
      ...NON_DIGITS.map((raw) => [raw, 'Consecutive Breaches must be a whole number'] as const),
    ]),
  )('%s', (_title, raw, expected) => {
    expect(messageAt(validateAlertRules(withConsecutive(String(raw))), 'Consecutive', 'breaches')).toBe(
      expected,
    )
  })
})

describe('RULE-02 only enabled rules block saving', () => {
  test.each([
    ['runs', withRuns('1000', '0', false)],
    ['time', withTime('1441', '', false)],
    ['consecutive', withConsecutive('abc', false)],
  ])('RULE-02 a disabled %s rule with bad values passes', (_name, form) => {
    expect(validateAlertRules(form)).toEqual([])
  })

  test('RULE-02 the defaults are valid with every rule on', () => {
    const form: AlertRuleFormValues = {
      Consecutive: { ...defaultAlertRuleFormValues.Consecutive, on: true },
      ExceedanceRuns: { ...defaultAlertRuleFormValues.ExceedanceRuns, on: true },
      ExceedanceTime: { ...defaultAlertRuleFormValues.ExceedanceTime, on: true },
    }
    expect(validateAlertRules(form)).toEqual([])
  })
})

describe('RULE-03 no rules set', () => {
  test("RULE-03 with every rule off: 'No rules set: all breaches will trigger an alert'", () => {
    expect(noRulesMessage(defaultAlertRuleFormValues)).toBe(
      'No rules set: all breaches will trigger an alert',
    )
  })
  test('RULE-03 with any rule on there is no note', () => {
    expect(noRulesMessage(withConsecutive('1'))).toBeUndefined()
    expect(noRulesMessage(withRuns('15'))).toBeUndefined()
    expect(noRulesMessage(withTime('15'))).toBeUndefined()
  })
})

const runsRule = (runs: number | undefined, breaches = 7, active = true): MonitorRules => [
  { type: 'ExceedanceRuns', active, details: runs === undefined ? { breaches } : { breaches, runs } },
]
const timeRule = (seconds: number, breaches = 7): MonitorRules => [
  { type: 'ExceedanceTime', active: true, details: { breaches, seconds } },
]

describe('RULE-02 stored rules (server)', () => {
  test.each(
    cases('stored runs', [
      [0, 'Runs must be 1 or higher'],
      [1, undefined],
      [999, undefined],
      [1000, 'Runs must be 999 or less'],
      [undefined, 'Runs field is required'],
    ]),
  )('%s', (_title, runs, expected) => {
    expect(messageAt(validateStoredRules(runsRule(runs as number | undefined)), 0, 'details', 'runs')).toBe(
      expected,
    )
  })

  test.each(
    cases('stored breaches', [
      [0, 'Breaches must be 1 or higher'],
      [1, undefined],
      [999, undefined],
      [1000, 'Breaches must be 999 or less'],
    ]),
  )('%s', (_title, breaches, expected) => {
    expect(messageAt(validateStoredRules(runsRule(15, Number(breaches))), 0, 'details', 'breaches')).toBe(
      expected,
    )
  })

  test.each(
    cases('stored time in seconds', [
      [0, 'Time must be 1 min or more'],
      [59, 'Time must be 1 min or more'],
      [60, undefined],
      [86_400, undefined],
      [86_460, 'Time must be 1440 min (one day) or less'],
      [90, 'Time must be a whole number'],
    ]),
  )('%s', (_title, seconds, expected) => {
    expect(messageAt(validateStoredRules(timeRule(Number(seconds))), 0, 'details', 'seconds')).toBe(expected)
  })

  test("RULE-02 stored consecutive breaches of 1000: 'Consecutive Breaches must be 999 or less'", () => {
    const rules: MonitorRules = [{ type: 'Consecutive', active: true, details: { breaches: 1000 } }]
    expect(messageAt(validateStoredRules(rules), 0, 'details', 'breaches')).toBe(
      'Consecutive Breaches must be 999 or less',
    )
  })

  test('RULE-02 stored inactive rules are bounded too (the form stores defaults for unusable values)', () => {
    expect(messageAt(validateStoredRules(runsRule(0, 7, false)), 0, 'details', 'runs')).toBe(
      'Runs must be 1 or higher',
    )
  })

  test('RULE-02 a rule type stored twice is rejected', () => {
    const errors = validateStoredRules([...runsRule(15), ...runsRule(16)])
    expect(errors.map((e) => e.path)).toEqual([[1, 'type']])
  })

  test('RULE-02 one rule, one place: the form (minutes) and the stored shape (seconds) agree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 1100 }), (min, n) => {
        const form = validateAlertRules({
          Consecutive: { on: true, breaches: String(n) },
          ExceedanceRuns: { on: true, breaches: String(n), runs: String(n) },
          ExceedanceTime: { on: true, breaches: String(n), minutes: String(min) },
        })
        const stored = validateStoredRules([
          { type: 'Consecutive', active: true, details: { breaches: n } },
          { type: 'ExceedanceRuns', active: true, details: { breaches: n, runs: n } },
          { type: 'ExceedanceTime', active: true, details: { breaches: n, seconds: min * 60 } },
        ])
        expect(form.map((e) => e.message)).toEqual(stored.map((e) => e.message))
      }),
    )
  })
})
