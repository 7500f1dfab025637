import { Schema, SchemaGetter } from 'effect'
import { ALERT_THRESHOLD_SERVER_VALUES, DURATION_DEFAULT_MS } from '../constants'
import { checkWith } from '../validation/field-error'
import { validateMonitorDraft } from '../validation/monitor-rules'
import { Monitor, MonitorDraft } from './monitor'
import { AlertThreshold } from './monitor-filter'
import type { MonitorFilter } from './monitor-filter'
import type { MonitorPeriod } from './monitor-period'
import { ServerAlertThreshold, Task, TaskInput } from './task'
import type { TaskDetails } from './task'

/**
 * MON-08: the client monitor ⇄ the server task. Decoding a Task gives a Monitor; encoding a Monitor
 * gives the Task to send. Every field has exactly one counterpart, so both round trips are lossless.
 */
export const MonitorFromTask = Task.pipe(
  Schema.decodeTo(Monitor, {
    decode: SchemaGetter.transform((task) => ({ monitor_uuid: task.task_uuid, ...monitorBody(task) })),
    encode: SchemaGetter.transform((monitor) => ({ task_uuid: monitor.monitor_uuid, ...taskBody(monitor) })),
  }),
)

/** The same mapping for create: a draft may carry a client-minted uuid or none at all. */
export const MonitorDraftFromTaskInput = TaskInput.pipe(
  Schema.decodeTo(MonitorDraft, {
    decode: SchemaGetter.transform((task) => ({
      ...(task.task_uuid === undefined ? {} : { monitor_uuid: task.task_uuid }),
      ...monitorBody(task),
    })),
    encode: SchemaGetter.transform((monitor) => ({
      ...(monitor.monitor_uuid === undefined ? {} : { task_uuid: monitor.monitor_uuid }),
      ...taskBody(monitor),
    })),
  }),
)

/**
 * The same mappings carrying the monitor-form rules on the monitor side: what the server decodes
 * request bodies with, so a bad body fails with the form's messages (paths are the monitor's).
 */
export const ValidMonitorFromTask = MonitorFromTask.check(checkWith(validateMonitorDraft))
export const ValidMonitorDraftFromTaskInput = MonitorDraftFromTaskInput.check(checkWith(validateMonitorDraft))

/** Low / Medium / High ⇄ the server's number; unknown numbers never get here (ServerAlertThreshold). */
export const AlertThresholdFromServer = ServerAlertThreshold.pipe(
  Schema.decodeTo(AlertThreshold, {
    decode: SchemaGetter.transform(thresholdFromServer),
    encode: SchemaGetter.transform(thresholdToServer),
  }),
)

type TaskBody = Omit<TaskInput, 'task_uuid'>
type MonitorBody = Omit<MonitorDraft, 'monitor_uuid'>

function monitorBody(task: TaskBody): MonitorBody {
  const d = task.task_details
  return {
    monitor_name: task.task_name,
    monitor_type: task.task_type,
    active: task.active,
    frequency: task.frequency,
    notes: task.notes,
    // The exclude flags sit on the monitor in the client but inside task_details on the wire.
    use_excluded_part_ids: d.use_excluded_part_ids,
    use_excluded_model_numbers: d.use_excluded_model_numbers,
    monitor_filter: {
      cust_uuid: d.cust_uuid,
      plant_uuid: d.plant_uuid,
      line_uuid: d.line_uuid,
      signal_uuids: d.signal_uuids,
      signal_group_uuids: d.signal_group_uuids,
      part_groups: d.part_groups,
      part_numbers: d.part_numbers,
      part_attributes: d.part_attributes.map((a) => ({
        attributeUuid: a.attribute_uuid,
        selectedAttributeValues: a.selected_attribute_values,
      })),
      pass_fail_filter: d.pass_fail_filter,
      evaluation_ratio: d.evaluation_ratio,
      sample_size: d.sample_size,
      alert_threshold: thresholdFromServer(d.alert_threshold),
      ...periodFromTask(d),
      ...(d.result_classifications === undefined ? {} : { result_classifications: d.result_classifications }),
    },
  }
}

/** The stored period of a task that carries one (validateWirePeriod made sure both modes are there). */
function periodFromTask(d: TaskDetails): { period?: MonitorPeriod } {
  if (d.start_mode === undefined || d.end_mode === undefined) return {}
  return {
    period: {
      start_mode: d.start_mode,
      start_time: d.start_time ?? null,
      // An absent duration is the query correction's default, as an empty Duration input is.
      start_duration: d.start_duration ?? DURATION_DEFAULT_MS,
      end_mode: d.end_mode,
      end_time: d.end_time ?? null,
      end_duration: d.end_duration ?? DURATION_DEFAULT_MS,
    },
  }
}

/** The period as the filter query names it; both record counts are the sample size. */
function periodToTask(period: MonitorPeriod | undefined, records: number) {
  if (period === undefined) return {}
  return { ...period, start_records: records, end_records: records }
}

function taskBody(monitor: MonitorBody): TaskBody {
  return {
    task_name: monitor.monitor_name,
    task_type: monitor.monitor_type,
    active: monitor.active,
    frequency: monitor.frequency,
    notes: monitor.notes,
    task_details: taskDetails(monitor),
  }
}

function taskDetails(monitor: MonitorBody): TaskDetails {
  const f: MonitorFilter = monitor.monitor_filter
  return {
    cust_uuid: f.cust_uuid,
    plant_uuid: f.plant_uuid,
    line_uuid: f.line_uuid,
    use_excluded_part_ids: monitor.use_excluded_part_ids,
    use_excluded_model_numbers: monitor.use_excluded_model_numbers,
    alert_threshold: thresholdToServer(f.alert_threshold),
    part_attributes: f.part_attributes.map((a) => ({
      attribute_uuid: a.attributeUuid,
      selected_attribute_values: a.selectedAttributeValues,
    })),
    part_groups: f.part_groups,
    part_numbers: f.part_numbers,
    pass_fail_filter: f.pass_fail_filter,
    signal_group_uuids: f.signal_group_uuids,
    signal_uuids: f.signal_uuids,
    evaluation_ratio: f.evaluation_ratio,
    sample_size: f.sample_size,
    ...periodToTask(f.period, f.sample_size),
    ...(f.result_classifications === undefined ? {} : { result_classifications: f.result_classifications }),
  }
}

function thresholdToServer(threshold: AlertThreshold): ServerAlertThreshold {
  return ALERT_THRESHOLD_SERVER_VALUES[threshold]
}

// A switch over the literal union: the compiler proves every known server value has a client value.
function thresholdFromServer(value: ServerAlertThreshold): AlertThreshold {
  switch (value) {
    case ALERT_THRESHOLD_SERVER_VALUES.low:
      return 'low'
    case ALERT_THRESHOLD_SERVER_VALUES.medium:
      return 'medium'
    case ALERT_THRESHOLD_SERVER_VALUES.high:
      return 'high'
  }
}
