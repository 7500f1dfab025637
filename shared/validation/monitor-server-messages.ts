import { MONITOR_TYPES } from '../constants'
import { Messages } from './messages'

/**
 * The messages of the monitor rules only the server can decide (they need the plant's lines, signals
 * and groups) and of the monitor REST calls, gathered from the catalogue. The spec shows none of
 * them, so the wording (in messages.ts) is ours.
 */
export const MonitorServerMessages = {
  /** A selected signal is unknown, deleted, or a signal of another line. */
  signalNotOnLine: Messages.monitor.signalNotOnLine,
  /** A selected signal group is unknown, deleted, or a group of another line. */
  groupNotOnLine: Messages.monitor.groupNotOnLine,
  /** LINE-03: an inactive line stops its monitors; one cannot be started until the line is active. */
  inactiveLine: Messages.monitor.inactiveLine,
  /** GET /api/tasks?type= with anything but cap, svd or mvd. */
  unknownMonitorType: Messages.monitor.unknownMonitorType(MONITOR_TYPES.join(', ')),
  taskIdRequired: Messages.text.required('Task id'),
  monitorIdRequired: Messages.text.required('Monitor id'),
  lineIdRequired: Messages.text.required('Line id'),
  signalIdRequired: Messages.text.required('Signal id'),
  customerIdRequired: Messages.users.customerIdRequired,
  plantIdRequired: Messages.text.required('Plant id'),
} as const
