import type { Monitor } from '../schema/monitor'
import { fieldError } from './field-error'
import type { FieldError, FieldErrors } from './field-error'
import { MONITOR_FIELD_PATHS } from './monitor-rules'
import { MonitorServerMessages as M } from './monitor-server-messages'

/** Where a monitor's group selection lives (the signal selection path is MONITOR_FIELD_PATHS'). */
export const SIGNAL_GROUP_SELECTION_PATH = ['monitor_filter', 'signal_group_uuids'] as const
export const ACTIVE_PATH = ['active'] as const

/** What the plant holds about the ids a monitor names; the server reads it, the rule only compares. */
export interface MonitorReferences {
  /** Whether the monitor's line is active (LINE-03). */
  readonly lineActive: boolean
  /** The line of every referenced signal that exists and is not deleted (unknown ids are absent). */
  readonly signalLines: ReadonlyMap<string, string>
  /** The same for the referenced signal groups. */
  readonly groupLines: ReadonlyMap<string, string>
}

/**
 * A monitor watches signals and groups of its own line only, and a monitor of an inactive line
 * cannot be started (the line stopped it, LINE-03). `wasActive` lets a monitor that is already
 * running stay so: only switching one on is refused, never an edit of a running one.
 */
export const validateMonitorReferences = (
  monitor: Pick<Monitor, 'active' | 'monitor_filter'>,
  refs: MonitorReferences,
  wasActive = false,
): FieldErrors => {
  const { line_uuid, signal_uuids, signal_group_uuids } = monitor.monitor_filter
  const errors: Array<FieldError> = []
  if (signal_uuids.some((id) => refs.signalLines.get(id) !== line_uuid)) {
    errors.push(fieldError(MONITOR_FIELD_PATHS.signalSelection, M.signalNotOnLine))
  }
  if (signal_group_uuids.some((id) => refs.groupLines.get(id) !== line_uuid)) {
    errors.push(fieldError(SIGNAL_GROUP_SELECTION_PATH, M.groupNotOnLine))
  }
  if (monitor.active && !refs.lineActive && !wasActive) errors.push(fieldError(ACTIVE_PATH, M.inactiveLine))
  return errors
}
