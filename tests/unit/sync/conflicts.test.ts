import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { findConflicts } from '../../../shared/sync/conflicts'
import type { DocumentChange } from '../../../shared/intents/intent'

/** The conflict policy (shared/sync/conflicts.ts): fields the user edited vs the server's value now. */
const put = (data: Record<string, unknown>, fields: string[]): DocumentChange => ({
  kind: 'put',
  collection: 'lines',
  id: 'L1',
  data,
  fields,
  created: false,
})
const base = (field: string, value: unknown) => ({ collection: 'lines' as const, id: 'L1', field, value })

describe('conflict policy', () => {
  test('OFF-05 a field the server did not move since the user saw it is no conflict', () => {
    const server = { ingestionThresholdHours: 24 }
    const r = findConflicts(
      [base('ingestionThresholdHours', 24)],
      [put({ ingestionThresholdHours: 5 }, ['ingestionThresholdHours'])],
      (_c, _i, f) => server[f as 'ingestionThresholdHours'],
    )
    expect(r).toEqual([])
  })

  test('OFF-05 a field moved on the server to another value is reported with both values', () => {
    const r = findConflicts(
      [base('ingestionThresholdHours', 24)],
      [put({ ingestionThresholdHours: 5 }, ['ingestionThresholdHours'])],
      () => 30,
    )
    expect(r).toEqual([
      { collection: 'lines', id: 'L1', field: 'ingestionThresholdHours', localValue: 5, serverValue: 30 },
    ])
  })

  test('OFF-05 the same value reached on both sides is no conflict; unedited fields never conflict', () => {
    expect(findConflicts([base('a', 1)], [put({ a: 2 }, ['a'])], () => 2)).toEqual([])
    expect(findConflicts([], [put({ a: 2 }, ['a'])], () => 99)).toEqual([])
  })

  test('OFF-05 property: every edited field is applied as the user meant, unchanged, or reported — never silently lost', () => {
    const v = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'), fc.constant(undefined))
    fc.assert(
      fc.property(v, v, v, (seen, mine, server) => {
        const change = put(mine === undefined ? {} : { f: mine }, ['f'])
        const conflicts = findConflicts(
          [{ collection: 'lines', id: 'L1', field: 'f', ...(seen === undefined ? {} : { value: seen }) }],
          [change],
          () => server,
        )
        const serverMoved = JSON.stringify(server) !== JSON.stringify(seen)
        const differs = JSON.stringify(server) !== JSON.stringify(mine)
        expect(conflicts.length > 0).toBe(serverMoved && differs)
        if (conflicts.length > 0) expect(conflicts[0]).toMatchObject({ field: 'f' })
      }),
    )
  })
})
