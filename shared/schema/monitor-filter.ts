import { Schema } from 'effect'
import {
  ALERT_THRESHOLDS,
  DEFAULT_ALERT_THRESHOLD,
  EVALUATION_RATIO_DEFAULT,
  EVALUATION_RATIO_QUERY_MAX,
  EVALUATION_RATIO_QUERY_MIN,
  MIN_RECORDS,
  PASS_FAIL_FILTERS,
  PASS_FAIL_FILTER_DEFAULT,
  SAMPLE_SIZE_DEFAULT,
} from '../constants'
import { maxRecords } from '../query/record-limits'
import { atLeast, atMost } from '../validation/text-rules'
import { Messages } from '../validation/messages'
import { MonitorPeriod } from './monitor-period'

/** Breach threshold as the client shows it (Low / Medium / High toggle); the server's number is in task.ts. */
export const AlertThreshold = Schema.Literals(ALERT_THRESHOLDS)
export type AlertThreshold = typeof AlertThreshold.Type

export const PassFailFilter = Schema.Literals(PASS_FAIL_FILTERS)
export type PassFailFilter = typeof PassFailFilter.Type

/** A part attribute chosen in the filter form, client (camelCase) shape; the wire shape is in task.ts. */
export const PartAttribute = Schema.Struct({
  attributeUuid: Schema.String,
  selectedAttributeValues: Schema.Array(Schema.String),
})
export type PartAttribute = typeof PartAttribute.Type

const inRange = (label: string, min: number, max: number) =>
  Schema.makeFilter((n: number) => atLeast(label, n, min) ?? atMost(label, n, max) ?? true)

/**
 * The evaluation share a monitor stores: the query's bounds (FLT-04, 0.01–0.5), so a stored value is
 * one the query would use as it is. The form's 1–99 % control is not offered by any composition here.
 */
export const EvaluationRatio = Schema.Finite.check(
  inRange(Messages.monitor.evaluationRatioLabel, EVALUATION_RATIO_QUERY_MIN, EVALUATION_RATIO_QUERY_MAX),
)
export type EvaluationRatio = typeof EvaluationRatio.Type

/** Records a monitor samples: the query's record bounds (FLT-04, [50, environment maximum]). */
export const SampleSize = Schema.Int.check(
  inRange(Messages.monitor.sampleSizeLabel, MIN_RECORDS, maxRecords()),
)
export type SampleSize = typeof SampleSize.Type

/**
 * What a monitor watches and how it is trained (monitors §3). Ids are plain strings, not non-empty
 * ones: a monitor being created has no line until the user picks one, and its draft must still be
 * storable locally. Bounds (selection sizes, split) are rules in validation/, not shape.
 */
export const MonitorFilter = Schema.Struct({
  cust_uuid: Schema.String,
  plant_uuid: Schema.String,
  line_uuid: Schema.String,
  signal_uuids: Schema.Array(Schema.String),
  signal_group_uuids: Schema.Array(Schema.String),
  part_groups: Schema.Array(Schema.String),
  part_numbers: Schema.Array(Schema.String),
  part_attributes: Schema.Array(PartAttribute),
  pass_fail_filter: PassFailFilter,
  evaluation_ratio: EvaluationRatio,
  sample_size: SampleSize,
  alert_threshold: AlertThreshold,
  /**
   * The training period (FLT-01..04). Optional: a cap monitor has none, and a monitor stored before
   * periods were kept (or read from an authority that does not keep them) has none until it is saved
   * again; readers show defaultMonitorPeriod then (monitorPeriodOf).
   */
  period: Schema.optionalKey(MonitorPeriod),
  /** Result classification values chosen in the Data Filters tab (FLT-08); absent is none. */
  result_classifications: Schema.optionalKey(Schema.Array(Schema.String)),
})
export type MonitorFilter = typeof MonitorFilter.Type

/** Where a new monitor lives; the line may still be unknown ('') when the form opens. */
export interface MonitorScope {
  readonly cust_uuid: string
  readonly plant_uuid: string
  readonly line_uuid?: string
}

/** The filter of a new monitor: nothing selected, spec defaults for split, size and threshold. */
export const newMonitorFilter = (scope: MonitorScope): MonitorFilter => ({
  cust_uuid: scope.cust_uuid,
  plant_uuid: scope.plant_uuid,
  line_uuid: scope.line_uuid ?? '',
  signal_uuids: [],
  signal_group_uuids: [],
  part_groups: [],
  part_numbers: [],
  part_attributes: [],
  pass_fail_filter: PASS_FAIL_FILTER_DEFAULT,
  evaluation_ratio: EVALUATION_RATIO_DEFAULT,
  sample_size: SAMPLE_SIZE_DEFAULT,
  alert_threshold: DEFAULT_ALERT_THRESHOLD,
})
