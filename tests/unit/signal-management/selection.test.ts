import { describe, expect, it } from 'vitest'
import {
  clearSelection,
  clickSignal,
  NO_SELECTION,
  pruneSelection,
  selectStation,
  type Selection,
  type SelectionOutcome,
} from '../../../client/features/signals/selection'

/** The stations tree's selection rules (SM-02): click, ctrl/meta, shift ranges, the flag and the lock. */
const order = ['a1', 'a2', 'a3', 'b1', 'b2', 'c1']
const ctx = { multiselect: true, order, locked: false }
const plain = { toggle: false, range: false }
const ctrl = { toggle: true, range: false }
const shift = { toggle: false, range: true }
const ok = (o: SelectionOutcome): Selection => {
  if (!o.ok) throw new Error(o.message)
  return o.selection
}
const ids = (s: Selection) => (s.kind === 'signals' ? s.ids : [])

describe('SM-02 signal selection', () => {
  it('a click selects one signal, replacing a station or other signals', () => {
    const station = ok(selectStation('st-1', ctx))
    expect(ok(clickSignal(station, 'a2', plain, ctx))).toEqual({ kind: 'signals', ids: ['a2'], anchor: 'a2' })
    const two = ok(clickSignal(ok(clickSignal(NO_SELECTION, 'a1', plain, ctx)), 'b1', ctrl, ctx))
    expect(ids(ok(clickSignal(two, 'c1', plain, ctx)))).toEqual(['c1'])
  })

  it('ctrl/meta adds and removes one signal; removing the last leaves nothing selected', () => {
    const one = ok(clickSignal(NO_SELECTION, 'a1', plain, ctx))
    const two = ok(clickSignal(one, 'b2', ctrl, ctx))
    expect(ids(two)).toEqual(['a1', 'b2'])
    expect(ids(ok(clickSignal(two, 'a1', ctrl, ctx)))).toEqual(['b2'])
    expect(ok(clickSignal(one, 'a1', ctrl, ctx))).toEqual(NO_SELECTION)
  })

  it('shift selects the range from the last clicked signal across stations, in either direction', () => {
    const anchor = ok(clickSignal(NO_SELECTION, 'a2', plain, ctx))
    expect(ids(ok(clickSignal(anchor, 'b2', shift, ctx)))).toEqual(['a2', 'a3', 'b1', 'b2'])
    const back = ok(clickSignal(ok(clickSignal(anchor, 'b2', shift, ctx)), 'a1', shift, ctx))
    expect(ids(back)).toEqual(['a1', 'a2'])
  })

  it('ctrl+shift adds the range to what is selected', () => {
    const s = ok(clickSignal(ok(clickSignal(NO_SELECTION, 'c1', plain, ctx)), 'a1', ctrl, ctx))
    expect(ids(ok(clickSignal(s, 'a3', { toggle: true, range: true }, ctx)))).toEqual([
      'c1',
      'a1',
      'a2',
      'a3',
    ])
  })

  it('without the multiselect flag ctrl and shift select one signal', () => {
    const single = { ...ctx, multiselect: false }
    const one = ok(clickSignal(NO_SELECTION, 'a1', plain, single))
    expect(ids(ok(clickSignal(one, 'b1', ctrl, single)))).toEqual(['b1'])
    expect(ids(ok(clickSignal(one, 'b1', shift, single)))).toEqual(['b1'])
  })

  it("is locked while result classifications are viewed, with the spec's message", () => {
    const locked = { ...ctx, locked: true }
    const message = "Can't change selections while viewing result classifications"
    expect(clickSignal(NO_SELECTION, 'a1', plain, locked)).toEqual({ ok: false, message })
    expect(selectStation('st-1', locked)).toEqual({ ok: false, message })
    expect(clearSelection(locked)).toEqual({ ok: false, message })
  })

  it('drops signals and stations that no longer exist', () => {
    const s: Selection = { kind: 'signals', ids: ['a1', 'gone'], anchor: 'gone' }
    expect(pruneSelection(s, new Set(['a1']), new Set())).toEqual({
      kind: 'signals',
      ids: ['a1'],
      anchor: 'a1',
    })
    expect(pruneSelection(s, new Set(), new Set())).toEqual(NO_SELECTION)
    expect(pruneSelection({ kind: 'station', stationId: 'x' }, new Set(), new Set())).toEqual(NO_SELECTION)
  })
})
