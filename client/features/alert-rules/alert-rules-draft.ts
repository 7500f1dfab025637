/**
 * The alert-rules editor's form state, pure so it is unit-tested and shared by every host (the
 * monitor form's Alert Rules tab, the Cap Alert Rules dialog). The draft IS the shared form shape
 * (`AlertRuleFormValues`: per rule its switch and each input's text, time in minutes); bounds,
 * messages and the minutes ↔ seconds conversion stay in shared/ (RULE-01..03) and are only called
 * from here.
 *
 * A host keeps a draft in its state, renders `<AlertRulesEditor value={draft} onChange={setDraft}/>`
 * and, to save, asks `checkAlertRulesDraft(draft)`: `valid` blocks or allows saving and `rules` is
 * what the `saveAlertRules` intent takes.
 */
import {
  defaultAlertRuleFormValues,
  type AlertRuleFormValues,
  type AlertRuleType,
  type MonitorRules,
} from '../../../shared/schema/alert-rule'
import { formFromRules, rulesFromForm } from '../../../shared/schema/alert-rules-from-form'
import { noRulesMessage, validateAlertRules } from '../../../shared/validation/alert-rules'
import { messageAt, type FieldErrors } from '../../../shared/validation/field-error'

/** The editor's value: the shared form shape (text as typed, time in minutes). */
export type AlertRulesDraft = AlertRuleFormValues

/** The inputs of each rule, in the order shown. */
export type RuleInput<T extends AlertRuleType> = Exclude<keyof AlertRulesDraft[T], 'on'>
export type AnyRuleInput = 'breaches' | 'runs' | 'minutes'

export const RULE_INPUTS: { readonly [T in AlertRuleType]: ReadonlyArray<RuleInput<T>> } = {
  Consecutive: ['breaches'],
  ExceedanceRuns: ['breaches', 'runs'],
  ExceedanceTime: ['breaches', 'minutes'],
}

/** What a host needs to decide about saving. */
export interface AlertRulesCheck {
  /** RULE-02: messages at [rule type, input]; only rules that are on are checked. */
  readonly errors: FieldErrors
  /** No error: saving may go ahead. */
  readonly valid: boolean
  /** RULE-03: 'No rules set: all breaches will trigger an alert' when no rule is on. */
  readonly noRules: string | undefined
  /** The stored shape (seconds), all three rules in order; meaningful when `valid`. */
  readonly rules: MonitorRules
}

/** RULE-01: a new monitor's rules — all off, the spec's default values. */
export const newAlertRulesDraft = (): AlertRulesDraft => defaultAlertRuleFormValues

/** Stored rules (or none stored yet) → the editor's value. */
export const draftFromRules = (rules: MonitorRules | undefined): AlertRulesDraft => formFromRules(rules ?? [])

/** The editor's value → the stored rules (seconds). Check `valid` first. */
export const rulesFromDraft = (draft: AlertRulesDraft): MonitorRules => rulesFromForm(draft)

export function checkAlertRulesDraft(draft: AlertRulesDraft): AlertRulesCheck {
  const errors = validateAlertRules(draft)
  return { errors, valid: errors.length === 0, noRules: noRulesMessage(draft), rules: rulesFromForm(draft) }
}

/** The message under one input, if any. */
export const ruleInputError = (errors: FieldErrors, type: AlertRuleType, input: AnyRuleInput) =>
  messageAt(errors, type, input)

/** RULE-02: inputs take digits only — anything else typed or pasted is dropped. */
export const digitsOnly = (raw: string): string => raw.replace(/[^0-9]/g, '')

export function setRuleOn(draft: AlertRulesDraft, type: AlertRuleType, on: boolean): AlertRulesDraft {
  return { ...draft, [type]: { ...draft[type], on } }
}

export function setRuleInput<T extends AlertRuleType>(
  draft: AlertRulesDraft,
  type: T,
  input: RuleInput<T>,
  raw: string,
): AlertRulesDraft {
  return { ...draft, [type]: { ...draft[type], [input]: digitsOnly(raw) } }
}

/**
 * Whether the draft differs from the saved value (for a monitor without rules, the defaults): every
 * switch and input text is compared, so switching a rule off and back on again is no change.
 */
export function alertRulesChanged(draft: AlertRulesDraft, saved: AlertRulesDraft): boolean {
  return (Object.keys(RULE_INPUTS) as AlertRuleType[]).some((type) => {
    const a = draft[type] as Record<string, string | boolean>
    const b = saved[type] as Record<string, string | boolean>
    if (a.on !== b.on) return true
    return (RULE_INPUTS[type] as ReadonlyArray<string>).some((input) => a[input] !== b[input])
  })
}
