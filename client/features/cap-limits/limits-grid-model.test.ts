import { describe, expect, it } from 'vitest'
import { messageAt } from '../../../shared/validation/field-error'
import {
  buildLimitTree,
  editCell,
  editProblems,
  editsValid,
  entriesToSave,
  limitsCsvTable,
  rowErrors,
  type LimitTreeRow,
  type LimitsEntry,
  type LimitsSignal,
} from './limits-grid-model'
import { rowWindow } from './use-row-window'

const signal = (id: string, station: string, extra: Partial<LimitsSignal> = {}): LimitsSignal => ({
  id,
  name: id.toUpperCase(),
  friendlyName: null,
  stationName: station,
  lineId: 'L1',
  entityType: 'MEASUREMENT',
  singleSide: null,
  ...extra,
})
const limit = (uuid: string, model: string, lsl: string | null, usl: string | null) => ({
  uuid,
  model_number: model,
  lslFormula: lsl,
  lclFormula: null,
  uclFormula: null,
  uslFormula: usl,
})
const signals = [
  signal('a', 'Press'),
  signal('b', 'Press', { singleSide: 'LOWER' }),
  signal('c', 'Weld'),
  signal('r', 'Weld', { entityType: 'RESULT' }),
]
const entries: LimitsEntry[] = [
  { signalUUID: 'a', lineUUID: 'L1', limits: [limit('a2', 'MX-2', '1', '9'), limit('a1', '*', '0', '10')] },
  { signalUUID: 'b', lineUUID: 'L1', limits: [limit('b1', '*', null, '10')] },
]
const options = { onlyWithLimits: true, expanded: new Set<string>(), singleSidedFlag: true }
const limitRows = (rows: ReturnType<typeof buildLimitTree>) =>
  rows.filter((r): r is LimitTreeRow => r.kind === 'limit')

describe('Cap Limits grid', () => {
  it("CAPL-01 stations group their signals; models sit under the '*' row and show when expanded", () => {
    const rows = buildLimitTree('L1', signals, entries, options)
    expect(rows.map((r) => (r.kind === 'station' ? `#${r.station}` : `${r.signalId}:${r.model}`))).toEqual([
      '#Press',
      'a:*',
      'b:*',
    ])
    expect(limitRows(rows)[0]!.modelCount).toBe(1)
    const open = buildLimitTree('L1', signals, entries, { ...options, expanded: new Set(['a']) })
    expect(limitRows(open).map((r) => `${r.signalId}:${r.model}`)).toEqual(['a:*', 'a:MX-2', 'b:*'])
  })

  it("CAPL-01 'Show only signals with limits' off lists every measurement, with an empty '*' row", () => {
    const rows = limitRows(buildLimitTree('L1', signals, entries, { ...options, onlyWithLimits: false }))
    expect(rows.map((r) => r.signalId)).toEqual(['a', 'b', 'c'])
    expect(rows[2]).toMatchObject({ key: 'c|', uuid: undefined, stored: { LSL: null, USL: null } })
  })

  it('CAPL-02 cell rules: numbers only, comparisons named on the cell', () => {
    const [a] = limitRows(buildLimitTree('L1', signals, entries, options))
    let edits = editCell(new Map(), a!, 'LSL', 'abc')
    expect(messageAt(rowErrors(a!, edits), 'LSL')).toBe('LSL must be a number')
    edits = editCell(edits, a!, 'LSL', '11')
    expect(messageAt(rowErrors(a!, edits), 'LSL')).toBe('LSL must be < USL')
    expect(messageAt(rowErrors(a!, edits), 'USL')).toBe('USL must be > LSL')
    edits = editCell(edits, a!, 'UCL', '3')
    edits = editCell(edits, a!, 'LCL', '4')
    expect(messageAt(rowErrors(a!, edits), 'LCL')).toBe('LCL must be < UCL')
    expect(messageAt(rowErrors(a!, edits), 'UCL')).toBe('UCL must be > LCL')
    expect(editsValid(edits, new Map())).toBe(false)
    edits = editCell(editCell(edits, a!, 'LSL', ''), a!, 'LCL', '')
    expect(rowErrors(a!, edits)).toEqual([])
    expect(editsValid(edits, new Map())).toBe(true)
  })

  it('CAPL-03 a single-sided signal locks its side (only with the flag on)', () => {
    const b = limitRows(buildLimitTree('L1', signals, entries, options))[1]!
    expect(b.side).toBe('LOWER')
    const off = limitRows(buildLimitTree('L1', signals, entries, { ...options, singleSidedFlag: false }))[1]!
    expect(off.side).toBeNull()
  })

  it('CAPL-04 a row typed back to its stored values is no longer edited', () => {
    const [a] = limitRows(buildLimitTree('L1', signals, entries, options))
    const edits = editCell(new Map(), a!, 'USL', '12')
    expect(edits.has('a|a1')).toBe(true)
    expect(editCell(edits, a!, 'USL', ' 10 ').size).toBe(0)
  })

  it("CAPL-04 saving sends every row of each edited signal; a new '*' row gets a uuid", () => {
    const rows = limitRows(buildLimitTree('L1', signals, entries, { ...options, onlyWithLimits: false }))
    let edits = editCell(new Map(), rows[0]!, 'USL', '11')
    edits = editCell(edits, rows[2]!, 'UCL', ' 5 ')
    const saved = entriesToSave('L1', edits, signals, entries, () => 'new-uuid')
    expect(saved).toEqual([
      {
        lineUUID: 'L1',
        station: 'Press',
        signalUUID: 'a',
        signalName: 'A',
        singleSide: null,
        limits: [limit('a2', 'MX-2', '1', '9'), { ...limit('a1', '*', '0', '11') }],
      },
      {
        lineUUID: 'L1',
        station: 'Weld',
        signalUUID: 'c',
        signalName: 'C',
        singleSide: null,
        limits: [{ ...limit('new-uuid', '*', null, null), uclFormula: '5' }],
      },
    ])
  })

  it('CAPL-01 only the rows in view (plus a margin) are rendered', () => {
    expect(rowWindow(1000, 65, 0, 650)).toEqual({ start: 0, end: 16, before: 0, after: 984 * 65 })
    const mid = rowWindow(1000, 65, 65 * 500, 650)
    expect(mid.start).toBe(494)
    expect(mid.end).toBe(516)
    expect(mid.before + (mid.end - mid.start) * 65 + mid.after).toBe(65_000)
  })
})

describe('Cap Limits problems', () => {
  it('CAPL-02 the messages blocking Save are listed by signal and model, hidden rows counted', () => {
    const open = buildLimitTree('L1', signals, entries, { ...options, expanded: new Set(['a']) })
    const [a, model] = limitRows(open)
    let edits = editCell(new Map(), a!, 'LSL', 'x')
    edits = editCell(edits, model!, 'USL', '0')
    expect(editProblems(open, edits, new Map())).toEqual({
      messages: ['A (*): LSL must be a number', 'A (MX-2): LSL must be < USL', 'A (MX-2): USL must be > LSL'],
      hidden: 0,
    })
    const closed = buildLimitTree('L1', signals, entries, options)
    expect(editProblems(closed, edits, new Map())).toEqual({
      messages: ['A (*): LSL must be a number'],
      hidden: 1,
    })
  })

  it('SHELL-07 the CSV lists each shown row with its station and signal, edits and locked cells as shown', () => {
    const rows = buildLimitTree('L1', signals, entries, { ...options, expanded: new Set(['a']) })
    const [a] = limitRows(rows)
    const table = limitsCsvTable(rows, editCell(new Map(), a!, 'UCL', '8.5'))
    expect(table.headers).toEqual(['Station', 'Signal', 'Model', 'LSL', 'LCL', 'UCL', 'USL'])
    expect(table.rows).toEqual([
      ['Press', 'A', '*', '0', null, '8.5', '10'],
      ['Press', 'A', 'MX-2', '1', null, null, '9'],
      ['Press', 'B', '*', 'Single Sided', 'Single Sided', null, '10'],
    ])
  })
})
