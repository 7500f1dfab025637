import { Schema } from 'effect'
import { FREQUENCY_DEFAULT_MINUTES } from '../constants'
import { checkWith } from '../validation/field-error'
import { validateMonitorDraft } from '../validation/monitor-rules'
import { MonitorFilter, newMonitorFilter } from './monitor-filter'
import type { MonitorScope } from './monitor-filter'
import { MonitorType } from './monitor-type'

export { MonitorType }

/** Everything but the id: shared by the draft (form) and the stored monitor. */
const monitorFields = {
  monitor_name: Schema.String,
  monitor_type: MonitorType,
  active: Schema.Boolean,
  /** Minutes between runs, a whole number (MON-04). */
  frequency: Schema.Int,
  notes: Schema.String,
  use_excluded_part_ids: Schema.Boolean,
  use_excluded_model_numbers: Schema.Boolean,
  monitor_filter: MonitorFilter,
}

/**
 * A monitor as a form holds it. A new monitor has no uuid until it is saved (MON-09), so the key
 * is absent rather than an empty string that could be mistaken for an id.
 */
export const MonitorDraft = Schema.Struct({
  monitor_uuid: Schema.optionalKey(Schema.NonEmptyString),
  ...monitorFields,
})
export type MonitorDraft = typeof MonitorDraft.Type

/** A saved monitor (client shape, the `monitors` collection): the uuid is required. */
export const Monitor = Schema.Struct({
  monitor_uuid: Schema.NonEmptyString,
  ...monitorFields,
})
export type Monitor = typeof Monitor.Type

/**
 * The same shapes carrying the monitor-form rules (name, frequency, notes, signal selection), so a
 * decode on the server fails with the form's own messages and paths.
 */
export const ValidMonitorDraft = MonitorDraft.check(checkWith(validateMonitorDraft))
export const ValidMonitor = Monitor.check(checkWith(validateMonitorDraft))

/** A new monitor of any type: the MON-09 defaults, which the spec gives for MVD. */
export const newMonitorDraft = (monitor_type: MonitorType, scope: MonitorScope): MonitorDraft => ({
  monitor_name: '',
  monitor_type,
  active: true,
  frequency: FREQUENCY_DEFAULT_MINUTES,
  notes: '',
  use_excluded_part_ids: false,
  use_excluded_model_numbers: false,
  monitor_filter: newMonitorFilter(scope),
})

/** MON-09: empty name, active, default frequency and threshold, empty notes, no uuid, no exclusions. */
export const newMvdMonitor = (scope: MonitorScope): MonitorDraft => newMonitorDraft('mvd', scope)
