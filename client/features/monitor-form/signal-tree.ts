/**
 * SIG-01..05 as plain data: the stations tree (active signals only) and the signal-groups tree as
 * flat rows for a virtualized list, the search, and what a press on a row does to the selection —
 * including the shift range across stations. Pure, so a line of thousands of signals is handled
 * (and tested) without rendering anything.
 */
import type { SignalSelection } from '../../../shared/validation/monitor-rules'
import type { AdminMonitorType } from '../monitors/monitor-labels'
import { compareNames } from '../../../shared/text/name-order'

export interface TreeSignal {
  readonly id: string
  readonly name: string
  readonly friendlyName: string | null
  readonly stationId: string
  readonly isSignalActive: boolean
  readonly entityType: string
}
export interface TreeStation {
  readonly id: string
  readonly name: string
}
export interface TreeGroup {
  readonly signalGroupUuid: string
  readonly signalGroupName: string
  readonly signalUuids: ReadonlyArray<string>
}

export type Checked = 'all' | 'some' | 'none'

export type TreeRow =
  | {
      readonly kind: 'station' | 'group'
      readonly key: string
      readonly id: string
      readonly label: string
      readonly level: 1
      readonly expanded: boolean
      readonly checked: Checked
      readonly count: number
      readonly disabled: boolean
    }
  | {
      readonly kind: 'signal' | 'member'
      readonly key: string
      readonly id: string
      readonly label: string
      readonly level: 2
      readonly checked: Checked
      /** Signals inside a group are shown, never selectable alone (SIG-01). */
      readonly disabled: boolean
    }

export const signalName = (s: Pick<TreeSignal, 'friendlyName' | 'name'>): string => s.friendlyName || s.name

const byLabel = (a: { label: string }, b: { label: string }) => compareNames(a.label, b.label)

/** Stations with their active signals, in name order; built once per line's data. */
export interface StationIndex {
  readonly stations: ReadonlyArray<{
    readonly id: string
    readonly label: string
    readonly signals: ReadonlyArray<{ id: string; label: string; search: string }>
    readonly search: string
  }>
  /** Every listed signal in tree order: the order a shift range follows across stations. */
  readonly order: ReadonlyArray<string>
  readonly names: ReadonlyMap<string, string>
}

export const indexStations = (
  stations: ReadonlyArray<TreeStation>,
  signals: ReadonlyArray<TreeSignal>,
): StationIndex => {
  const byStation = new Map<string, Array<{ id: string; label: string; search: string }>>()
  const names = new Map<string, string>()
  for (const s of signals) {
    const label = signalName(s)
    names.set(s.id, label)
    if (!s.isSignalActive) continue
    const list = byStation.get(s.stationId) ?? []
    list.push({ id: s.id, label, search: `${s.name} ${s.friendlyName ?? ''}`.toLowerCase() })
    byStation.set(s.stationId, list)
  }
  const list = stations
    .map((st) => ({
      id: st.id,
      label: st.name,
      signals: (byStation.get(st.id) ?? []).sort(byLabel),
      search: st.name.toLowerCase(),
    }))
    .filter((st) => st.signals.length > 0)
    .sort(byLabel)
  return { stations: list, order: list.flatMap((st) => st.signals.map((s) => s.id)), names }
}

const checkedOf = (ids: ReadonlyArray<string>, selected: ReadonlySet<string>): Checked => {
  let n = 0
  for (const id of ids) if (selected.has(id)) n++
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some'
}

/**
 * The stations tree's rows. A search keeps a station whose name matches (with all its signals) and
 * a signal whose name matches (under its station, which then opens); otherwise a station is open
 * when the user opened it.
 */
export const stationRows = (
  index: StationIndex,
  options: {
    readonly expanded: ReadonlySet<string>
    readonly selected: ReadonlySet<string>
    readonly search: string
    readonly type: AdminMonitorType
  },
): ReadonlyArray<TreeRow> => {
  const q = options.search.trim().toLowerCase()
  const rows: Array<TreeRow> = []
  for (const st of index.stations) {
    const stationMatch = q === '' || st.search.includes(q)
    const signals = stationMatch ? st.signals : st.signals.filter((s) => s.search.includes(q))
    if (signals.length === 0) continue
    const expanded = q !== '' || options.expanded.has(st.id)
    rows.push({
      kind: 'station',
      key: `station:${st.id}`,
      id: st.id,
      label: st.label,
      level: 1,
      expanded,
      count: st.signals.length,
      checked: checkedOf(
        st.signals.map((s) => s.id),
        options.selected,
      ),
      // An SVD monitor has one signal: a whole station is never one choice.
      disabled: options.type === 'svd',
    })
    if (!expanded) continue
    for (const s of signals) {
      rows.push({
        kind: 'signal',
        key: `signal:${s.id}`,
        id: s.id,
        label: s.label,
        level: 2,
        checked: options.selected.has(s.id) ? 'all' : 'none',
        disabled: false,
      })
    }
  }
  return rows
}

/** The groups tree: a selected group opens to show its signals, which cannot be chosen alone. */
export const groupRows = (
  groups: ReadonlyArray<TreeGroup>,
  names: ReadonlyMap<string, string>,
  options: {
    readonly expanded: ReadonlySet<string>
    readonly selected: ReadonlySet<string>
    readonly search: string
  },
): ReadonlyArray<TreeRow> => {
  const q = options.search.trim().toLowerCase()
  const rows: Array<TreeRow> = []
  const sorted = groups.map((g) => ({ ...g, label: g.signalGroupName })).sort(byLabel)
  for (const g of sorted) {
    const members = g.signalUuids.map((id) => ({ id, label: names.get(id) ?? id }))
    const groupMatch = q === '' || g.label.toLowerCase().includes(q)
    const shown = groupMatch ? members : members.filter((m) => m.label.toLowerCase().includes(q))
    if (shown.length === 0 && !groupMatch) continue
    const selected = options.selected.has(g.signalGroupUuid)
    const expanded = selected || q !== '' || options.expanded.has(g.signalGroupUuid)
    rows.push({
      kind: 'group',
      key: `group:${g.signalGroupUuid}`,
      id: g.signalGroupUuid,
      label: g.label,
      level: 1,
      expanded,
      count: members.length,
      checked: selected ? 'all' : 'none',
      disabled: false,
    })
    if (!expanded) continue
    for (const m of shown) {
      rows.push({
        kind: 'member',
        key: `member:${g.signalGroupUuid}:${m.id}`,
        id: m.id,
        label: m.label,
        level: 2,
        checked: selected ? 'all' : 'none',
        disabled: true,
      })
    }
  }
  return rows
}

// ── Selection ───────────────────────────────────────────────────────────────

export interface PressModifiers {
  readonly shift: boolean
  /** Ctrl or meta. */
  readonly toggle: boolean
}

const uniq = (ids: Iterable<string>) => [...new Set(ids)]

/**
 * A press on a signal. SVD: that signal is the one (pressing it again clears it). MVD: it is added or
 * removed; with the multiselect flag, shift adds every signal from the last pressed one to this one
 * in tree order (across stations), and ctrl/meta toggles it without moving the range's anchor.
 */
export const pressSignal = (
  selection: SignalSelection,
  id: string,
  options: {
    readonly type: AdminMonitorType
    readonly multiselect: boolean
    readonly modifiers: PressModifiers
    readonly anchor: string | undefined
    readonly order: ReadonlyArray<string>
  },
): { selection: SignalSelection; anchor: string | undefined } => {
  const current = selection.signal_uuids
  if (options.type === 'svd') {
    const next = current.length === 1 && current[0] === id ? [] : [id]
    return { selection: { ...selection, signal_uuids: next }, anchor: id }
  }
  if (options.multiselect && options.modifiers.shift && options.anchor !== undefined) {
    const from = options.order.indexOf(options.anchor)
    const to = options.order.indexOf(id)
    if (from >= 0 && to >= 0) {
      const range = options.order.slice(Math.min(from, to), Math.max(from, to) + 1)
      return {
        selection: { ...selection, signal_uuids: uniq([...current, ...range]) },
        anchor: options.anchor,
      }
    }
  }
  const next = current.includes(id) ? current.filter((s) => s !== id) : [...current, id]
  const keepAnchor = options.multiselect && options.modifiers.toggle
  return { selection: { ...selection, signal_uuids: next }, anchor: keepAnchor ? options.anchor : id }
}

/** A press on a station (MVD): all of its active signals, or none when all were selected. */
export const pressStation = (
  selection: SignalSelection,
  stationSignals: ReadonlyArray<string>,
): SignalSelection => {
  const current = new Set(selection.signal_uuids)
  const all = stationSignals.every((id) => current.has(id))
  return {
    ...selection,
    signal_uuids: all
      ? selection.signal_uuids.filter((id) => !stationSignals.includes(id))
      : uniq([...selection.signal_uuids, ...stationSignals]),
  }
}

/** A press on a group (MVD only): the group is selected as a whole, or removed. */
export const pressGroup = (selection: SignalSelection, groupId: string): SignalSelection => ({
  ...selection,
  signal_group_uuids: selection.signal_group_uuids.includes(groupId)
    ? selection.signal_group_uuids.filter((g) => g !== groupId)
    : [...selection.signal_group_uuids, groupId],
})

/** SIG-02: the delete button of one 'Selected Items' entry. */
export const removeItem = (
  selection: SignalSelection,
  item: { kind: 'signal' | 'group'; id: string },
): SignalSelection =>
  item.kind === 'signal'
    ? { ...selection, signal_uuids: selection.signal_uuids.filter((s) => s !== item.id) }
    : { ...selection, signal_group_uuids: selection.signal_group_uuids.filter((g) => g !== item.id) }

/** SIG-02: clear selection. */
export const clearSelection = (selection: SignalSelection): SignalSelection => ({
  ...selection,
  signal_uuids: [],
  signal_group_uuids: [],
})
