import { describe, expect, it } from 'vitest'
import {
  canSave,
  COMMON,
  editorRows,
  isDirty,
  newEditorRow,
  rowErrors,
  toSave,
} from '../../../client/features/signals/classification-model'

/** SM-11: Common and Unique rows of several result signals, validation and the one save. */
const ok = { value: 'OK', result: 'pass', failureMode: null } as const
const nok = { value: 'NOK', result: 'fail', failureMode: 'Bad' } as const
const rework = { value: 'Rework', result: 'other', failureMode: null } as const
const a = { id: 'a', resultClassifications: [ok, nok] }
const b = { id: 'b', resultClassifications: [rework, ok] }

describe('SM-11 classification editor', () => {
  it('one signal: its rows sorted by value', () => {
    expect(editorRows([a]).map((r) => [r.value, r.scope])).toEqual([
      ['NOK', 'a'],
      ['OK', 'a'],
    ])
  })

  it('several signals: common rows once, then each signal’s unique rows', () => {
    expect(editorRows([a, b]).map((r) => [r.value, r.scope])).toEqual([
      ['OK', COMMON],
      ['NOK', 'a'],
      ['Rework', 'b'],
    ])
  })

  it("a new row is 'other' and saves for every signal when common", () => {
    const rows = [...editorRows([a, b]), { ...newEditorRow(COMMON), value: 'Scratch' }]
    expect(newEditorRow(COMMON)).toMatchObject({ result: 'other', isNew: true, failureMode: null })
    const saved = toSave(rows, ['a', 'b'])
    expect(saved.map((s) => s.resultClassifications.map((c) => c.value))).toEqual([
      ['OK', 'NOK', 'Scratch'],
      ['OK', 'Rework', 'Scratch'],
    ])
    expect(canSave([a, b], rows)).toBe(true)
  })

  it('value required and unique per signal; Save waits for a valid change', () => {
    const rows = editorRows([a, b])
    expect(canSave([a, b], rows)).toBe(false)
    expect(isDirty([a, b], rows)).toBe(false)
    const empty = [...rows, newEditorRow('a')]
    expect([...rowErrors(empty, ['a', 'b']).values()]).toEqual(['Value is required'])
    expect(canSave([a, b], empty)).toBe(false)
    expect(isDirty([a, b], empty)).toBe(true)
    // 'rework' on a clashes with nothing on a; ' ok ' clashes with the common OK row on both.
    const dup = [...rows, { ...newEditorRow('b'), value: ' ok ' }]
    expect([...rowErrors(dup, ['a', 'b']).values()]).toEqual(['Value must be unique', 'Value must be unique'])
    expect(canSave([a, b], [...rows, { ...newEditorRow('a'), value: 'rework' }])).toBe(true)
  })
})
