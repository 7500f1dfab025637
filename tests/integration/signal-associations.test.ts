import { describe, expect, it } from 'vitest'
import type { Signal } from '../../shared/schema/signal'
import { listDocuments } from '../../sync-server/store/documents'
import { intentPush } from './support/intent-push'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'

type Doc = Record<string, unknown>
type ErrorBody = { error: { code: string; message: string } }

const NOT_ASSOCIABLE = 'Only measurement, result, lower-limit and upper-limit signals can be associated.'

describe.each(DATABASE_KINDS)('%s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin', 'operator'] })

  const all = async () =>
    (await listDocuments<Signal>(demo.server.services.db, 'cust-demo', 'signals')).map((d) => d.data)
  const get = async (id: string) => (await all()).find((s) => s.id === id)!
  /** The first signal of a station matching the predicate (ids are read from the database). */
  const find = async (stationId: string, pred: (s: Signal) => boolean) =>
    (await all()).find((s) => s.stationId === stationId && pred(s))!
  const linkedMeasurement = (stationId: string) =>
    find(
      stationId,
      (s) => s.entityType === 'MEASUREMENT' && !!s.upperLimit && !!s.lowerLimit && s.result.length === 1,
    )
  const update = (lineId: string, signals: unknown[], cookie = demo.admin) =>
    demo.server.call<Signal[] & ErrorBody>('PATCH', '/api/signal-attribute-update', cookie, {
      signalRequest: { customer_uuid: 'cust-demo', plant_uuid: 'plant-demo', line_uuid: lineId },
      signals,
    })
  const attrs = (id: string, signal_attributes: object) => ({ signal_uuid: id, signal_attributes })
  const expect400 = async (lineId: string, signals: unknown[], message: string) => {
    const res = await update(lineId, signals)
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(message)
  }
  const pull = async () =>
    (
      await demo.server.call<{ documents: Doc[] }>('POST', '/sync/signals/pull', demo.admin, {
        checkpoint: null,
        batchSize: 1000,
      })
    ).body.documents
  const pushIntent = intentPush(demo)

  it('SM-10 link targets must be signals of the same line with the entity type of their container', async () => {
    const st = 'line-machining-st-1'
    const m = await linkedMeasurement(st)
    const part = await find(st, (s) => s.entityType === 'PART_ATTRIBUTE')
    const otherLineUpper = await find('line-paint-st-1', (s) => s.entityType === 'UPPER_LIMIT')
    const finalResult = await find('line-machining-st-4', (s) => s.entityType === 'RESULT')
    await expect400(
      'line-machining',
      [attrs(m.id, { upper_limit: m.lowerLimit })],
      'The upper limit must be a signal of entity type UPPER_LIMIT',
    )
    await expect400(
      'line-machining',
      [attrs(m.id, { lower_limit: m.upperLimit })],
      'The lower limit must be a signal of entity type LOWER_LIMIT',
    )
    await expect400('line-machining', [attrs(m.id, { lower_limit: part.id })], NOT_ASSOCIABLE)
    await expect400(
      'line-machining',
      [attrs(m.id, { result: [m.result[0], finalResult.id] })],
      'No more than 1 result may be selected.',
    )
    await expect400('line-machining', [attrs(m.id, { upper_limit: otherLineUpper.id })], 'Signal not found')
    await expect400(
      'line-machining',
      [attrs(m.result[0]!, { upper_limit: m.upperLimit })],
      'At least one measurement must be selected.',
    )
    await expect400('line-machining', [attrs(part.id, { result: [finalResult.id] })], NOT_ASSOCIABLE)
    expect(await get(m.id)).toEqual(m)
  })

  it('SM-10 a single-sided measurement needs exactly one boundary when its associations change', async () => {
    const m = await linkedMeasurement('line-machining-st-2')
    const finalResult = await find('line-machining-st-4', (s) => s.entityType === 'RESULT')
    // Setting the distribution alone does not touch the associations.
    expect(
      (await demo.server.call('PATCH', '/api/signals', demo.admin, [{ id: m.id, singleSide: 'UPPER' }]))
        .status,
    ).toBe(200)
    await expect400(
      'line-machining',
      [attrs(m.id, { result: [finalResult.id] })],
      'A single boundary must be selected when the signal is Single Sided.',
    )
    const ok = await update('line-machining', [attrs(m.id, { result: [finalResult.id], lower_limit: null })])
    expect(ok.status).toBe(200)
    expect(ok.body[0]).toMatchObject({ result: [finalResult.id], lowerLimit: null, upperLimit: m.upperLimit })
    await demo.server.call('PATCH', '/api/signals', demo.admin, [{ id: m.id, singleSide: null }])
    await update('line-machining', [attrs(m.id, { result: m.result, lower_limit: m.lowerLimit })])
    expect(await get(m.id)).toEqual(m)
  })

  it('SM-10 drag-and-drop: a chip converted and linked in the same request is saved (order does not matter)', async () => {
    const st = 'line-machining-st-3'
    const m = await linkedMeasurement(st)
    const unknown = await find('line-machining-st-1', (s) => s.entityType === 'UNKNOWN')
    const res = await update(
      'line-machining',
      [attrs(m.id, { upper_limit: unknown.id }), attrs(unknown.id, { signal_entity_type: 'UPPER_LIMIT' })],
      demo.operator,
    )
    expect(res.status).toBe(200)
    expect((await get(m.id)).upperLimit).toBe(unknown.id)
    expect((await get(unknown.id)).entityType).toBe('UPPER_LIMIT')
    // Back: relink first, then the chip returns to UNKNOWN.
    await update('line-machining', [
      attrs(m.id, { upper_limit: m.upperLimit }),
      attrs(unknown.id, { signal_entity_type: 'UNKNOWN' }),
    ])
    expect(await get(m.id)).toEqual(m)
    expect(await get(unknown.id)).toEqual(unknown)
  })

  it('SM-07 changing entity types dissociates the links that no longer fit', async () => {
    const st = 'line-paint-st-1'
    const m = await linkedMeasurement(st)
    const result = await get(m.result[0]!)
    const linkedToResult = (await all()).filter((s) => s.result.includes(result.id))
    expect(linkedToResult.length).toBeGreaterThan(1)

    // An upper limit that becomes a measurement is no longer anyone's upper limit.
    expect(
      (await update('line-paint', [attrs(m.upperLimit!, { signal_entity_type: 'MEASUREMENT' })])).status,
    ).toBe(200)
    expect((await get(m.id)).upperLimit).toBeNull()
    // A result that becomes UNKNOWN leaves every measurement that listed it.
    await update('line-paint', [attrs(result.id, { signal_entity_type: 'UNKNOWN' })])
    for (const s of linkedToResult) expect((await get(s.id)).result).toEqual([])
    // A measurement that becomes a part attribute drops its own links and distribution.
    await demo.server.call('PATCH', '/api/signals', demo.admin, [{ id: m.id, singleSide: 'LOWER' }])
    const part = await update('line-paint', [attrs(m.id, { signal_entity_type: 'PART_ATTRIBUTE' })])
    expect(part.body[0]).toMatchObject({
      entityType: 'PART_ATTRIBUTE',
      upperLimit: null,
      lowerLimit: null,
      result: [],
      singleSide: null,
    })
    // Classifications stay with a signal whose type changes away from RESULT and back.
    await update('line-paint', [attrs(result.id, { signal_entity_type: 'RESULT' })])
    expect((await get(result.id)).resultClassifications).toEqual(result.resultClassifications)
  })

  it('SM-12 all or nothing: one invalid signal stops the whole request', async () => {
    const m = await linkedMeasurement('line-machining-st-2')
    const other = (await all()).find(
      (s) => s.stationId === 'line-machining-st-2' && s.entityType === 'MEASUREMENT' && s.id !== m.id,
    )!
    await expect400(
      'line-machining',
      [
        attrs(m.id, { signal_friendly_name: 'Changed', quality_characteristic: 'Critical' }),
        attrs(other.id, { upper_limit: m.lowerLimit }),
      ],
      'The upper limit must be a signal of entity type UPPER_LIMIT',
    )
    expect(await get(m.id)).toEqual(m)
    expect(await get(other.id)).toEqual(other)
  })

  describe('replication of signals: each action is one intent (POST /sync/intents)', () => {
    it('a valid updateSignals is applied; name, station and line are the plants', async () => {
      const m = await linkedMeasurement('line-assembly-st-1')
      const res = await pushIntent('updateSignals', {
        lineId: 'line-assembly',
        signals: [
          {
            signalId: m.id,
            changes: {
              qualityCharacteristic: 'Significant',
              name: 'Renamed',
              lineId: 'line-paint',
              stationName: 'Elsewhere',
            },
          },
        ],
      })
      expect(res.status).toBe('applied')
      expect(await get(m.id)).toEqual({ ...m, qualityCharacteristic: 'Significant' })
      await update('line-assembly', [attrs(m.id, { quality_characteristic: m.qualityCharacteristic })])
    })

    it('a pushed SM-10 violation is rejected with the rule message and changes nothing', async () => {
      const m = await linkedMeasurement('line-assembly-st-2')
      const res = await pushIntent('updateSignals', {
        lineId: 'line-assembly',
        signals: [{ signalId: m.id, changes: { upperLimit: m.lowerLimit } }],
      })
      expect(res).toMatchObject({
        status: 'rejected',
        rejection: {
          code: 'VALIDATION',
          status: 400,
          message: 'The upper limit must be a signal of entity type UPPER_LIMIT',
        },
      })
      expect(await get(m.id)).toEqual(m)
      const friendly = await pushIntent('renameSignal', { signalId: m.id, friendlyName: ' lead' })
      expect(friendly).toMatchObject({
        status: 'rejected',
        rejection: { status: 400, message: 'No leading spaces allowed.' },
      })
      expect(await get(m.id)).toEqual(m)
    })

    it('a pushed entity-type change dissociates other signals, and the change replicates', async () => {
      const m = await linkedMeasurement('line-assembly-st-3')
      const res = await pushIntent('changeSignalEntityType', {
        signalIds: [m.lowerLimit!],
        entityType: 'UNKNOWN',
      })
      expect(res.status).toBe('applied')
      const written = res.status === 'applied' ? res.documents.map((d) => d.document) : []
      expect(written.find((d) => d.id === m.id)).toMatchObject({ lowerLimit: null })
      expect((await pull()).find((d) => d.id === m.id)).toMatchObject({ lowerLimit: null })
      await update('line-assembly', [
        attrs(m.lowerLimit!, { signal_entity_type: 'LOWER_LIMIT' }),
        attrs(m.id, { lower_limit: m.lowerLimit }),
      ])
      expect(await get(m.id)).toEqual(m)
    })

    it('SM-12 a multi-signal save is all or nothing: one invalid signal, nothing written', async () => {
      const m = await linkedMeasurement('line-machining-st-2')
      const other = (await all()).find(
        (s) => s.stationId === 'line-machining-st-2' && s.entityType === 'MEASUREMENT' && s.id !== m.id,
      )!
      const res = await pushIntent('updateSignals', {
        lineId: 'line-machining',
        signals: [
          { signalId: m.id, changes: { friendlyName: 'Changed', qualityCharacteristic: 'Critical' } },
          { signalId: other.id, changes: { upperLimit: m.lowerLimit } },
        ],
      })
      expect(res).toMatchObject({
        status: 'rejected',
        rejection: {
          code: 'VALIDATION',
          status: 400,
          message: 'The upper limit must be a signal of entity type UPPER_LIMIT',
        },
      })
      expect(await get(m.id)).toEqual(m)
      expect(await get(other.id)).toEqual(other)
    })

    it('clients cannot create or delete signals: the document push answers 426 and no intent creates one', async () => {
      const master = (await pull())[0]!
      const pushed = await demo.server.call('POST', '/sync/signals/push', demo.admin, [
        { assumedMasterState: master, newDocumentState: { ...master, _deleted: true } },
      ])
      expect(pushed.status).toBe(426)
      const created = await pushIntent('updateSignals', {
        lineId: master.lineId as string,
        signals: [{ signalId: 'new-signal', changes: { qualityCharacteristic: 'Critical' } }],
      })
      expect(created).toMatchObject({
        status: 'rejected',
        rejection: { code: 'NOT_FOUND', status: 404, message: 'Signal not found' },
      })
      expect((await all()).some((s) => s.id === 'new-signal')).toBe(false)
      expect((await pull()).find((d) => d.id === master.id)).toEqual(master)
    })
  })
})
