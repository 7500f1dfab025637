import { Schema } from 'effect'
import { ALERT_RULE_DEFAULTS, ALERT_RULE_TYPES, SECONDS_PER_MINUTE } from '../constants'

export const AlertRuleType = Schema.Literals(ALERT_RULE_TYPES)
export type AlertRuleType = typeof AlertRuleType.Type

/** runs only on ExceedanceRuns, seconds only on ExceedanceTime (monitors §3). */
export const AlertRuleDetails = Schema.Struct({
  breaches: Schema.Int,
  runs: Schema.optionalKey(Schema.Int),
  seconds: Schema.optionalKey(Schema.Int),
})
export type AlertRuleDetails = typeof AlertRuleDetails.Type

/** A rule as stored and sent (GET/PATCH /api/notifications/monitor-rules/{monitorId}). */
export const AlertRule = Schema.Struct({
  type: AlertRuleType,
  active: Schema.Boolean,
  details: AlertRuleDetails,
})
export type AlertRule = typeof AlertRule.Type

/** The rules of one monitor. */
export const MonitorRules = Schema.Array(AlertRule)
export type MonitorRules = typeof MonitorRules.Type

/*
 * The rule editor's values: per rule its on switch and the text of each input, kept as typed
 * (digits only, possibly empty) so an empty or half-typed field is shown back as it is. Time is in
 * minutes here and in seconds once stored.
 */
export const ConsecutiveRuleForm = Schema.Struct({ on: Schema.Boolean, breaches: Schema.String })
export const RunsRuleForm = Schema.Struct({
  on: Schema.Boolean,
  breaches: Schema.String,
  runs: Schema.String,
})
export const TimeRuleForm = Schema.Struct({
  on: Schema.Boolean,
  breaches: Schema.String,
  minutes: Schema.String,
})
export const AlertRuleFormValues = Schema.Struct({
  Consecutive: ConsecutiveRuleForm,
  ExceedanceRuns: RunsRuleForm,
  ExceedanceTime: TimeRuleForm,
})
export type AlertRuleFormValues = typeof AlertRuleFormValues.Type

const D = ALERT_RULE_DEFAULTS

/** RULE-01: all three rules off, values 1 / 7 in 15 runs / 7 in 15 min (900 s). */
export const defaultAlertRuleFormValues: AlertRuleFormValues = {
  Consecutive: { on: false, breaches: String(D.consecutiveBreaches) },
  ExceedanceRuns: { on: false, breaches: String(D.breachesForRuns), runs: String(D.runs) },
  ExceedanceTime: {
    on: false,
    breaches: String(D.breachesForTime),
    minutes: String(D.seconds / SECONDS_PER_MINUTE),
  },
}
