import type { MonitorType } from '../../../shared/schema/monitor'
import type { AlertThreshold, PassFailFilter } from '../../../shared/schema/monitor-filter'
import { Messages } from '../../../shared/validation/messages'

/** The two monitor types with an admin page; cap monitors are managed from Cap Alerts. */
export type AdminMonitorType = Exclude<MonitorType, 'cap'>

interface AdminPageLabels {
  /** Page heading and grid label. */
  readonly title: string
  /** MADM-02 drawer title. */
  readonly drawerTitle: string
  /** MADM-01 empty text (spec wording, from the shared catalogue). */
  readonly emptyText: string
  /** Shown in the details drawer beside the type. */
  readonly typeName: string
}

export const ADMIN_PAGE_LABELS: Readonly<Record<AdminMonitorType, AdminPageLabels>> = {
  svd: {
    title: 'SVD Monitors',
    drawerTitle: 'SVD Monitor Details',
    emptyText: Messages.monitor.noSvdMonitors,
    typeName: 'Single-Variate (SVD)',
  },
  mvd: {
    title: 'MVD Monitors',
    drawerTitle: 'MVD Monitor Details',
    emptyText: Messages.monitor.noMvdMonitors,
    typeName: 'Multi-Variate (MVD)',
  },
}

/** The Breach Threshold toggle's labels (monitors §2). */
export const THRESHOLD_LABELS: Readonly<Record<AlertThreshold, string>> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
}

export const PASS_FAIL_LABELS: Readonly<Record<PassFailFilter, string>> = {
  ALL: 'All results',
  PASS: 'Pass',
  FAIL: 'Fail',
}

/** A signal as the signal screens name it: friendly name, else its raw name. */
export const signalLabel = (signal: { friendlyName: string | null; name: string }): string =>
  signal.friendlyName || signal.name

/** "none" rather than an empty cell, so a reader can tell "nothing chosen" from "not loaded". */
export const listOrNone = (items: ReadonlyArray<string>): string =>
  items.length > 0 ? items.join(', ') : 'None'

/** Names by id, for showing what a monitor's ids refer to. */
export type NameLookup = ReadonlyMap<string, string>

/** An id that no longer resolves (a deleted signal or group) is still shown, so nothing is hidden. */
export const namesOf = (ids: ReadonlyArray<string>, names: NameLookup): string =>
  listOrNone(ids.map((id) => names.get(id) ?? `${id} (not found)`))
