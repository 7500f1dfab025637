import { describe, expect, it } from 'vitest'
import { PendingChanges, type PendingAction } from './pending-changes'
import type { DocumentChange } from '../../../shared/intents/intent'

/** The outbox bookkeeping (client/db/sync/pending-changes.ts): overlay, base values, acknowledge, absorb. */
let seq = 0
const action = (id: string, changes: ReadonlyArray<DocumentChange>, author = 'u1'): PendingAction => ({
  seq: ++seq,
  id,
  name: 'updateLineSettings',
  args: {},
  author,
  createdAt: `2026-11-23T10:00:0${seq % 10}Z`,
  description: id,
  base: [],
  changes,
})
const put = (
  id: string,
  data: Record<string, unknown>,
  fields = Object.keys(data),
  created = false,
): DocumentChange => ({
  kind: 'put',
  collection: 'lines',
  id,
  data,
  fields,
  created,
})
const server = { id: 'L1', friendlyName: 'Old', ingestionThresholdHours: 24, alertViewingWindowDays: 90 }

describe('PendingChanges', () => {
  it('OFF-02 lays actions over the server version in order, only on the fields they changed', () => {
    const p = new PendingChanges([
      action('a1', [put('L1', { ...server, friendlyName: 'First' }, ['friendlyName'])]),
      action('a2', [
        put('L1', { ...server, friendlyName: 'Second', ingestionThresholdHours: 5 }, [
          'friendlyName',
          'ingestionThresholdHours',
        ]),
      ]),
    ])
    // The server moved another field meanwhile: it shows, with both actions on top.
    const view = p.overlay('lines', 'L1', { ...server, alertViewingWindowDays: 30 })
    expect(view.data).toMatchObject({
      friendlyName: 'Second',
      ingestionThresholdHours: 5,
      alertViewingWindowDays: 30,
    })
    expect(view.pendingSince).toBeDefined()
  })

  it('OFF-05 the base of a field is the last earlier action’s value, else the server’s', () => {
    const p = new PendingChanges([
      action('a1', [put('L1', { ...server, friendlyName: 'First' }, ['friendlyName'])]),
    ])
    expect(p.baseValue('lines', 'L1', 'friendlyName', server)).toBe('First')
    expect(p.baseValue('lines', 'L1', 'ingestionThresholdHours', server)).toBe(24)
  })

  it('OFF-04 an acknowledged action is no longer pending but stays shown until its documents arrive', () => {
    const p = new PendingChanges([
      action('a1', [put('L1', { ...server, friendlyName: 'First' }, ['friendlyName'])]),
    ])
    p.acknowledge('a1', { 'lines/L1': 7 })
    expect(p.pending()).toHaveLength(0)
    const view = p.overlay('lines', 'L1', server)
    expect(view.data?.friendlyName).toBe('First')
    expect(view.pendingSince).toBeUndefined()
    expect(p.absorb(() => 6)).toHaveLength(0)
    expect(p.absorb(() => 7).map((a) => a.id)).toEqual(['a1'])
    expect(p.overlay('lines', 'L1', server).data?.friendlyName).toBe('Old')
  })

  it('a created document shows whole before the server has it; a deleted one disappears', () => {
    const p = new PendingChanges([
      action('c', [put('N1', { id: 'N1', friendlyName: 'New' }, ['id', 'friendlyName'], true)]),
      action('d', [{ kind: 'delete', collection: 'lines', id: 'L1' }]),
    ])
    expect(p.overlay('lines', 'N1', undefined).data).toEqual({ id: 'N1', friendlyName: 'New' })
    expect(p.overlay('lines', 'L1', server).data).toBeUndefined()
    expect([...p.touched('lines')].sort()).toEqual(['L1', 'N1'])
  })

  it('a dropped action stops showing; pending() filters by author and keeps creation order', () => {
    const p = new PendingChanges()
    p.add(action('b', [put('L1', { ...server, friendlyName: 'B' }, ['friendlyName'])], 'u2'))
    p.add(action('a', [put('L1', { ...server, friendlyName: 'A' }, ['friendlyName'])], 'u1'))
    expect(p.pending().map((a) => a.id)).toEqual(['b', 'a'])
    expect(p.pending('u1').map((a) => a.id)).toEqual(['a'])
    p.drop('a')
    expect(p.overlay('lines', 'L1', server).data?.friendlyName).toBe('B')
  })
})
