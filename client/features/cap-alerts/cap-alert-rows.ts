/**
 * CAPA-01/05: which rows the Cap Alerts table shows, pure so it is unit-tested. A row is a signal of
 * the line with configured limits; a signal whose cap monitor outlived its limits stays listed (so
 * its monitor can still be switched off) with the 'No limits configured' warning.
 */
import type { Monitor } from '../../../shared/schema/monitor'
import type { Signal } from '../../../shared/schema/signal'
import type { SignalLimitEntry } from '../../../shared/schema/signal-limit'
import { compareNames } from '../../../shared/text/name-order'

export interface CapAlertRow {
  readonly signalId: string
  readonly station: string
  /** What the signal is called: its friendly name when it has one. */
  readonly signal: string
  readonly hasLimits: boolean
  /** The signal's cap monitor, when it has one. */
  readonly monitor:
    | (Monitor & { readonly pendingSince?: string | undefined; readonly saving?: boolean | undefined })
    | undefined
}

type SignalLike = Pick<Signal, 'id' | 'name' | 'friendlyName' | 'stationName' | 'lineId'>

export function capAlertRows(
  lineId: string,
  signals: ReadonlyArray<SignalLike>,
  limits: ReadonlyArray<Pick<SignalLimitEntry, 'signalUUID' | 'lineUUID' | 'limits'>>,
  monitors: ReadonlyArray<CapAlertRow['monitor'] & object>,
): ReadonlyArray<CapAlertRow> {
  const limited = new Set(
    limits.filter((l) => l.lineUUID === lineId && l.limits.length > 0).map((l) => l.signalUUID),
  )
  const monitorOf = new Map<string, CapAlertRow['monitor']>()
  for (const m of monitors) {
    if (m.monitor_type !== 'cap' || m.monitor_filter.line_uuid !== lineId) continue
    for (const id of m.monitor_filter.signal_uuids) if (!monitorOf.has(id)) monitorOf.set(id, m)
  }
  return signals
    .filter((s) => s.lineId === lineId && (limited.has(s.id) || monitorOf.has(s.id)))
    .map((s) => ({
      signalId: s.id,
      station: s.stationName,
      signal: s.friendlyName || s.name,
      hasLimits: limited.has(s.id),
      monitor: monitorOf.get(s.id),
    }))
    .sort((a, b) => compareNames(a.station, b.station) || compareNames(a.signal, b.signal))
}

/** The table's filter: station or signal containing the text, ignoring case. */
export function filterCapAlertRows(
  rows: ReadonlyArray<CapAlertRow>,
  text: string,
): ReadonlyArray<CapAlertRow> {
  const q = text.trim().toLocaleLowerCase()
  if (q === '') return rows
  return rows.filter(
    (r) => r.station.toLocaleLowerCase().includes(q) || r.signal.toLocaleLowerCase().includes(q),
  )
}
