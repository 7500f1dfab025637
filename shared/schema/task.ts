import { Schema } from 'effect'
import { ALERT_THRESHOLD_SERVER_VALUES, ALERT_THRESHOLDS, MONITOR_TYPES } from '../constants'
import { EvaluationRatio, PassFailFilter, SampleSize } from './monitor-filter'
import { MonitorPeriod } from './monitor-period'
import { Messages } from '../validation/messages'
import { checkWith, fieldError, type FieldErrors } from '../validation/field-error'

const { low, medium, high } = ALERT_THRESHOLD_SERVER_VALUES

/** Names the accepted values. */
const UNKNOWN_SERVER_THRESHOLD = Messages.monitor.unknownAlertThreshold(
  ALERT_THRESHOLDS.map((t) => `${ALERT_THRESHOLD_SERVER_VALUES[t]} (${t})`).join(', '),
)

/**
 * The server's encoding of the breach threshold. Only the known values are accepted: a value the
 * client cannot show as Low / Medium / High must fail loudly instead of being mapped to a guess.
 */
export const ServerAlertThreshold = Schema.Literals([low, medium, high]).annotate({
  message: UNKNOWN_SERVER_THRESHOLD,
})
export type ServerAlertThreshold = typeof ServerAlertThreshold.Type

/** A selected part attribute on the wire (snake_case). */
export const PartAttributeWire = Schema.Struct({
  attribute_uuid: Schema.String,
  selected_attribute_values: Schema.Array(Schema.String),
})
export type PartAttributeWire = typeof PartAttributeWire.Type

const P = MonitorPeriod.fields

/**
 * The period on the wire: the specification's filter-query fields (start_time, start_records,
 * start_duration in ms, start_mode, the same with end_). All optional, for REST clients and
 * authorities that do not send a period; the record counts are the task's sample_size (the form has
 * one Records value), so a different count is refused rather than dropped.
 */
const periodFields = {
  start_time: Schema.optionalKey(P.start_time),
  start_records: Schema.optionalKey(Schema.Int),
  start_duration: Schema.optionalKey(P.start_duration),
  start_mode: Schema.optionalKey(P.start_mode),
  end_time: Schema.optionalKey(P.end_time),
  end_records: Schema.optionalKey(Schema.Int),
  end_duration: Schema.optionalKey(P.end_duration),
  end_mode: Schema.optionalKey(P.end_mode),
}
type WirePeriod = { readonly [K in keyof typeof periodFields]?: (typeof periodFields)[K]['Type'] } & {
  readonly sample_size: number
}

/** A period field without both modes means nothing; record counts other than sample_size are two values. */
export const validateWirePeriod = (d: WirePeriod): FieldErrors => {
  const errors = []
  const any = (Object.keys(periodFields) as Array<keyof typeof periodFields>).some((k) => d[k] !== undefined)
  if (any && (d.start_mode === undefined || d.end_mode === undefined)) {
    errors.push(
      fieldError(
        d.start_mode === undefined ? 'start_mode' : 'end_mode',
        Messages.monitor.periodModesRequired,
      ),
    )
  }
  for (const field of ['start_records', 'end_records'] as const) {
    const n = d[field]
    if (n !== undefined && n !== d.sample_size)
      errors.push(fieldError(field, Messages.monitor.recordsMismatch(field)))
  }
  return errors
}

/** task_details: the client's monitor_filter plus the two exclude flags, threshold as a number. */
export const TaskDetails = Schema.Struct({
  cust_uuid: Schema.String,
  plant_uuid: Schema.String,
  line_uuid: Schema.String,
  use_excluded_part_ids: Schema.Boolean,
  use_excluded_model_numbers: Schema.Boolean,
  alert_threshold: ServerAlertThreshold,
  part_attributes: Schema.Array(PartAttributeWire),
  part_groups: Schema.Array(Schema.String),
  part_numbers: Schema.Array(Schema.String),
  pass_fail_filter: PassFailFilter,
  signal_group_uuids: Schema.Array(Schema.String),
  signal_uuids: Schema.Array(Schema.String),
  evaluation_ratio: EvaluationRatio,
  sample_size: SampleSize,
  ...periodFields,
  /** FLT-08: the chosen result classification values. */
  result_classifications: Schema.optionalKey(Schema.Array(Schema.String)),
}).check(checkWith(validateWirePeriod))
export type TaskDetails = typeof TaskDetails.Type

const taskFields = {
  task_name: Schema.String,
  task_type: Schema.Literals(MONITOR_TYPES),
  active: Schema.Boolean,
  frequency: Schema.Int,
  notes: Schema.String,
  task_details: TaskDetails,
}

/** A monitor as the server's task endpoints send and receive it (update-task, get-monitor-by-id). */
export const Task = Schema.Struct({
  task_uuid: Schema.NonEmptyString,
  ...taskFields,
})
export type Task = typeof Task.Type

/**
 * The create-task body. The uuid is optional rather than absent: an offline client mints the id of
 * a monitor it creates locally, and the server must keep it so both sides name the same document.
 */
export const TaskInput = Schema.Struct({
  task_uuid: Schema.optionalKey(Schema.NonEmptyString),
  ...taskFields,
})
export type TaskInput = typeof TaskInput.Type
