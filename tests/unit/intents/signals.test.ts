import { describe, expect, it } from 'vitest'
import { IntentRejected } from '../../../shared/intents/intent'
import type { Signal } from '../../../shared/schema/signal'
import { changesById, run } from './intent-harness'
import { LINE, lineDocs, signal } from './signal-documents'

/** SM-07's gated types need their selection flags on (SHELL-03). */
const ENTITY_TYPE_FLAGS = {
  limitEntityTypeSelection: true,
  resultEntityTypeSelection: true,
  componentEntityTypeSelection: true,
}

/**
 * The signal intents (shared/intents/signals.ts, signal-associations.ts): what each changes,
 * cascades (dissociations) included, and what each refuses with the spec's message.
 */
const put = (changes: Awaited<ReturnType<typeof run>>['changes'], id: string) => {
  const change = changesById(changes).get(`signals/${id}`)
  return change?.kind === 'put' ? (change.data as Signal) : undefined
}
const rejection = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(IntentRejected)
  const r = err as IntentRejected
  return { status: r.status, message: r.message }
}

describe('setSignalStatus, renameSignal, setQualityCharacteristic', () => {
  it('SM-05 switches every selected signal off and back on', async () => {
    const off = await run(lineDocs({ multiselect: true }), 'setSignalStatus', {
      signalIds: ['m1', 'm2'],
      active: false,
    })
    expect(off.changes.map((c) => c.id)).toEqual(['m1', 'm2'])
    expect(put(off.changes, 'm1')).toEqual({ ...LINE.m1, isSignalActive: false })
    expect(off.description).toBe('Turn off 2 signals')
  })

  it.each([
    ['SM-06 trailing spaces are dropped', 'Oven temp  ', 'Oven temp'],
    ['SM-06 empty means no friendly name', '', null],
    ['SM-06 null clears it', null, null],
  ])('%s', async (_title, friendlyName, saved) => {
    const docs = lineDocs({}, [{ ...LINE.m1, friendlyName: 'Before' }])
    const res = await run(docs, 'renameSignal', { signalId: 'm1', friendlyName })
    expect(put(res.changes, 'm1')?.friendlyName).toBe(saved)
  })

  it('SM-06 a leading space is refused with its message', async () => {
    expect(
      await rejection(run(lineDocs(), 'renameSignal', { signalId: 'm1', friendlyName: ' lead' })),
    ).toEqual({
      status: 400,
      message: 'No leading spaces allowed.',
    })
  })

  it('SM-09 sets the quality characteristic; an unknown signal is 404 Signal not found', async () => {
    const res = await run(lineDocs({ multiselect: true }), 'setQualityCharacteristic', {
      signalIds: ['m1'],
      qualityCharacteristic: 'Critical',
    })
    expect(put(res.changes, 'm1')?.qualityCharacteristic).toBe('Critical')
    const missing = run(lineDocs({ multiselect: true }), 'setQualityCharacteristic', {
      signalIds: ['m1', 'nope'],
      qualityCharacteristic: 'Critical',
    })
    expect(await rejection(missing)).toEqual({ status: 404, message: 'Signal not found' })
  })
})

describe('changeSignalEntityType (SM-07)', () => {
  it.each<[string, string, Signal['entityType'], Record<string, Partial<Signal>>]>([
    [
      'an upper limit that becomes a measurement leaves m1',
      'u1',
      'MEASUREMENT',
      { u1: { entityType: 'MEASUREMENT' }, m1: { upperLimit: null } },
    ],
    [
      'a lower limit that becomes UNKNOWN leaves m1',
      'l1',
      'UNKNOWN',
      { l1: { entityType: 'UNKNOWN' }, m1: { lowerLimit: null } },
    ],
    [
      'a result that becomes UNKNOWN leaves every measurement',
      'r1',
      'UNKNOWN',
      { r1: { entityType: 'UNKNOWN' }, m1: { result: [] }, m2: { result: [] } },
    ],
    [
      'a measurement that becomes a part drops its own links',
      'm1',
      'PART_ATTRIBUTE',
      { m1: { entityType: 'PART_ATTRIBUTE', upperLimit: null, lowerLimit: null, result: [] } },
    ],
    [
      'an unlinked UNKNOWN becomes an upper limit alone',
      'x1',
      'UPPER_LIMIT',
      { x1: { entityType: 'UPPER_LIMIT' } },
    ],
  ])('SM-07 %s', async (_title, id, entityType, expected) => {
    const res = await run(lineDocs(ENTITY_TYPE_FLAGS), 'changeSignalEntityType', {
      signalIds: [id],
      entityType,
    })
    const after = Object.fromEntries(res.changes.map((c) => [c.id, c.kind === 'put' ? c.data : undefined]))
    expect(Object.keys(after).sort()).toEqual(Object.keys(expected).sort())
    for (const [sid, fields] of Object.entries(expected)) {
      expect(after[sid]).toEqual({ ...LINE[sid as keyof typeof LINE], ...fields })
    }
  })

  it('SM-07 a measurement that stops being one loses its distribution; classifications stay', async () => {
    const docs = lineDocs({ multiselect: true }, [{ ...LINE.m2, singleSide: 'LOWER' }])
    const res = await run(docs, 'changeSignalEntityType', { signalIds: ['m2', 'r1'], entityType: 'UNKNOWN' })
    expect(put(res.changes, 'm2')).toMatchObject({ singleSide: null, result: [] })
    expect(put(res.changes, 'r1')?.resultClassifications).toEqual(LINE.r1.resultClassifications)
    expect(put(res.changes, 'm1')?.result).toEqual([])
  })
})

describe('setSignalDistribution (SM-08)', () => {
  it.each<[string, string, Signal['singleSide'], number | string]>([
    ['a measurement becomes single sided', 'm1', 'UPPER', 1],
    ['a measurement back to two sided changes nothing new', 'm2', null, 0],
    [
      'a non-measurement is refused',
      'u1',
      'LOWER',
      'Distribution (single sided) can only be set for measurements',
    ],
  ])('SM-08 %s', async (_title, signalId, singleSide, expected) => {
    const res = run(lineDocs({ singleSidedLimits: true }), 'setSignalDistribution', {
      signals: [{ signalId, singleSide }],
    })
    if (typeof expected === 'string') {
      expect(await rejection(res)).toEqual({ status: 400, message: expected })
      return
    }
    const { changes } = await res
    expect(changes).toHaveLength(expected)
    if (expected) expect(put(changes, signalId)?.singleSide).toBe(singleSide)
  })
})

describe('saveResultClassifications (SM-11)', () => {
  const ok = [
    { value: 'Scratch', result: 'fail', failureMode: 'Surface' },
    { value: 'Good', result: 'pass', failureMode: null },
  ] as const

  it('SM-11 stores several signals at once in canonical order (pass, fail, other)', async () => {
    const r2 = signal('r2', { entityType: 'RESULT' })
    const res = await run(lineDocs({ multiselect: true }, [r2]), 'saveResultClassifications', {
      signals: [
        { signalId: 'r1', resultClassifications: ok },
        { signalId: 'r2', resultClassifications: [ok[0]] },
      ],
    })
    expect(put(res.changes, 'r1')?.resultClassifications).toEqual([ok[1], ok[0]])
    expect(put(res.changes, 'r2')?.resultClassifications).toEqual([ok[0]])
  })

  it('SM-11 all or nothing: one non-result signal refuses the whole save', async () => {
    const res = run(lineDocs({ multiselect: true }), 'saveResultClassifications', {
      signals: [
        { signalId: 'r1', resultClassifications: ok },
        { signalId: 'm1', resultClassifications: ok },
      ],
    })
    expect(await rejection(res)).toEqual({
      status: 400,
      message: 'All selected signals must be of entity type result',
    })
  })
})
