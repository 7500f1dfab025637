import { describe, expect, it } from 'vitest'
import { IntentRejected } from '../../../shared/intents/intent'
import { attributesFromChanges, changesFromAttributes } from '../../../shared/intents/signal-associations'
import type { Signal } from '../../../shared/schema/signal'
import { USER_ACTOR, run } from './intent-harness'
import { LINE, lineDocs } from './signal-documents'

/**
 * The Associations panel (saveSignalAssociations) and the generic attribute update (updateSignals):
 * chips change type and measurements change links in one action, checked against the combined
 * result, all or nothing.
 */
const after = (changes: Awaited<ReturnType<typeof run>>['changes']) =>
  Object.fromEntries(changes.map((c) => [c.id, c.kind === 'put' ? (c.data as Signal) : undefined]))

const refused = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(IntentRejected)
  return (err as IntentRejected).message
}

const containers = (
  c: Partial<Record<'measurement' | 'upperLimit' | 'lowerLimit' | 'result', string[]>>,
) => ({
  measurement: [],
  upperLimit: [],
  lowerLimit: [],
  result: [],
  ...c,
})

describe('saveSignalAssociations (SM-10)', () => {
  it('SM-10 a chip dragged into Upper limit is converted and linked in the same action', async () => {
    const res = await run(lineDocs(), 'saveSignalAssociations', {
      lineId: 'line-1',
      containers: containers({ measurement: ['m2'], upperLimit: ['x1'], result: ['r1'] }),
    })
    const a = after(res.changes)
    expect(a.x1).toEqual({ ...LINE.x1, entityType: 'UPPER_LIMIT' })
    expect(a.m2).toEqual({ ...LINE.m2, upperLimit: 'x1', lowerLimit: null, result: ['r1'] })
    expect(Object.keys(a).sort()).toEqual(['m2', 'x1'])
  })

  it('SM-10 a result dragged into Lower limit leaves the measurements that listed it', async () => {
    const res = await run(lineDocs(), 'saveSignalAssociations', {
      lineId: 'line-1',
      containers: containers({ measurement: ['m2'], lowerLimit: ['r1'] }),
    })
    const a = after(res.changes)
    expect(a.r1?.entityType).toBe('LOWER_LIMIT')
    expect(a.m2).toMatchObject({ lowerLimit: 'r1', result: [] })
    expect(a.m1).toMatchObject({ result: [], upperLimit: 'u1', lowerLimit: 'l1' })
  })

  it.each([
    ['no measurement', containers({ upperLimit: ['u1'] }), {}, 'At least one measurement must be selected.'],
    [
      'two results',
      containers({ measurement: ['m1'], result: ['r1', 'x1'] }),
      {},
      'No more than 1 result may be selected.',
    ],
    [
      'two upper limits',
      containers({ measurement: ['m1'], upperLimit: ['u1', 'x1'] }),
      {},
      'No more than 1 upper limit may be selected.',
    ],
    [
      'a part left under Measurement cannot hold links',
      containers({ measurement: ['p1'], result: ['r1'] }),
      {},
      'Only measurement, result, lower-limit and upper-limit signals can be associated.',
    ],
    [
      'a signal of another line',
      containers({ measurement: ['m1'], upperLimit: ['other'] }),
      {},
      'Signal not found',
    ],
  ])('SM-10 refuses %s', async (_title, c, flags, message) => {
    expect(
      await refused(run(lineDocs(flags), 'saveSignalAssociations', { lineId: 'line-1', containers: c })),
    ).toBe(message)
  })

  it('SM-10 single sided (flag on): exactly one boundary; the flag off does not ask it', async () => {
    const docs = (flag: boolean) =>
      lineDocs({ singleSidedLimits: flag }, [{ ...LINE.m2, singleSide: 'UPPER' }])
    const both = containers({ measurement: ['m2'], upperLimit: ['u1'], lowerLimit: ['l1'] })
    expect(
      await refused(run(docs(true), 'saveSignalAssociations', { lineId: 'line-1', containers: both })),
    ).toBe('A single boundary must be selected when the signal is Single Sided.')
    const res = await run(docs(false), 'saveSignalAssociations', { lineId: 'line-1', containers: both })
    expect(after(res.changes).m2).toMatchObject({ upperLimit: 'u1', lowerLimit: 'l1' })
  })
})

describe('updateSignals (SM-12)', () => {
  it('SM-12 several attributes of several signals, any order, as one action', async () => {
    const res = await run(
      lineDocs({ limitEntityTypeSelection: true }),
      'updateSignals',
      {
        lineId: 'line-1',
        signals: [
          { signalId: 'm2', changes: { upperLimit: 'x1', qualityCharacteristic: 'Critical' } },
          { signalId: 'x1', changes: { entityType: 'UPPER_LIMIT' } },
        ],
      },
      USER_ACTOR,
    )
    const a = after(res.changes)
    expect(a.m2).toMatchObject({ upperLimit: 'x1', qualityCharacteristic: 'Critical' })
    expect(a.x1?.entityType).toBe('UPPER_LIMIT')
  })

  it('SM-12 all or nothing: one invalid signal refuses every change', async () => {
    const res = run(lineDocs(), 'updateSignals', {
      lineId: 'line-1',
      signals: [
        { signalId: 'm1', changes: { friendlyName: 'Changed', qualityCharacteristic: 'Critical' } },
        { signalId: 'm2', changes: { upperLimit: 'l1' } },
      ],
    })
    expect(await refused(res)).toBe('The upper limit must be a signal of entity type UPPER_LIMIT')
  })

  it('SM-12 a signal of another line than the one named is 404 Signal not found', async () => {
    const res = run(lineDocs(), 'updateSignals', {
      lineId: 'line-1',
      signals: [{ signalId: 'other', changes: { qualityCharacteristic: 'Critical' } }],
    })
    expect(await refused(res)).toBe('Signal not found')
  })

  it('SM-12 name, station and line stay the plant’s; an old inconsistency does not block a rename', async () => {
    const broken = { ...LINE.m2, upperLimit: 'l1' }
    const res = await run(lineDocs({}, [broken]), 'updateSignals', {
      lineId: 'line-1',
      signals: [{ signalId: 'm2', changes: { friendlyName: 'Fine' } }],
    })
    expect(after(res.changes).m2).toEqual({ ...broken, friendlyName: 'Fine' })
  })
})

describe('the attributes of PATCH /api/signal-attribute-update and the intent’s changes', () => {
  it('SM-12 every attribute the specification names comes back as the same change; absent ones stay absent', () => {
    const attributes = {
      quality_characteristic: 'Critical',
      upper_limit: 'sig-ul',
      lower_limit: null,
      result: ['sig-r1', 'sig-r2'],
      signal_entity_type: 'MEASUREMENT',
      signal_friendly_name: 'Bore depth',
      signal_active: false,
    } as const
    const changes = changesFromAttributes(attributes)
    expect(changes).toEqual({
      qualityCharacteristic: 'Critical',
      upperLimit: 'sig-ul',
      lowerLimit: null,
      result: ['sig-r1', 'sig-r2'],
      entityType: 'MEASUREMENT',
      friendlyName: 'Bore depth',
      isSignalActive: false,
    })
    expect(attributesFromChanges(changes)).toEqual(attributes)
    expect(changesFromAttributes({ signal_active: true })).toEqual({ isSignalActive: true })
    expect(attributesFromChanges({ upperLimit: null })).toEqual({ upper_limit: null })
  })
})
