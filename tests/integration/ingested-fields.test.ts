import { describe, expect, test } from 'vitest'
import { INTENTS } from '../../shared/intents'
import type { DocumentRead, IntentDefinition } from '../../shared/intents/intent'
import { IntentRejected } from '../../shared/intents/intent'
import { runIntent } from '../../shared/intents/run'
import type { Line } from '../../shared/schema/line'
import type { Signal } from '../../shared/schema/signal'
import type { SignalLimitEntry } from '../../shared/schema/signal-limit'
import type { Station } from '../../shared/schema/station'
import type { CollectionName } from '../../shared/sync/collections'
import { INTENT_PROTOCOL_VERSION, type IntentOutcome } from '../../shared/sync/intent-protocol'
import { writeWithRules } from '../../sync-server/domain/apply-change'
import { DomainError } from '../../sync-server/domain/domain-error'
import { rulesFor } from '../../sync-server/domain/registry'
import { getDocument, listDocuments, writeTransaction } from '../../sync-server/store/documents'
import { intentPush, rejectionOf } from './support/intent-push'
import { DATABASE_KINDS, useDemoServer, DEMO_ADMIN_SESSION } from './support/test-server'

type ErrorBody = { error: { code: string; status?: number; message: string } }

/**
 * Lines, stations, signals and their limits come from the plant's data source: a change to a field
 * it owns is refused with the field named (403) and changes nothing — over REST, over a push (kept
 * in the intent log), on the device's dry run and in the store's own rules — while the same
 * entity's user fields stay editable.
 */
const refusedField = (field: string) => `${field} comes from the plant's data source and cannot be changed`

const admin = DEMO_ADMIN_SESSION

describe.each(DATABASE_KINDS)('ingested fields on %s', (kind) => {
  const demo = useDemoServer(kind)
  const push = intentPush(demo)
  const stored = async <T>(collection: CollectionName, id: string) =>
    (await getDocument<T>(demo.server.services.db, 'cust-demo', collection, id))!.data
  const line = (id: string) => stored<Line>('lines', id)

  test('LINE-05 PATCH /api/lines/{lineId} refuses a new name, display name or isNewLine with 403 and the field named; nothing changes', async () => {
    const before = await line('line-packaging')
    const changes: ReadonlyArray<[string, unknown]> = [
      ['name', 'Renamed by hand'],
      ['displayName', 'Renamed by hand'],
      ['isNewLine', !before.isNewLine],
      ['lastIngestedTime', '2020-01-01T00:00:00.000Z'],
    ]
    for (const [field, value] of changes) {
      const res = await demo.server.call<ErrorBody>('PATCH', '/api/lines/line-packaging', demo.admin, {
        friendlyName: 'Not saved either',
        [field]: value,
      })
      expect(res.status, field).toBe(403)
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', message: refusedField(field) })
    }
    expect(await line('line-packaging')).toEqual(before)

    const ok = await demo.server.call<Line>('PATCH', '/api/lines/line-packaging', demo.operator, {
      friendlyName: 'Packaging by hand',
      name: before.name,
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ friendlyName: 'Packaging by hand', name: before.name })
    expect(await line('line-packaging')).toEqual({ ...before, friendlyName: 'Packaging by hand' })
  })

  test('LINE-05 OFF-04 a pushed change to a line name is rejected with the field named, kept in the log for a retry, and changes nothing; setLineActive still applies', async () => {
    const before = await line('line-machining')
    const me = await demo.server.call<{ id: string }>('GET', '/api/session', demo.admin)
    const action = {
      id: crypto.randomUUID(),
      name: 'updateLineSettings',
      args: { lineId: 'line-machining', changes: { name: 'Pushed name', ingestionThresholdHours: 7 } },
      author: me.body.id,
      createdAt: new Date().toISOString(),
      base: [],
    }
    const send = async () =>
      (
        await demo.server.call<{ results: IntentOutcome[] }>('POST', '/sync/intents', demo.admin, {
          protocol: INTENT_PROTOCOL_VERSION,
          intents: [action],
        })
      ).body
    const first = await send()
    const expected = { code: 'FORBIDDEN', status: 403, message: refusedField('name') }
    expect(rejectionOf(first.results[0])).toEqual(expected)
    expect(await line('line-machining')).toEqual(before)
    // The refusal is logged: the same action sent again is answered the same, still changing nothing.
    expect(rejectionOf((await send()).results[0])).toEqual(expected)
    expect(await line('line-machining')).toEqual(before)

    const applied = await push('setLineActive', { lineId: 'line-machining', active: !before.active })
    expect(applied.status).toBe('applied')
    expect((await line('line-machining')).active).toBe(!before.active)
    expect(await push('setLineActive', { lineId: 'line-machining', active: before.active })).toMatchObject({
      status: 'applied',
    })
  })

  test("LINE-05 the device's dry run refuses the pushed rename with the server's status and words", async () => {
    const definition = INTENTS.updateLineSettings as unknown as IntentDefinition<unknown>
    // The device runs the shared intent on its own copy of the documents, as loaded from the server.
    const load = async (reads: ReadonlyArray<DocumentRead>) => {
      const out = []
      for (const read of reads) {
        const docs = await listDocuments(demo.server.services.db, 'cust-demo', read.collection, {
          plantId: 'plant-demo',
        })
        out.push(...docs.map((d) => ({ collection: read.collection, id: d.id, data: d.data })))
      }
      return out
    }
    const args = { lineId: 'line-paint', changes: { displayName: 'Device name' } }
    const device = await runIntent(
      definition,
      args,
      { actor: admin, now: new Date().toISOString() },
      load,
    ).then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(device).toBeInstanceOf(IntentRejected)
    const server = await push('updateLineSettings', args)
    const { status, code, message } = device as IntentRejected
    expect(rejectionOf(server)).toEqual({ status, code, message })
    expect(message).toBe(refusedField('displayName'))
  })

  test('LINE-05 SM-04 SM-05 CAPL-02 the store refuses a write of a plant-owned field instead of putting it back, and takes the user fields', async () => {
    const { services } = demo.server
    const signals = await listDocuments<Signal>(services.db, 'cust-demo', 'signals', {
      fields: { lineId: 'line-assembly' },
    })
    const signal = signals[0]!.data
    const station = await stored<Station>('stations', signal.stationId)
    const paint = await line('line-paint')
    const limits: SignalLimitEntry = {
      lineUUID: signal.lineId,
      station: signal.stationName,
      signalUUID: signal.id,
      signalName: signal.name,
      singleSide: signal.singleSide,
      limits: [
        {
          uuid: 'limit-1',
          model_number: '*',
          lslFormula: '1',
          lclFormula: null,
          uclFormula: null,
          uslFormula: '9',
        },
      ],
    }
    const write = (collection: CollectionName, id: string, next: object | undefined) =>
      writeTransaction(services.db, 'cust-demo', async (tx) => {
        const previous = await getDocument(tx, 'cust-demo', collection, id)
        const ctx = { services, session: admin, tx, written: [] }
        return writeWithRules(ctx, rulesFor(collection), id, previous?.deleted ? undefined : previous, next)
      }).then(
        (r) => r.kind,
        (err: unknown) => (err instanceof DomainError ? { status: err.status, message: err.message } : err),
      )
    const refused = (field: string) => ({ status: 403, message: refusedField(field) })

    expect(await write('lines', 'line-paint', { ...paint, isNewLine: !paint.isNewLine })).toEqual(
      refused('isNewLine'),
    )
    expect(await write('lines', 'line-paint', { ...paint, modelNumbers: ['M-NEW'] })).toEqual(
      refused('modelNumbers'),
    )
    expect(await write('stations', station.id, { ...station, name: 'Moved' })).toEqual(refused('name'))
    expect(await write('signals', signal.id, { ...signal, stationId: 'elsewhere' })).toEqual(
      refused('stationId'),
    )
    expect(await write('signalLimits', signal.id, { ...limits, signalName: 'Not its name' })).toEqual(
      refused('signalName'),
    )
    // Nothing of those was stored.
    expect(await line('line-paint')).toEqual(paint)
    expect(await stored('signals', signal.id)).toEqual(signal)

    // An ingested entity is never created or deleted by a user action.
    const forbidden = { status: 403, message: 'Forbidden resource' }
    expect(await write('lines', 'line-made-up', { ...paint, id: 'line-made-up' })).toEqual(forbidden)
    expect(await write('signals', signal.id, undefined)).toEqual(forbidden)

    // The same entities' user fields are taken.
    expect(await write('lines', 'line-paint', { ...paint, friendlyName: 'Paint by store' })).toBe('applied')
    expect(await write('stations', station.id, { ...station, final: !station.final })).toBe('applied')
    expect(await write('signals', signal.id, { ...signal, friendlyName: 'Store name' })).toBe('applied')
    expect(await write('signalLimits', signal.id, limits)).toBe('applied')
    expect(await stored<SignalLimitEntry>('signalLimits', signal.id)).toEqual(limits)
  })
})
