import type { Monitor } from '../schema/monitor'
import type { DocSet } from './doc-set'

/**
 * What lines and monitors derive from each other, used by every intent that changes either:
 * a line's active monitor count (LINE-08) and the LINE-03 stop/restore of a line's monitors.
 * Each caller must have loaded the monitors of the line(s) it passes (`monitorsOfLineRead`).
 */
export const monitorsOfLineRead = (lineId: string) =>
  ({ collection: 'monitors', where: { 'monitor_filter.line_uuid': lineId } }) as const

const onLine = (m: Monitor, lineId: string) => m.monitor_filter.line_uuid === lineId

/** Sets `activeMonitorsCount` of each given line from the monitors in `docs`. */
export function recountActiveMonitors(docs: DocSet, lineIds: Iterable<string>): void {
  for (const lineId of new Set(lineIds)) {
    if (!lineId) continue
    const line = docs.get('lines', lineId)
    if (!line) continue
    const count = docs.all('monitors').filter((m) => onLine(m, lineId) && m.active).length
    if (line.activeMonitorsCount !== count) docs.put('lines', lineId, { ...line, activeMonitorsCount: count })
  }
}

/**
 * Deactivating: stops the line's running monitors and remembers them on the line, together with an
 * earlier memory (a line stopped twice without a restore in between must not forget the first set).
 */
export function stopLineMonitors(docs: DocSet, lineId: string): void {
  const stopped: string[] = []
  for (const m of docs.all('monitors')) {
    if (!onLine(m, lineId) || !m.active) continue
    docs.put('monitors', m.monitor_uuid, { ...m, active: false })
    stopped.push(m.monitor_uuid)
  }
  const line = docs.get('lines', lineId)
  if (!line) return
  const remembered = [...new Set([...(line.stoppedMonitorIds ?? []), ...stopped])]
  docs.put('lines', lineId, { ...line, stoppedMonitorIds: remembered })
}

/**
 * Reactivating: restarts the remembered monitors that still exist, still watch this line and are
 * still stopped; one deleted or moved meanwhile stays as the user left it. Then forgets the set.
 */
export function restoreLineMonitors(docs: DocSet, lineId: string): void {
  const line = docs.get('lines', lineId)
  if (!line) return
  const remembered = new Set(line.stoppedMonitorIds ?? [])
  for (const m of docs.all('monitors')) {
    if (remembered.has(m.monitor_uuid) && onLine(m, lineId) && !m.active) {
      docs.put('monitors', m.monitor_uuid, { ...m, active: true })
    }
  }
  const { stoppedMonitorIds: _forgotten, ...rest } = docs.get('lines', lineId) ?? line
  docs.put('lines', lineId, rest)
}
