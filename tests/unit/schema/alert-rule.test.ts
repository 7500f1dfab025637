import { Result, Schema } from 'effect'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { defaultAlertRuleFormValues } from '../../../shared/schema/alert-rule'
import {
  AlertRulesFromForm,
  formFromRules,
  rulesFromForm,
} from '../../../shared/schema/alert-rules-from-form'
import type { AlertRuleFormValues, MonitorRules } from '../../../shared/schema/alert-rule'

const decode = Schema.decodeUnknownSync(AlertRulesFromForm)
const encode = Schema.encodeSync(AlertRulesFromForm)

// Valid values from the spec's bounds: counts 1–999, time 1–1440 min (60–86400 s).
const count = fc.integer({ min: 1, max: 999 })
const minutes = fc.integer({ min: 1, max: 1440 })

const formArb: fc.Arbitrary<AlertRuleFormValues> = fc.record({
  Consecutive: fc.record({ on: fc.boolean(), breaches: count.map(String) }),
  ExceedanceRuns: fc.record({ on: fc.boolean(), breaches: count.map(String), runs: count.map(String) }),
  ExceedanceTime: fc.record({ on: fc.boolean(), breaches: count.map(String), minutes: minutes.map(String) }),
})

const storedArb: fc.Arbitrary<MonitorRules> = fc
  .tuple(fc.boolean(), count, fc.boolean(), count, count, fc.boolean(), count, minutes)
  .map(([cOn, cB, rOn, rB, runs, tOn, tB, min]) => [
    { type: 'Consecutive', active: cOn, details: { breaches: cB } },
    { type: 'ExceedanceRuns', active: rOn, details: { breaches: rB, runs } },
    { type: 'ExceedanceTime', active: tOn, details: { breaches: tB, seconds: min * 60 } },
  ])

const failureMessage = (result: Result.Result<unknown, { message: string }>): string =>
  Result.isFailure(result) ? result.failure.message : ''

describe('RULE-01 alert rule defaults', () => {
  test('RULE-01 all three rules are off by default with 1, 7 in 15 runs, 7 in 15 minutes', () => {
    expect(defaultAlertRuleFormValues).toEqual({
      Consecutive: { on: false, breaches: '1' },
      ExceedanceRuns: { on: false, breaches: '7', runs: '15' },
      ExceedanceTime: { on: false, breaches: '7', minutes: '15' },
    })
  })

  test('RULE-01 the defaults store as breachesForRuns 7, breachesForTime 7, runs 15, seconds 900, consecutive 1', () => {
    expect(decode(defaultAlertRuleFormValues)).toEqual([
      { type: 'Consecutive', active: false, details: { breaches: 1 } },
      { type: 'ExceedanceRuns', active: false, details: { breaches: 7, runs: 15 } },
      { type: 'ExceedanceTime', active: false, details: { breaches: 7, seconds: 900 } },
    ])
  })

  test('RULE-01 a monitor without stored rules shows the defaults', () => {
    expect(formFromRules([])).toEqual(defaultAlertRuleFormValues)
  })
})

describe('RULE-02 form (minutes) ⇄ stored rules (seconds)', () => {
  test.each([
    ['1', 60],
    ['15', 900],
    ['1440', 86_400],
  ])('RULE-02 time of %s min is stored as %i s (60 per minute)', (min, seconds) => {
    const form = { ...defaultAlertRuleFormValues, ExceedanceTime: { on: true, breaches: '7', minutes: min } }
    expect(decode(form)[2]).toEqual({
      type: 'ExceedanceTime',
      active: true,
      details: { breaches: 7, seconds },
    })
  })

  test('RULE-02 stored seconds come back as minutes in the form', () => {
    const rules: MonitorRules = [
      { type: 'ExceedanceTime', active: true, details: { breaches: 3, seconds: 1200 } },
    ]
    expect(encode(rules).ExceedanceTime).toEqual({ on: true, breaches: '3', minutes: '20' })
  })

  test('RULE-02 decode ∘ encode is the identity on valid stored rules', () => {
    fc.assert(
      fc.property(storedArb, (rules) => {
        expect(decode(encode(rules))).toEqual(rules)
      }),
    )
  })

  test('RULE-02 encode ∘ decode is the identity on valid form values', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        expect(encode(decode(form))).toEqual(form)
      }),
    )
  })

  test("RULE-02 an enabled rule with runs of 1000 fails decoding with 'Runs must be 999 or less'", () => {
    const form = { ...defaultAlertRuleFormValues, ExceedanceRuns: { on: true, breaches: '7', runs: '1000' } }
    const message = failureMessage(Schema.decodeUnknownResult(AlertRulesFromForm)(form))
    expect(message).toContain('Runs must be 999 or less')
    expect(message).toContain('["ExceedanceRuns"]["runs"]')
  })

  test('RULE-02 a disabled rule with an unusable value is stored with its default', () => {
    const form: AlertRuleFormValues = {
      Consecutive: { on: false, breaches: '' },
      ExceedanceRuns: { on: false, breaches: '1000', runs: '1a' },
      ExceedanceTime: { on: false, breaches: '0', minutes: '1441' },
    }
    expect(decode(form)).toEqual(rulesFromForm(defaultAlertRuleFormValues))
  })

  test('RULE-02 a disabled rule keeps its valid values', () => {
    const form = { ...defaultAlertRuleFormValues, ExceedanceRuns: { on: false, breaches: '3', runs: '4' } }
    expect(decode(form)[1]).toEqual({
      type: 'ExceedanceRuns',
      active: false,
      details: { breaches: 3, runs: 4 },
    })
  })

  test("RULE-02 stored time that is not whole minutes cannot be shown: 'Time must be a whole number'", () => {
    const rules: MonitorRules = [
      { type: 'ExceedanceTime', active: false, details: { breaches: 3, seconds: 90 } },
    ]
    expect(failureMessage(Schema.encodeUnknownResult(AlertRulesFromForm)(rules))).toContain(
      'Time must be a whole number',
    )
  })

  test('RULE-02 a stored rule missing its runs shows an empty input', () => {
    const rules: MonitorRules = [{ type: 'ExceedanceRuns', active: true, details: { breaches: 3 } }]
    expect(formFromRules(rules).ExceedanceRuns).toEqual({ on: true, breaches: '3', runs: '' })
  })
})
