import { describe, expect, it } from 'vitest'
import {
  alertRulesChanged,
  checkAlertRulesDraft,
  digitsOnly,
  draftFromRules,
  newAlertRulesDraft,
  ruleInputError,
  rulesFromDraft,
  setRuleInput,
  setRuleOn,
} from './alert-rules-draft'

describe('alert rules draft', () => {
  it('RULE-01 a new draft has all three rules off with the spec defaults (time in minutes)', () => {
    const d = newAlertRulesDraft()
    expect(d).toEqual({
      Consecutive: { on: false, breaches: '1' },
      ExceedanceRuns: { on: false, breaches: '7', runs: '15' },
      ExceedanceTime: { on: false, breaches: '7', minutes: '15' },
    })
    expect(rulesFromDraft(d)).toEqual([
      { type: 'Consecutive', active: false, details: { breaches: 1 } },
      { type: 'ExceedanceRuns', active: false, details: { breaches: 7, runs: 15 } },
      { type: 'ExceedanceTime', active: false, details: { breaches: 7, seconds: 900 } },
    ])
  })

  it('RULE-01 stored rules (seconds) show as minutes; none stored shows the defaults', () => {
    const d = draftFromRules([
      { type: 'ExceedanceTime', active: true, details: { breaches: 3, seconds: 120 } },
    ])
    expect(d.ExceedanceTime).toEqual({ on: true, breaches: '3', minutes: '2' })
    expect(d.Consecutive).toEqual(newAlertRulesDraft().Consecutive)
    expect(draftFromRules(undefined)).toEqual(newAlertRulesDraft())
    expect(rulesFromDraft(d)[2]).toEqual({
      type: 'ExceedanceTime',
      active: true,
      details: { breaches: 3, seconds: 120 },
    })
  })

  it('RULE-02 inputs keep digits only', () => {
    expect(digitsOnly('1a2-3.4 ')).toBe('1234')
    const d = setRuleInput(newAlertRulesDraft(), 'ExceedanceRuns', 'runs', '-12e')
    expect(d.ExceedanceRuns.runs).toBe('12')
  })

  it('RULE-02 every bound message, only for rules that are on', () => {
    let d = newAlertRulesDraft()
    d = setRuleInput(d, 'Consecutive', 'breaches', '')
    d = setRuleInput(d, 'ExceedanceRuns', 'runs', '1000')
    d = setRuleInput(d, 'ExceedanceRuns', 'breaches', '0')
    d = setRuleInput(d, 'ExceedanceTime', 'minutes', '1441')
    d = setRuleInput(d, 'ExceedanceTime', 'breaches', '1000')
    // All off: nothing blocks saving, and the rules are stored with the defaults for unusable values.
    expect(checkAlertRulesDraft(d).valid).toBe(true)
    expect(checkAlertRulesDraft(d).rules[0]).toEqual({
      type: 'Consecutive',
      active: false,
      details: { breaches: 1 },
    })

    d = setRuleOn(
      setRuleOn(setRuleOn(d, 'Consecutive', true), 'ExceedanceRuns', true),
      'ExceedanceTime',
      true,
    )
    const { errors, valid } = checkAlertRulesDraft(d)
    expect(valid).toBe(false)
    expect(ruleInputError(errors, 'Consecutive', 'breaches')).toBe('Breaches field is required')
    expect(ruleInputError(errors, 'ExceedanceRuns', 'runs')).toBe('Runs must be 999 or less')
    expect(ruleInputError(errors, 'ExceedanceRuns', 'breaches')).toBe('Breaches must be 1 or higher')
    expect(ruleInputError(errors, 'ExceedanceTime', 'minutes')).toBe(
      'Time must be 1440 min (one day) or less',
    )
    expect(ruleInputError(errors, 'ExceedanceTime', 'breaches')).toBe('Breaches must be 999 or less')

    const more = checkAlertRulesDraft(
      setRuleInput(
        setRuleInput(setRuleInput(d, 'Consecutive', 'breaches', '0'), 'ExceedanceRuns', 'runs', '0'),
        'ExceedanceTime',
        'minutes',
        '0',
      ),
    ).errors
    expect(ruleInputError(more, 'Consecutive', 'breaches')).toBe('Consecutive Breaches must be 1 or higher')
    expect(ruleInputError(more, 'ExceedanceRuns', 'runs')).toBe('Runs must be 1 or higher')
    expect(ruleInputError(more, 'ExceedanceTime', 'minutes')).toBe('Time must be 1 min or more')
    const empty = checkAlertRulesDraft(
      setRuleInput(setRuleInput(d, 'ExceedanceRuns', 'runs', ''), 'ExceedanceTime', 'minutes', ''),
    ).errors
    expect(ruleInputError(empty, 'ExceedanceRuns', 'runs')).toBe('Runs field is required')
    expect(ruleInputError(empty, 'ExceedanceTime', 'minutes')).toBe('Time field is required')
    const big = checkAlertRulesDraft(setRuleInput(d, 'Consecutive', 'breaches', '1000')).errors
    expect(ruleInputError(big, 'Consecutive', 'breaches')).toBe('Consecutive Breaches must be 999 or less')
  })

  it('RULE-02 time is entered in minutes and stored in seconds, bounds 1 to 1440 minutes', () => {
    let d = setRuleOn(newAlertRulesDraft(), 'ExceedanceTime', true)
    d = setRuleInput(d, 'ExceedanceTime', 'minutes', '1440')
    expect(checkAlertRulesDraft(d).valid).toBe(true)
    expect(checkAlertRulesDraft(d).rules[2]!.details.seconds).toBe(86_400)
    d = setRuleInput(d, 'ExceedanceTime', 'minutes', '1')
    expect(checkAlertRulesDraft(d).rules[2]!.details.seconds).toBe(60)
  })

  it('RULE-03 the no-rules note shows only while every rule is off', () => {
    const d = newAlertRulesDraft()
    expect(checkAlertRulesDraft(d).noRules).toBe('No rules set: all breaches will trigger an alert')
    expect(checkAlertRulesDraft(setRuleOn(d, 'ExceedanceRuns', true)).noRules).toBeUndefined()
  })

  it('RULE-01 changes are detected against the saved value; undoing them is no change', () => {
    const saved = newAlertRulesDraft()
    const on = setRuleOn(saved, 'Consecutive', true)
    expect(alertRulesChanged(on, saved)).toBe(true)
    expect(alertRulesChanged(setRuleOn(on, 'Consecutive', false), saved)).toBe(false)
    expect(alertRulesChanged(setRuleInput(saved, 'ExceedanceRuns', 'runs', '16'), saved)).toBe(true)
  })
})
