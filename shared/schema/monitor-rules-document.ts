import { Schema } from 'effect'
import { checkWith } from '../validation/field-error'
import { validateStoredRules } from '../validation/alert-rules'
import { MonitorRules } from './alert-rule'

/**
 * The alert rules of one monitor as the `monitorRules` collection stores them (one document per
 * monitor, keyed by its uuid). GET/PATCH /api/notifications/monitor-rules/{monitorId} send the bare
 * `rules` list; replication sends the whole document.
 */
export const MonitorRulesDocument = Schema.Struct({
  monitorId: Schema.NonEmptyString,
  rules: MonitorRules,
})
export type MonitorRulesDocument = typeof MonitorRulesDocument.Type

/** The stored rules carrying RULE-02's bounds: what the server decodes a rules write with. */
export const ValidMonitorRules = MonitorRules.check(checkWith(validateStoredRules))

export const ValidMonitorRulesDocument = Schema.Struct({
  monitorId: Schema.NonEmptyString,
  rules: ValidMonitorRules,
})
