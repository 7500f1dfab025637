import { Schema } from 'effect'
import { DURATION_DEFAULT_MS, DURATION_MAX_MS, DURATION_MIN_MS, PERIOD_INPUT_MODES } from '../constants'
import { atLeast, atMost } from '../validation/text-rules'
import { Messages } from '../validation/messages'

/**
 * The period a monitor trains on (FLT-01..04): the Data Filters tab's Start and End selectors as the
 * monitor stores them. Records are the monitor's sample size (one value, in monitor_filter), so only
 * modes, times and durations live here. Times are UTC strings (any string decodes: a half-typed value
 * must reach the query rules, which answer with the specification's message).
 */

/** The mode of one selector (Start or End): Time, Duration or Records. */
export const PeriodInputMode = Schema.Literals(PERIOD_INPUT_MODES)
export type PeriodInputMode = typeof PeriodInputMode.Type

/** A stored duration is one the query correction would keep: whole milliseconds within its bounds. */
const Duration = Schema.Int.check(
  Schema.makeFilter(
    (ms: number) =>
      atLeast(Messages.monitor.durationLabel, ms, DURATION_MIN_MS) ??
      atMost(Messages.monitor.durationLabel, ms, DURATION_MAX_MS) ??
      true,
  ),
)

export const MonitorPeriod = Schema.Struct({
  start_mode: PeriodInputMode,
  start_time: Schema.NullOr(Schema.String),
  /** Milliseconds; used when start_mode is DURATION. */
  start_duration: Duration,
  end_mode: PeriodInputMode,
  end_time: Schema.NullOr(Schema.String),
  /** Milliseconds; used when end_mode is DURATION. */
  end_duration: Duration,
})
export type MonitorPeriod = typeof MonitorPeriod.Type

/**
 * The period of a monitor that was stored without one (before periods were kept, or created through
 * REST without one): its last `sample_size` records up to `now` — what the form used to show.
 */
export const defaultMonitorPeriod = (now: string): MonitorPeriod => ({
  start_mode: 'RECORDS',
  start_time: null,
  start_duration: DURATION_DEFAULT_MS,
  end_mode: 'TIME',
  end_time: now,
  end_duration: DURATION_DEFAULT_MS,
})
