import { ENTITY_TYPES, SPECIAL_STATION_ID } from '../../../shared/constants'
import type { EntityType, Signal } from '../../../shared/schema/signal'
import type { Station } from '../../../shared/schema/station'
import { compareNames } from '../../../shared/text/name-order'

/**
 * The stations tree of Signal Management (SM-02) as plain data: stations in line order, each with
 * its signals grouped by entity type, flattened into the rows the virtualized list draws. Kept free
 * of React so the order (which shift-range selection follows) is tested on its own.
 */
export interface StationNode<S extends Station = Station, G extends Signal = Signal> {
  readonly station: S
  readonly groups: ReadonlyArray<{ readonly entityType: EntityType; readonly signals: ReadonlyArray<G> }>
  readonly signalCount: number
}

export type TreeRow<S extends Station = Station, G extends Signal = Signal> =
  | {
      readonly kind: 'station'
      readonly key: string
      readonly node: StationNode<S, G>
      readonly expanded: boolean
    }
  | {
      readonly kind: 'group'
      readonly key: string
      readonly stationId: string
      readonly entityType: EntityType
      readonly count: number
    }
  | { readonly kind: 'signal'; readonly key: string; readonly signal: G }

export const ENTITY_TYPE_LABELS: Readonly<Record<EntityType, string>> = {
  MEASUREMENT: 'Measurement',
  PART_ATTRIBUTE: 'Part Attribute',
  UPPER_LIMIT: 'Upper Limit',
  LOWER_LIMIT: 'Lower Limit',
  RESULT: 'Result',
  COMPONENT_ID: 'Component ID',
  UNITS: 'Units',
  UNKNOWN: 'Unknown',
}

/** What a signal is called on screen: its friendly name, else its name. */
export const signalLabel = (s: Pick<Signal, 'name' | 'friendlyName'>): string => s.friendlyName || s.name

/** The special station (signals not yet placed) has no 'Configure Station' button. */
export const isConfigurableStation = (stationId: string): boolean => stationId !== SPECIAL_STATION_ID

/**
 * Stations sorted by id (ids carry the position on the line, as the REST tree sorts them), signals
 * grouped in the order of ENTITY_TYPES and sorted by label within a group. Signals of a station not
 * in `stations` are left out.
 */
export function buildStationTree<S extends Station, G extends Signal>(
  stations: ReadonlyArray<S>,
  signals: ReadonlyArray<G>,
): Array<StationNode<S, G>> {
  // One pass files each signal under its station and entity type; each group is then sorted on
  // labels worked out once per signal, not once per comparison (a line of 5,000 signals).
  const byStation = new Map<string, Map<EntityType, Array<{ signal: G; label: string }>>>()
  for (const signal of signals) {
    let groups = byStation.get(signal.stationId)
    if (!groups) byStation.set(signal.stationId, (groups = new Map()))
    const group = groups.get(signal.entityType)
    const entry = { signal, label: signalLabel(signal) }
    if (group) group.push(entry)
    else groups.set(signal.entityType, [entry])
  }
  return [...stations]
    .sort((a, b) => compareNames(a.id, b.id))
    .map((station) => {
      const own = byStation.get(station.id)
      const groups = ENTITY_TYPES.flatMap((entityType) => {
        const group = own?.get(entityType)
        if (!group) return []
        group.sort((a, b) => compareNames(a.label, b.label))
        return [{ entityType, signals: group.map((e) => e.signal) }]
      })
      return { station, groups, signalCount: groups.reduce((n, g) => n + g.signals.length, 0) }
    })
}

/** The rows drawn, top to bottom; a collapsed station shows only its own row. */
export function flattenTree<S extends Station, G extends Signal>(
  nodes: ReadonlyArray<StationNode<S, G>>,
  collapsed: ReadonlySet<string>,
): Array<TreeRow<S, G>> {
  const rows: Array<TreeRow<S, G>> = []
  for (const node of nodes) {
    const expanded = !collapsed.has(node.station.id)
    rows.push({ kind: 'station', key: `station:${node.station.id}`, node, expanded })
    if (!expanded) continue
    for (const g of node.groups) {
      rows.push({
        kind: 'group',
        key: `group:${node.station.id}:${g.entityType}`,
        stationId: node.station.id,
        entityType: g.entityType,
        count: g.signals.length,
      })
      for (const signal of g.signals) rows.push({ kind: 'signal', key: `signal:${signal.id}`, signal })
    }
  }
  return rows
}

/** The signal ids in the order the rows show them: what a shift range runs along. */
export const signalOrder = (rows: ReadonlyArray<TreeRow>): Array<string> =>
  rows.flatMap((r) => (r.kind === 'signal' ? [r.signal.id] : []))
