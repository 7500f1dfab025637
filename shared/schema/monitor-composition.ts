import { MVD_METRIC, SVD_DEFAULT_METRIC } from '../constants'
import { Messages } from '../validation/messages'
import type { MonitorType } from './monitor'

/**
 * Which Data Filters controls each monitor composition has (FLT-05 training split, FLT-06 monitor
 * compatibility text, FLT-09 part attributes): the form shows exactly these, and the server refuses
 * a monitor that sets what its composition does not have. A capability monitor (Cap Alerts) has no
 * filter form: it watches its one signal against the signal's limits.
 */
export interface MonitorComposition {
  /** The text saying what the monitor can watch; undefined when the composition has none. */
  readonly compatibility: string | undefined
  readonly trainingSplit: boolean
  readonly partAttributes: boolean
}

export const MONITOR_COMPOSITIONS: Readonly<Record<MonitorType, MonitorComposition>> = {
  mvd: {
    compatibility: Messages.monitor.mvdCompatibility(MVD_METRIC),
    trainingSplit: true,
    partAttributes: true,
  },
  svd: {
    compatibility: Messages.monitor.svdCompatibility(SVD_DEFAULT_METRIC),
    trainingSplit: true,
    partAttributes: true,
  },
  cap: { compatibility: undefined, trainingSplit: false, partAttributes: false },
}
