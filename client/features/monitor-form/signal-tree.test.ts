import { describe, expect, it } from 'vitest'
import type { SignalSelection } from '../../../shared/validation/monitor-rules'
import {
  clearSelection,
  groupRows,
  indexStations,
  pressGroup,
  pressSignal,
  pressStation,
  removeItem,
  stationRows,
  type TreeSignal,
} from './signal-tree'

const sig = (
  id: string,
  stationId: string,
  active = true,
  friendlyName: string | null = null,
): TreeSignal => ({
  id,
  name: id.toUpperCase(),
  friendlyName,
  stationId,
  isSignalActive: active,
  entityType: 'MEASUREMENT',
})
const stations = [
  { id: 'st-b', name: 'Station B' },
  { id: 'st-a', name: 'Station A' },
  { id: 'st-empty', name: 'Station C' },
]
const signals = [
  sig('a1', 'st-a'),
  sig('a2', 'st-a', true, 'Torque'),
  sig('a3', 'st-a', false),
  sig('b1', 'st-b'),
  sig('b2', 'st-b'),
  sig('c1', 'st-empty', false),
]
const index = indexStations(stations, signals)
const none: SignalSelection = { signal_uuids: [], signal_group_uuids: [] }
const base = { expanded: new Set<string>(), selected: new Set<string>(), search: '', type: 'mvd' as const }

describe('signal tree', () => {
  it('SIG-01 stations in name order with their active signals only; a station without any is left out', () => {
    expect(stationRows(index, base).map((r) => r.label)).toEqual(['Station A', 'Station B'])
    const open = stationRows(index, { ...base, expanded: new Set(['st-a']) })
    expect(open.map((r) => r.label)).toEqual(['Station A', 'A1', 'Torque', 'Station B'])
    expect(index.order).toEqual(['a1', 'a2', 'b1', 'b2'])
  })

  it('SIG-01 names sort as people read them: numbers by value, letter case ignored', () => {
    const many = indexStations(
      [{ id: 'st', name: 'Station' }],
      [sig('s10', 'st'), sig('s2', 'st'), sig('x', 'st', true, 'alpha'), sig('y', 'st', true, 'Beta')],
    )
    const rows = stationRows(many, { ...base, expanded: new Set(['st']) })
    expect(rows.map((r) => r.label)).toEqual(['Station', 'alpha', 'Beta', 'S2', 'S10'])
  })

  it('SIG-03 search finds stations, signals (by name or friendly name) and opens their station; nothing found is empty', () => {
    expect(stationRows(index, { ...base, search: 'torq' }).map((r) => r.label)).toEqual([
      'Station A',
      'Torque',
    ])
    expect(stationRows(index, { ...base, search: 'station b' }).map((r) => r.label)).toEqual([
      'Station B',
      'B1',
      'B2',
    ])
    expect(stationRows(index, { ...base, search: 'zzz' })).toEqual([])
  })

  it('SIG-01 a selected group opens into its signals, which cannot be selected alone', () => {
    const groups = [{ signalGroupUuid: 'g1', signalGroupName: 'Press', signalUuids: ['a1', 'b1'] }]
    const closed = groupRows(groups, index.names, { expanded: new Set(), selected: new Set(), search: '' })
    expect(closed.map((r) => r.label)).toEqual(['Press'])
    const selected = groupRows(groups, index.names, {
      expanded: new Set(),
      selected: new Set(['g1']),
      search: '',
    })
    expect(selected.map((r) => [r.label, r.checked, r.disabled])).toEqual([
      ['Press', 'all', false],
      ['A1', 'all', true],
      ['B1', 'all', true],
    ])
    expect(pressGroup(none, 'g1')).toEqual({ signal_uuids: [], signal_group_uuids: ['g1'] })
    expect(pressGroup({ signal_uuids: [], signal_group_uuids: ['g1'] }, 'g1').signal_group_uuids).toEqual([])
  })

  it('MON-05 SVD: a press makes that signal the one; pressing it again clears it; stations are not choices', () => {
    const opts = {
      type: 'svd' as const,
      multiselect: true,
      modifiers: { shift: false, toggle: false },
      anchor: undefined,
      order: index.order,
    }
    const one = pressSignal(none, 'a1', opts).selection
    expect(one.signal_uuids).toEqual(['a1'])
    expect(pressSignal(one, 'b1', opts).selection.signal_uuids).toEqual(['b1'])
    expect(pressSignal(one, 'a1', opts).selection.signal_uuids).toEqual([])
    expect(stationRows(index, { ...base, type: 'svd' }).every((r) => r.disabled)).toBe(true)
  })

  it('SIG-05 with the multiselect flag, shift selects the range across stations; without it shift just toggles', () => {
    const press = (
      sel: typeof none,
      id: string,
      shift: boolean,
      anchor: string | undefined,
      multiselect = true,
    ) =>
      pressSignal(sel, id, {
        type: 'mvd',
        multiselect,
        modifiers: { shift, toggle: false },
        anchor,
        order: index.order,
      })
    const first = press(none, 'a2', false, undefined)
    expect(first.anchor).toBe('a2')
    const range = press(first.selection, 'b2', true, first.anchor)
    expect(range.selection.signal_uuids).toEqual(['a2', 'b1', 'b2'])
    const flagOff = press(first.selection, 'b2', true, first.anchor, false)
    expect(flagOff.selection.signal_uuids).toEqual(['a2', 'b2'])
  })

  it('SIG-01 a station press selects all its active signals, again clears them', () => {
    const all = pressStation(none, ['a1', 'a2'])
    expect(all.signal_uuids).toEqual(['a1', 'a2'])
    expect(stationRows(index, { ...base, selected: new Set(['a1']) })[0]?.checked).toBe('some')
    expect(pressStation(all, ['a1', 'a2']).signal_uuids).toEqual([])
  })

  it('SIG-02 Selected Items: delete one, clear all', () => {
    const sel = { signal_uuids: ['a1', 'b1'], signal_group_uuids: ['g1'] }
    expect(removeItem(sel, { kind: 'signal', id: 'a1' })).toEqual({
      signal_uuids: ['b1'],
      signal_group_uuids: ['g1'],
    })
    expect(removeItem(sel, { kind: 'group', id: 'g1' }).signal_group_uuids).toEqual([])
    expect(clearSelection(sel)).toEqual({ signal_uuids: [], signal_group_uuids: [] })
  })
})
