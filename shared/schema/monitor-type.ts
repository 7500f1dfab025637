import { Schema } from 'effect'
import { MONITOR_TYPES } from '../constants'

/** The kind of a monitor, on its own so the monitor rules can name it without the monitor schema. */
export const MonitorType = Schema.Literals(MONITOR_TYPES)
export type MonitorType = typeof MonitorType.Type
