import { describe, expect, it } from 'vitest'
import { shareDoc, shareUnchanged } from './shared-docs'
import { deepEqual } from '../../../shared/sync/deep-equal'

/**
 * Structural sharing of live reads (client/db/react/shared-docs.ts): unchanged documents keep their
 * objects, an unchanged result keeps its array, and a changed document is always the new one.
 */
type Doc = { readonly id: string; readonly hours: number; readonly feeders?: ReadonlyArray<string> }
const idOf = (d: Doc) => d.id

describe('shareUnchanged', () => {
  it('keeps the objects of documents equal to the previous ones and hands the changed one through', () => {
    const before: Doc[] = [
      { id: 'L1', hours: 1, feeders: ['L2'] },
      { id: 'L2', hours: 2 },
    ]
    const changed = { id: 'L2', hours: 3 }
    const after = shareUnchanged(before, [{ id: 'L1', hours: 1, feeders: ['L2'] }, changed], idOf)
    expect(after).not.toBe(before)
    expect(after[0]).toBe(before[0])
    expect(after[1]).toBe(changed)
  })

  it('returns the previous array when nothing changed, and a new one when the order or size did', () => {
    const before: Doc[] = [
      { id: 'L1', hours: 1 },
      { id: 'L2', hours: 2 },
    ]
    expect(shareUnchanged(before, [{ ...before[0]! }, { ...before[1]! }], idOf)).toBe(before)
    const reordered = shareUnchanged(before, [before[1]!, before[0]!], idOf)
    expect(reordered).not.toBe(before)
    expect(reordered).toEqual([before[1], before[0]])
    expect(shareUnchanged(before, [before[0]!], idOf)).toEqual([before[0]])
    expect(shareUnchanged(before, [], idOf)).toEqual([])
  })

  it('treats a field that appeared, vanished or changed deep inside as a change', () => {
    const before: Doc[] = [{ id: 'L1', hours: 1, feeders: ['L2'] }]
    const deeper = { id: 'L1', hours: 1, feeders: ['L3'] }
    expect(shareUnchanged(before, [deeper], idOf)[0]).toBe(deeper)
    const fewer = { id: 'L1', hours: 1 }
    expect(shareUnchanged(before, [fewer], idOf)[0]).toBe(fewer)
  })
})

describe('shareDoc', () => {
  it('keeps an equal document and hands a different or missing one through', () => {
    const doc = { id: 'L1', hours: 1, nested: { a: [1, { b: 2 }] } }
    expect(shareDoc(doc, { id: 'L1', hours: 1, nested: { a: [1, { b: 2 }] } })).toBe(doc)
    expect(shareDoc(doc, undefined)).toBeUndefined()
    const other = { id: 'L1', hours: 2, nested: { a: [1, { b: 2 }] } }
    expect(shareDoc(doc, other)).toBe(other)
    // Equality is the shared rule for JSON values: an absent field and an undefined one are the same.
    const absent: { id: string; hours?: number | undefined } = { id: 'L1' }
    expect(shareDoc(absent, { id: 'L1', hours: undefined })).toBe(absent)
    expect(deepEqual([1, 2], { 0: 1, 1: 2 })).toBe(false)
    expect(deepEqual(null, null)).toBe(true)
  })
})
