import { describe, expect, it } from 'vitest'
import {
  associationErrors,
  associationLinkChanges,
  entityChanges,
  initialContainers,
  moveChip,
} from '../../../client/features/signals/association-model'
import { LINE, signal } from '../intents/signal-documents'

/** SM-10: chips, moves, container rules and the two confirm steps of the Associations panel. */
const line = Object.values(LINE).filter((s) => s.lineId === 'line-1')
const byId = new Map(line.map((s) => [s.id, s]))

describe('SM-10 associations panel', () => {
  it('puts each selected signal in its container; parts and unknown go under Measurement', () => {
    expect(initialContainers([LINE.m1, LINE.u1, LINE.r1, LINE.x1, LINE.p1])).toEqual({
      measurement: ['m1', 'x1', 'p1'],
      upperLimit: ['u1'],
      lowerLimit: [],
      result: ['r1'],
    })
  })

  it('a move changes the container and, in step 1, the entity type', () => {
    const c = moveChip(initialContainers([LINE.m2, LINE.x1]), 'x1', 'upperLimit')
    expect(c).toEqual({ measurement: ['m2'], upperLimit: ['x1'], lowerLimit: [], result: [] })
    expect(entityChanges(c, byId)).toEqual([{ id: 'x1', from: 'UNKNOWN', to: 'UPPER_LIMIT' }])
    expect(entityChanges(initialContainers([LINE.m2, LINE.x1]), byId)).toEqual([])
  })

  it('checks the container rules with their messages', () => {
    const messages = (c: Parameters<typeof associationErrors>[0], flag = false) =>
      associationErrors(c, byId, flag).map((e) => e.message)
    expect(messages({ measurement: [], upperLimit: ['u1'], lowerLimit: [], result: [] })).toEqual([
      'At least one measurement must be selected.',
    ])
    expect(
      messages({
        measurement: ['m1'],
        upperLimit: ['u1', 'x1'],
        lowerLimit: ['l1', 'p1'],
        result: ['r1', 'r2'],
      }),
    ).toEqual([
      'No more than 1 upper limit may be selected.',
      'No more than 1 lower limit may be selected.',
      'No more than 1 result may be selected.',
    ])
  })

  it('needs a single boundary when a measurement is Single Sided and the flag is on', () => {
    const sided = new Map(byId).set('m2', signal('m2', { singleSide: 'LOWER' }))
    const both = { measurement: ['m2'], upperLimit: ['u1'], lowerLimit: ['l1'], result: [] }
    expect(associationErrors(both, sided, true).map((e) => e.path)).toEqual([['boundary']])
    expect(associationErrors(both, sided, false)).toEqual([])
    expect(associationErrors({ ...both, lowerLimit: [] }, sided, true)).toEqual([])
  })

  it('step 2 lists every link created and deleted, dissociations of a type change included', () => {
    // m2 gets u1 as upper limit; x1 becomes its result; m2's old result r1 is not in the panel: deleted.
    const c = { measurement: ['m2'], upperLimit: ['u1'], lowerLimit: [], result: ['x1'] }
    expect(associationLinkChanges(c, line)).toEqual({
      created: [
        { from: 'm2', role: 'upperLimit', to: 'u1' },
        { from: 'm2', role: 'result', to: 'x1' },
      ],
      deleted: [{ from: 'm2', role: 'result', to: 'r1' }],
    })
    // Moving the upper limit u1 under Measurement dissociates it from m1 too.
    const moved = { measurement: ['m2', 'u1'], upperLimit: [], lowerLimit: [], result: ['r1'] }
    expect(associationLinkChanges(moved, line).deleted).toEqual([
      { from: 'm1', role: 'upperLimit', to: 'u1' },
    ])
    expect(associationLinkChanges(moved, line).created).toEqual([{ from: 'u1', role: 'result', to: 'r1' }])
  })
})
