import type { DocSet } from '../../shared/intents/doc-set'
import type { DocumentChange, DocumentRef } from '../../shared/intents/intent'
import type { RefreshUnit } from './authority-reads'
import type { Snapshot } from './replica'

/**
 * What an action touched, as the reads that bring it back from the authority: every document the
 * intent changed on the replica (its cascades included: the line whose count moved, the monitors a
 * deactivated line stopped, the signals a type change dissociated), minus those an answer already
 * carried. Reading back what the action touched before answering means the device's acknowledged
 * change is absorbed as usual, and nothing it shows flips back.
 */
export function unitsTouched(
  changes: ReadonlyArray<DocumentChange | DocumentRef>,
  docs: DocSet,
  known: ReadonlyArray<Snapshot> = [],
): ReadonlyArray<RefreshUnit> {
  const carried = new Set(
    known.flatMap((s) => [
      ...s.documents.map((d) => `${d.collection}/${d.id}`),
      ...s.gone.map((g) => `${g.collection}/${g.id}`),
    ]),
  )
  const units = new Map<string, RefreshUnit>()
  const add = (unit: RefreshUnit) => units.set(JSON.stringify(unit), unit)
  const monitorsByLine = new Map<string, string[]>()
  for (const change of changes) {
    if (carried.has(`${change.collection}/${change.id}`)) continue
    const lineOf = (field: 'lineId' | 'lineUUID') => {
      const doc = (docs.get(change.collection, change.id) ?? docs.before(change.collection, change.id)) as
        Record<string, unknown> | undefined
      return typeof doc?.[field] === 'string' ? (doc[field] as string) : undefined
    }
    switch (change.collection) {
      case 'plants':
        add({ kind: 'plant' })
        break
      case 'lines':
        add({ kind: 'line', lineId: change.id })
        break
      case 'monitors': {
        const monitor = docs.get('monitors', change.id) ?? docs.before('monitors', change.id)
        const lineId = monitor?.monitor_filter.line_uuid ?? ''
        monitorsByLine.set(lineId, [...(monitorsByLine.get(lineId) ?? []), change.id])
        break
      }
      case 'monitorRules':
        add({ kind: 'monitorRules', monitorId: change.id })
        break
      case 'stations':
      case 'signals': {
        const lineId = lineOf('lineId')
        if (lineId) add({ kind: 'lineTree', lineId })
        break
      }
      case 'signalGroups': {
        const lineId = lineOf('lineId')
        if (lineId) add({ kind: 'lineGroups', lineId })
        break
      }
      case 'signalLimits': {
        const lineId = lineOf('lineUUID')
        if (lineId) add({ kind: 'lineLimits', lineId })
        break
      }
      case 'teamsWebhooks':
        add({ kind: 'teams' })
        break
      case 'relianceConfigs':
        add({ kind: 'reliance' })
        break
      case 'users':
        add({ kind: 'users' })
        break
      case 'dataSources':
        add({ kind: 'dataSources' })
        break
    }
  }
  // One monitor is read by id; several of one line (a line switched off) as the line's list.
  for (const [lineId, ids] of monitorsByLine) {
    if (ids.length > 1 && lineId !== '') add({ kind: 'lineMonitors', lineId })
    else for (const monitorId of ids) add({ kind: 'monitor', monitorId })
  }
  return [...units.values()]
}
