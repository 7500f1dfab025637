import { describe, expect, it } from 'vitest'
import { replaceStrings, stringsIn } from '../../../shared/sync/replace-ids'

/**
 * Ids the authority gave documents a device created (shared/sync/replace-ids.ts): every string
 * value equal to a replaced id, at any depth, names the new id; nothing else of the value changes.
 */
const DEVICE_ID = '6f1c2a0e-1111-4c3b-9d55-0a0b0c0d0e01'
const AUTHORITY_ID = '9a8b7c6d-2222-4e5f-8a9b-1c2d3e4f5a02'
const OTHER_DEVICE_ID = '6f1c2a0e-3333-4c3b-9d55-0a0b0c0d0e03'
const OTHER_AUTHORITY_ID = '9a8b7c6d-4444-4e5f-8a9b-1c2d3e4f5a04'

describe('stringsIn', () => {
  it('MON-06 lists every string value at any depth, not the keys', () => {
    const found = stringsIn({
      monitorId: DEVICE_ID,
      rules: [{ id: 'r1', enabled: true, runs: 15 }, 'loose'],
      nested: { deeper: { lineId: 'line-paint', none: null, gone: undefined } },
      [DEVICE_ID.toUpperCase()]: 7,
    })
    expect([...found].sort()).toEqual([DEVICE_ID, 'line-paint', 'loose', 'r1'].sort())
  })

  it('MON-06 a lone string is its own list; numbers, booleans and null hold none', () => {
    expect([...stringsIn('x')]).toEqual(['x'])
    expect(stringsIn(42).size).toBe(0)
    expect(stringsIn(true).size).toBe(0)
    expect(stringsIn(null).size).toBe(0)
    expect(stringsIn([[], {}]).size).toBe(0)
  })

  it('MON-06 adds to the set it is given, once per distinct string', () => {
    const out = new Set(['already'])
    const returned = stringsIn(['a', ['a', { k: 'b' }]], out)
    expect(returned).toBe(out)
    expect([...out].sort()).toEqual(['a', 'already', 'b'])
  })
})

describe('replaceStrings', () => {
  const map = new Map([
    [DEVICE_ID, AUTHORITY_ID],
    [OTHER_DEVICE_ID, OTHER_AUTHORITY_ID],
  ])

  it('MON-06 replaces ids in nested objects and arrays and leaves everything else as it was', () => {
    const action = {
      name: 'updateMonitorRules',
      args: {
        monitorId: DEVICE_ID,
        rules: [
          { monitorId: DEVICE_ID, kind: 'Consecutive', enabled: true, breaches: 1 },
          { monitorId: OTHER_DEVICE_ID, kind: 'ExceedanceRuns', enabled: false, breaches: 7 },
        ],
        ids: [[DEVICE_ID, 'line-paint'], [OTHER_DEVICE_ID]],
        note: `${DEVICE_ID} is in a longer text`,
        count: 3,
        missing: null,
      },
    }
    expect(replaceStrings(action, map)).toEqual({
      name: 'updateMonitorRules',
      args: {
        monitorId: AUTHORITY_ID,
        rules: [
          { monitorId: AUTHORITY_ID, kind: 'Consecutive', enabled: true, breaches: 1 },
          { monitorId: OTHER_AUTHORITY_ID, kind: 'ExceedanceRuns', enabled: false, breaches: 7 },
        ],
        ids: [[AUTHORITY_ID, 'line-paint'], [OTHER_AUTHORITY_ID]],
        // Only a whole string equal to an id is one: text that merely contains it is left alone.
        note: `${DEVICE_ID} is in a longer text`,
        count: 3,
        missing: null,
      },
    })
  })

  it('MON-06 keys are never rewritten, even when they equal a replaced id', () => {
    const revisions = { [`monitors/${DEVICE_ID}`]: 2, [DEVICE_ID]: DEVICE_ID }
    expect(replaceStrings(revisions, map)).toEqual({
      [`monitors/${DEVICE_ID}`]: 2,
      [DEVICE_ID]: AUTHORITY_ID,
    })
  })

  it('MON-06 does not change the value it was given', () => {
    const value = { monitorId: DEVICE_ID, list: [DEVICE_ID] }
    const copy = structuredClone(value)
    const replaced = replaceStrings(value, map)
    expect(value).toEqual(copy)
    expect(replaced).toEqual({ monitorId: AUTHORITY_ID, list: [AUTHORITY_ID] })
  })

  it('MON-06 a string alone is replaced when it is an id, kept when it is not', () => {
    expect(replaceStrings(DEVICE_ID, map)).toBe(AUTHORITY_ID)
    expect(replaceStrings('line-paint', map)).toBe('line-paint')
    expect(replaceStrings(5, map)).toBe(5)
  })

  it('MON-06 with no replaced ids the same value comes back, untouched', () => {
    const value = { monitorId: DEVICE_ID, nested: [{ id: DEVICE_ID }] }
    expect(replaceStrings(value, new Map())).toBe(value)
  })
})
