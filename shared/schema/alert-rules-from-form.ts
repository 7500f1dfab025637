import { Schema, SchemaGetter } from 'effect'
import { ALERT_RULE_DEFAULTS, SECONDS_PER_MINUTE } from '../constants'
import {
  checkRuleValue,
  ruleInputValue,
  validateAlertRules,
  validateStoredRules,
} from '../validation/alert-rules'
import type { RuleValueKind } from '../validation/alert-rules'
import { checkWith } from '../validation/field-error'
import {
  AlertRuleFormValues,
  defaultAlertRuleFormValues,
  MonitorRules,
  type AlertRuleType,
} from './alert-rule'

/*
 * The rule editor's values ↔ stored rules. Apart from the shapes (alert-rule.ts) because it uses
 * the rules (shared/validation/alert-rules.ts), which use the shapes' types.
 */

const D = ALERT_RULE_DEFAULTS

/**
 * Form values → stored rules, always one rule per type in ALERT_RULE_TYPES order. A rule that is
 * off keeps its values when they are valid; an unusable value of a rule that is off (the form lets
 * it through, RULE-02) is stored as the default, since the stored shape has no room for text.
 */
export function rulesFromForm(form: AlertRuleFormValues): MonitorRules {
  const { Consecutive: c, ExceedanceRuns: r, ExceedanceTime: t } = form
  return [
    {
      type: 'Consecutive',
      active: c.on,
      details: { breaches: storable('consecutiveBreaches', c.breaches, D.consecutiveBreaches) },
    },
    {
      type: 'ExceedanceRuns',
      active: r.on,
      details: {
        breaches: storable('breaches', r.breaches, D.breachesForRuns),
        runs: storable('runs', r.runs, D.runs),
      },
    },
    {
      type: 'ExceedanceTime',
      active: t.on,
      details: {
        breaches: storable('breaches', t.breaches, D.breachesForTime),
        seconds: storable('seconds', t.minutes, D.seconds),
      },
    },
  ]
}

/**
 * Stored rules → form values. A type with no stored rule shows the defaults, switched off; a missing
 * detail shows as an empty input, which the form then reports as required if the rule is on.
 */
export function formFromRules(rules: MonitorRules): AlertRuleFormValues {
  const find = (type: AlertRuleType) => rules.find((rule) => rule.type === type)
  const text = (value: number | undefined) => (value === undefined ? '' : String(value))
  const c = find('Consecutive')
  const r = find('ExceedanceRuns')
  const t = find('ExceedanceTime')
  const d = defaultAlertRuleFormValues
  return {
    Consecutive: c ? { on: c.active, breaches: text(c.details.breaches) } : d.Consecutive,
    ExceedanceRuns: r
      ? { on: r.active, breaches: text(r.details.breaches), runs: text(r.details.runs) }
      : d.ExceedanceRuns,
    ExceedanceTime: t
      ? {
          on: t.active,
          breaches: text(t.details.breaches),
          minutes: text(t.details.seconds === undefined ? undefined : t.details.seconds / SECONDS_PER_MINUTE),
        }
      : d.ExceedanceTime,
  }
}

/**
 * Decodes valid form values (minutes) into valid stored rules (seconds), and encodes back. Both
 * sides carry their validators, so a decode fails with the spec's messages at the field's path.
 * Lossless on valid values: stored lists holding each type once in ALERT_RULE_TYPES order with only
 * their own details; form values with canonical digits (no leading zeros).
 */
export const AlertRulesFromForm = AlertRuleFormValues.check(checkWith(validateAlertRules)).pipe(
  Schema.decodeTo(MonitorRules.check(checkWith(validateStoredRules)), {
    decode: SchemaGetter.transform(rulesFromForm),
    encode: SchemaGetter.transform(formFromRules),
  }),
)

function storable(kind: RuleValueKind, raw: string, fallback: number): number {
  const value = ruleInputValue(kind, raw)
  return value !== undefined && checkRuleValue(kind, value) === undefined ? value : fallback
}
