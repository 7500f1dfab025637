import {
  ALERT_RULE_COUNT_MAX,
  ALERT_RULE_COUNT_MIN,
  ALERT_RULE_SECONDS_MAX,
  ALERT_RULE_SECONDS_MIN,
  SECONDS_PER_MINUTE,
} from '../constants'
import type { AlertRuleDetails, AlertRuleFormValues, AlertRuleType, MonitorRules } from '../schema/alert-rule'
import { fieldError } from './field-error'
import type { FieldError, FieldErrors } from './field-error'
import { Messages } from './messages'
import { isDigits } from './text-rules'

/** The four kinds of number an alert rule holds; time is always in seconds here. */
export type RuleValueKind = 'runs' | 'breaches' | 'consecutiveBreaches' | 'seconds'

/**
 * RULE-02, the one place the bounds live: checks a rule value (seconds for time) and returns the
 * spec's message, or undefined. `undefined` means "nothing entered"; NaN means "not a whole number"
 * (see parseRuleInput). Both the form and the stored-rules validator call this.
 */
export const checkRuleValue = (kind: RuleValueKind, value: number | undefined): string | undefined => {
  const b = BOUNDS[kind]
  if (value === undefined) return b.required
  if (value < b.min) return b.tooLow
  if (value > b.max) return b.tooHigh
  // Time is entered in whole minutes, so stored seconds must be whole minutes too.
  if (!Number.isInteger(value / b.unit)) return b.notWhole
  return undefined
}

/**
 * What a digits-only input holds, as a number: blank → undefined (required), digits → the number,
 * anything else ('1a', '-1', '1.5') → NaN. The inputs never produce such text, so it can only come
 * from outside the form; it is reported with the spec's generic '{label} must be a whole number'.
 */
export const parseRuleInput = (raw: string): number | undefined =>
  raw.trim() === '' ? undefined : isDigits(raw) ? Number(raw) : Number.NaN

/** A form input as the value checkRuleValue expects: the time input is minutes, checked as seconds. */
export const ruleInputValue = (kind: RuleValueKind, raw: string): number | undefined => {
  const value = parseRuleInput(raw)
  return kind === 'seconds' && value !== undefined ? value * SECONDS_PER_MINUTE : value
}

/** RULE-02: the form's errors, at [rule type, field]. Only rules that are switched on are checked. */
export const validateAlertRules = (form: AlertRuleFormValues): FieldErrors => {
  const { Consecutive: c, ExceedanceRuns: r, ExceedanceTime: t } = form
  return [
    ...(c.on ? checkInput(['Consecutive', 'breaches'], 'consecutiveBreaches', c.breaches) : []),
    ...(r.on
      ? [
          ...checkInput(['ExceedanceRuns', 'breaches'], 'breaches', r.breaches),
          ...checkInput(['ExceedanceRuns', 'runs'], 'runs', r.runs),
        ]
      : []),
    ...(t.on
      ? [
          ...checkInput(['ExceedanceTime', 'breaches'], 'breaches', t.breaches),
          ...checkInput(['ExceedanceTime', 'minutes'], 'seconds', t.minutes),
        ]
      : []),
  ]
}

/** RULE-03: the note shown when no rule is on, or undefined. */
export const noRulesMessage = (form: AlertRuleFormValues): string | undefined =>
  form.Consecutive.on || form.ExceedanceRuns.on || form.ExceedanceTime.on ? undefined : M.noRulesSet

/**
 * The same bounds on the stored shape (seconds), for the server; errors at [index, 'details', key].
 * Unlike the form, inactive rules are checked too: the form stores defaults in place of a disabled
 * rule's unusable input, so a valid client never sends an out-of-bounds value, and every stored
 * value can be shown in the form and saved back unchanged.
 */
export const validateStoredRules = (rules: MonitorRules): FieldErrors => {
  const errors: Array<FieldError> = []
  const seen = new Set<AlertRuleType>()
  rules.forEach((rule, i) => {
    if (seen.has(rule.type)) errors.push(fieldError([i, 'type'], DUPLICATE_RULE_TYPE))
    seen.add(rule.type)
    for (const [key, kind] of STORED_VALUES[rule.type]) {
      const message = checkRuleValue(kind, rule.details[key])
      if (message !== undefined) errors.push(fieldError([i, 'details', key], message))
    }
  })
  return errors
}

const M = Messages.alertRules
const wholeNumber = Messages.text.wholeNumber

/** One rule per type and monitor. */
const DUPLICATE_RULE_TYPE = M.duplicateRuleType

interface Bound {
  readonly min: number
  readonly max: number
  /** 60 for seconds: values must be whole multiples of it. */
  readonly unit: number
  readonly required: string
  readonly tooLow: string
  readonly tooHigh: string
  readonly notWhole: string
}

const count = { min: ALERT_RULE_COUNT_MIN, max: ALERT_RULE_COUNT_MAX, unit: 1 }

const BOUNDS: Record<RuleValueKind, Bound> = {
  runs: {
    ...count,
    required: M.runsRequired,
    tooLow: M.runsMin,
    tooHigh: M.runsMax,
    notWhole: wholeNumber(M.runsLabel),
  },
  breaches: {
    ...count,
    required: M.breachesRequired,
    tooLow: M.breachesMin,
    tooHigh: M.breachesMax,
    notWhole: wholeNumber(M.breachesLabel),
  },
  consecutiveBreaches: {
    ...count,
    required: M.consecutiveRequired,
    tooLow: M.consecutiveMin,
    tooHigh: M.consecutiveMax,
    notWhole: wholeNumber(M.consecutiveLabel),
  },
  seconds: {
    min: ALERT_RULE_SECONDS_MIN,
    max: ALERT_RULE_SECONDS_MAX,
    unit: SECONDS_PER_MINUTE,
    required: M.timeRequired,
    tooLow: M.timeMin,
    tooHigh: M.timeMax,
    notWhole: wholeNumber(M.timeLabel),
  },
}

/** Which detail each stored rule type carries, and how it is bounded. */
const STORED_VALUES: Record<
  AlertRuleType,
  ReadonlyArray<readonly [keyof AlertRuleDetails, RuleValueKind]>
> = {
  Consecutive: [['breaches', 'consecutiveBreaches']],
  ExceedanceRuns: [
    ['breaches', 'breaches'],
    ['runs', 'runs'],
  ],
  ExceedanceTime: [
    ['breaches', 'breaches'],
    ['seconds', 'seconds'],
  ],
}

const checkInput = (path: ReadonlyArray<string>, kind: RuleValueKind, raw: string): FieldErrors => {
  const message = checkRuleValue(kind, ruleInputValue(kind, raw))
  return message === undefined ? [] : [fieldError(path, message)]
}
