import { Schema } from 'effect'
import { ALERT_THRESHOLD_SERVER_VALUES, ALERT_THRESHOLDS, MONITOR_TYPES } from '../constants'
import { EvaluationRatio, PassFailFilter, SampleSize } from './monitor-filter'
import { Messages } from '../validation/messages'

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
})
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
