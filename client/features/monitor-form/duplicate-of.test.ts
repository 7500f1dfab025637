import { describe, expect, it } from 'vitest'
import { duplicateOf } from './duplicate-of'

describe('duplicate refusal', () => {
  it('MON-07 names the existing monitor of a duplicate refusal (device or server), nothing else', () => {
    expect(duplicateOf({ code: 'DUPLICATE_MONITOR', details: { monitor_uuid: 'm1', task_uuid: 'm1' } })).toBe(
      'm1',
    )
    // The server's 409 body carries task_uuid (monitors §7).
    expect(duplicateOf({ code: 'DUPLICATE_MONITOR', details: { task_uuid: 't1' } })).toBe('t1')
    expect(duplicateOf({ code: 'DUPLICATE_MONITOR' })).toBeUndefined()
    expect(duplicateOf({ code: 'CONFLICT', details: { task_uuid: 'x' } })).toBeUndefined()
  })
})
