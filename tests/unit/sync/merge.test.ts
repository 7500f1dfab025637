import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { threeWayMerge } from '../../../shared/sync/merge'

const value = fc.oneof(
  fc.integer({ min: 0, max: 3 }),
  fc.constantFrom('a', 'b'),
  fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
)
const FIELDS = ['name', 'active', 'threshold', 'feeders'] as const
const doc = fc.record(
  Object.fromEntries(FIELDS.map((f) => [f, value])) as Record<(typeof FIELDS)[number], typeof value>,
)

describe('three-way merge (conflict policy)', () => {
  test('OFF-05 a field changed only locally is kept, only on the server is taken', () => {
    const base = { name: 'L1', active: true, threshold: 24, revision: 3 }
    const local = { ...base, name: 'Local name' }
    const server = { ...base, threshold: 12, revision: 4, updatedAt: 'x' }
    const r = threeWayMerge(base, local, server)
    expect(r.merged).toEqual({ name: 'Local name', active: true, threshold: 12, revision: 4, updatedAt: 'x' })
    expect(r.conflicts).toEqual([])
    expect(r.keptLocal).toEqual(['name'])
  })

  test('OFF-05 a field changed on both sides takes the server value and reports the local one', () => {
    const base = { name: 'L1', threshold: 24 }
    const r = threeWayMerge(base, { name: 'L1', threshold: 10 }, { name: 'L1', threshold: 30 })
    expect(r.merged.threshold).toBe(30)
    expect(r.conflicts).toEqual([{ field: 'threshold', localValue: 10, serverValue: 30 }])
  })

  test('OFF-05 with no base (created on both sides) every differing field is a conflict won by the server', () => {
    const r = threeWayMerge(undefined, { a: 1, b: 2 }, { a: 1, b: 3 })
    expect(r.merged).toEqual({ a: 1, b: 3 })
    expect(r.conflicts).toEqual([{ field: 'b', localValue: 2, serverValue: 3 }])
  })

  test('OFF-05 property: no edit is silently lost — every local change is merged or reported', () => {
    fc.assert(
      fc.property(doc, doc, doc, (base, local, server) => {
        const { merged, conflicts } = threeWayMerge(base, local, server)
        for (const f of FIELDS) {
          const localChanged = JSON.stringify(local[f]) !== JSON.stringify(base[f])
          const serverChanged = JSON.stringify(server[f]) !== JSON.stringify(base[f])
          if (localChanged && !serverChanged) expect(merged[f]).toEqual(local[f])
          if (!localChanged) expect(merged[f]).toEqual(server[f])
          const conflict = conflicts.find((c) => c.field === f)
          if (localChanged && serverChanged && JSON.stringify(local[f]) !== JSON.stringify(server[f])) {
            expect(merged[f]).toEqual(server[f])
            expect(conflict?.localValue).toEqual(local[f])
          } else {
            expect(conflict).toBeUndefined()
          }
        }
      }),
    )
  })

  test('OFF-05 property: merging is idempotent — merging the result again changes nothing', () => {
    fc.assert(
      fc.property(doc, doc, doc, (base, local, server) => {
        const once = threeWayMerge(base, local, server).merged
        expect(threeWayMerge(server, once, server).merged).toEqual(once)
      }),
    )
  })
})
