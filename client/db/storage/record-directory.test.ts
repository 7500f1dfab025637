import { describe, expect, it } from 'vitest'
import { hashId, RECORD_SIZE, RecordDirectory } from './record-directory'

/**
 * The in-memory directory of the line-record storage (client/db/storage/record-directory.ts): it names every
 * record that may hold an id — also when two ids share a hash — fills a line's last record before
 * opening another, forgets a record left empty, and rebuilds the same from what was stored.
 */
/** Two ids with the same 30-bit hash, found once by trying `S0`, `S1`, … (the hash never changes). */
function collidingIds(): [string, string] {
  const seen = new Map<number, string>()
  for (let i = 0; ; i++) {
    const id = `S${i}`
    const other = seen.get(hashId(id))
    if (other) return [other, id]
    seen.set(hashId(id), id)
  }
}

describe('record directory', () => {
  it('OFF-03 names the records of two ids sharing a hash, and keeps the other when one leaves', () => {
    const [x, y] = collidingIds()
    expect(hashId(x)).toBe(hashId(y))
    const dir = new RecordDirectory()
    dir.load(0, [])
    const a = dir.newRecord('L1')
    const b = dir.newRecord('L2')
    dir.add(x, a)
    dir.add(y, b)
    expect(dir.candidates(x)).toEqual([a, b])
    dir.remove(x, a)
    expect(dir.candidates(y)).toEqual([b])
    expect(dir.candidates('nobody')).toEqual([])
  })

  it('OFF-03 fills the last record of a line before opening another, and forgets one left empty', () => {
    const dir = new RecordDirectory()
    dir.load(0, [])
    expect(dir.openRecord('L1')).toBeUndefined()
    const first = dir.newRecord('L1')
    for (let i = 0; i < RECORD_SIZE; i++) dir.add(`S${i}`, first)
    expect(dir.openRecord('L1')).toBeUndefined()
    const second = dir.newRecord('L1')
    expect(second.seq).toBe(first.seq + 1)
    dir.add('S-last', second)
    expect(dir.openRecord('L1')).toBe(second)
    dir.remove('S-last', second)
    // The emptied record is gone: the line has no open record, and a new one never takes its key
    // (its deletion and the new record's write may be in one transaction).
    expect(dir.openRecord('L1')).toBeUndefined()
    expect(dir.newRecord('L1').seq).toBe(second.seq + 1)
  })

  it('OFF-03 loaded from the stored records it names the same records, with their sizes and order', () => {
    const ids = ['A', 'B', 'C']
    const dir = new RecordDirectory()
    dir.load(7, [
      { key: ['L1', 2], hashes: Uint32Array.from(['C'], hashId) },
      { key: ['L1', 1], hashes: Uint32Array.from(['A', 'B'], hashId) },
    ])
    expect(dir.version).toBe(7)
    expect(ids.map((id) => dir.candidates(id).map((r) => `${r.line}/${r.seq}/${r.size}`))).toEqual([
      ['L1/1/2'],
      ['L1/1/2'],
      ['L1/2/1'],
    ])
    expect(dir.openRecord('L1')).toMatchObject({ seq: 2 })
    dir.invalidate()
    expect(dir.valid).toBe(false)
  })
})
