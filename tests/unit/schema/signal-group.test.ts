import { Result, Schema } from 'effect'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SignalGroupFromWire } from '../../../shared/schema/signal-group'
import type { SignalGroup, SignalGroupWire } from '../../../shared/schema/signal-group'

const decode = Schema.decodeUnknownSync(SignalGroupFromWire)
const encode = Schema.encodeSync(SignalGroupFromWire)

const wireArb: fc.Arbitrary<SignalGroupWire> = fc.record({
  signal_group_uuid: fc.uuid(),
  signal_group_name: fc.string(),
  signal_uuids: fc.array(fc.uuid(), { maxLength: 5 }),
})
const groupArb: fc.Arbitrary<SignalGroup> = fc.record({
  signalGroupUuid: fc.uuid(),
  signalGroupName: fc.string(),
  signalUuids: fc.array(fc.uuid(), { maxLength: 5 }),
})

describe('SIG-01 signal group wire ⇄ client', () => {
  test('SIG-01 snake_case signal_group_uuid, signal_group_name, signal_uuids become camelCase', () => {
    expect(
      decode({ signal_group_uuid: 'g1', signal_group_name: 'Press', signal_uuids: ['s1', 's2'] }),
    ).toEqual({
      signalGroupUuid: 'g1',
      signalGroupName: 'Press',
      signalUuids: ['s1', 's2'],
    })
  })

  test('SIG-01 a group without an id is rejected', () => {
    const result = Schema.decodeUnknownResult(SignalGroupFromWire)({
      signal_group_name: 'x',
      signal_uuids: [],
    })
    expect(Result.isFailure(result)).toBe(true)
  })

  test('SIG-01 decode ∘ encode is the identity on client groups', () => {
    fc.assert(
      fc.property(groupArb, (group) => {
        expect(decode(encode(group))).toEqual(group)
      }),
    )
  })

  test('SIG-01 encode ∘ decode is the identity on wire groups', () => {
    fc.assert(
      fc.property(wireArb, (wire) => {
        expect(encode(decode(wire))).toEqual(wire)
      }),
    )
  })
})
