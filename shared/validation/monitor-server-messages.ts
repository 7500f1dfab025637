import { MONITOR_TYPES } from '../constants'
import { Messages } from './messages'

/**
 * Messages of the monitor rules only the server can decide (they need the plant's lines, signals and
 * groups) and of the monitor REST calls. The spec shows none of them, so the wording is ours; they
 * live here, next to the catalogue, so a replication rejection and the REST error say the same thing.
 */
export const MonitorServerMessages = {
  /** A selected signal is unknown, deleted, or a signal of another line. */
  signalNotOnLine: "Every selected signal must be a signal of the monitor's line",
  /** A selected signal group is unknown, deleted, or a group of another line. */
  groupNotOnLine: "Every selected signal group must be a signal group of the monitor's line",
  /** LINE-03: an inactive line stops its monitors; one cannot be started until the line is active. */
  inactiveLine: 'A monitor of an inactive line cannot be activated. Activate the line first.',
  /** GET /api/tasks?type= with anything but cap, svd or mvd. */
  unknownMonitorType: `Monitor type must be one of ${MONITOR_TYPES.join(', ')}`,
  taskIdRequired: Messages.text.required('Task id'),
  monitorIdRequired: Messages.text.required('Monitor id'),
  lineIdRequired: Messages.text.required('Line id'),
  signalIdRequired: Messages.text.required('Signal id'),
  customerIdRequired: Messages.users.customerIdRequired,
  plantIdRequired: Messages.text.required('Plant id'),
} as const
