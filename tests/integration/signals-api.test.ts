import { describe, expect, it } from 'vitest'
import type { Signal } from '../../shared/schema/signal'
import type { Station } from '../../shared/schema/station'
import { listDocuments } from '../../sync-server/store/documents'
import { intentPush } from './support/intent-push'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'
import { HUGE, signalHelpers, type ErrorBody } from './support/signal-fixtures'

type Doc = Record<string, unknown>

describe.each(DATABASE_KINDS)('%s', (kind) => {
  const demo = useDemoServer(kind)
  const { signalsOf, first, attributeUpdate } = signalHelpers(demo)

  const station = async (id: string) =>
    (await listDocuments<Station>(demo.server.services.db, 'cust-demo', 'stations')).find((d) => d.id === id)!
      .data
  const pull = async (collection: string) =>
    (
      await demo.server.call<{ documents: Doc[] }>('POST', `/sync/${collection}/pull`, demo.admin, {
        checkpoint: null,
        batchSize: 1000,
      })
    ).body.documents
  const pushIntent = intentPush(demo)

  describe('SM-02 stations tree', () => {
    it('SM-02 GET /api/lines/{lineId}/stations answers the stations with their signals as children', async () => {
      const res = await demo.server.call<Array<Station & { children: Signal[] }>>(
        'GET',
        '/api/lines/line-assembly/stations',
        demo.operator,
      )
      expect(res.status).toBe(200)
      expect(res.body.map((s) => s.id)).toEqual([1, 2, 3, 4].map((n) => `line-assembly-st-${n}`))
      expect(res.body.map((s) => s.final)).toEqual([false, false, false, true])
      const all = await signalsOf('line-assembly')
      expect(res.body.flatMap((s) => s.children)).toHaveLength(all.length)
      for (const s of res.body) expect(s.children.every((c) => c.stationId === s.id)).toBe(true)
      expect(res.body[3]!.children.some((c) => c.entityType === 'RESULT')).toBe(true)
    })

    it('SM-02 unknown and other tenants lines answer 404 Unable to find the line; 401 without session', async () => {
      for (const [path, cookie] of [
        ['/api/lines/nope/stations', demo.admin],
        ['/api/lines/line-assembly/stations', demo.other],
      ] as const) {
        const res = await demo.server.call<ErrorBody>('GET', path, cookie)
        expect(res.status).toBe(404)
        expect(res.body.error.message).toBe('Unable to find the line')
      }
      expect((await demo.server.call('GET', '/api/lines/line-assembly/stations')).status).toBe(401)
    })
  })

  describe('SM-04 Final Station PATCH /api/stations/{id}', () => {
    it('SM-04 a station holding a result signal can be made final and back: 204', async () => {
      const res = await demo.server.request('PATCH', '/api/stations/line-assembly-st-2', {
        cookie: demo.operator,
        body: { final: true },
      })
      expect(res.status).toBe(204)
      expect((await station('line-assembly-st-2')).final).toBe(true)
      const back = await demo.server.call('PATCH', '/api/stations/line-assembly-st-2', demo.admin, {
        final: false,
      })
      expect(back.status).toBe(204)
      expect((await station('line-assembly-st-2')).final).toBe(false)
    })

    it('SM-04 a station without a result signal cannot be final; an already final one can be switched off', async () => {
      // Station 3 of paint loses its result signal, so it has none left.
      const result = await first(
        'line-paint',
        (s) => s.stationId === 'line-paint-st-3' && s.entityType === 'RESULT',
      )
      const converted = await attributeUpdate('line-paint', [
        { signal_uuid: result.id, signal_attributes: { signal_entity_type: 'UNKNOWN' } },
      ])
      expect(converted.status).toBe(200)
      const res = await demo.server.call<ErrorBody>('PATCH', '/api/stations/line-paint-st-3', demo.admin, {
        final: true,
      })
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe(
        'Only stations that contain a result signal can be designated as a Final Station',
      )
      expect((await station('line-paint-st-3')).final).toBe(false)
      // Switching final off is always allowed.
      expect(
        (await demo.server.call('PATCH', '/api/stations/line-paint-st-4', demo.admin, { final: false }))
          .status,
      ).toBe(204)
      expect(
        (await demo.server.call('PATCH', '/api/stations/line-paint-st-4', demo.admin, { final: true }))
          .status,
      ).toBe(204)
      await attributeUpdate('line-paint', [
        { signal_uuid: result.id, signal_attributes: { signal_entity_type: 'RESULT' } },
      ])
    })

    it('SM-04 errors: unknown or other tenants station 404, bad body 400, malformed JSON 400, 413, 401', async () => {
      const unknown = await demo.server.call<ErrorBody>('PATCH', '/api/stations/nope', demo.admin, {
        final: true,
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body.error.message).toBe('Station not found')
      const foreign = await demo.server.call<ErrorBody>(
        'PATCH',
        '/api/stations/line-assembly-st-4',
        demo.other,
        {
          final: false,
        },
      )
      expect(foreign.status).toBe(404)
      expect((await station('line-assembly-st-4')).final).toBe(true)
      expect(
        (await demo.server.call('PATCH', '/api/stations/line-assembly-st-4', demo.admin, { final: 'yes' }))
          .status,
      ).toBe(400)
      const bad = await demo.server.request('PATCH', '/api/stations/line-assembly-st-4', {
        cookie: demo.admin,
        raw: '{',
      })
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as ErrorBody).error.message).toBe('Request body is not valid JSON')
      const big = await demo.server.request('PATCH', '/api/stations/line-assembly-st-4', {
        cookie: demo.admin,
        raw: HUGE,
      })
      expect(big.status).toBe(413)
      expect(
        (await demo.server.call('PATCH', '/api/stations/line-assembly-st-4', undefined, { final: true }))
          .status,
      ).toBe(401)
    })

    it('SM-04 replication: a pushed setStationFinal is applied; one without a result signal is rejected', async () => {
      const before = await station('line-assembly-st-1')
      const ok = await pushIntent('setStationFinal', {
        stationId: 'line-assembly-st-1',
        final: true,
        name: 'Renamed',
      })
      expect(ok.status).toBe('applied')
      expect(await station('line-assembly-st-1')).toMatchObject({ final: true, name: before.name })
      await demo.server.call('PATCH', '/api/stations/line-assembly-st-1', demo.admin, { final: false })

      const result = await first(
        'line-paint',
        (s) => s.stationId === 'line-paint-st-2' && s.entityType === 'RESULT',
      )
      await attributeUpdate('line-paint', [
        { signal_uuid: result.id, signal_attributes: { signal_entity_type: 'UNKNOWN' } },
      ])
      const rejected = await pushIntent('setStationFinal', { stationId: 'line-paint-st-2', final: true })
      expect(rejected).toEqual({
        id: rejected.id,
        status: 'rejected',
        rejection: {
          code: 'VALIDATION',
          status: 400,
          message: 'Only stations that contain a result signal can be designated as a Final Station',
        },
      })
      expect((await station('line-paint-st-2')).final).toBe(false)
      // Stations come from ingestion: the document push answers 426 and no intent creates one.
      const st2 = (await pull('stations')).find((d) => d.id === 'line-paint-st-2')!
      const created = await demo.server.call('POST', '/sync/stations/push', demo.admin, [
        { assumedMasterState: null, newDocumentState: { ...st2, id: 'new-station', revision: 0 } },
      ])
      expect(created.status).toBe(426)
      const unknown = await pushIntent('setStationFinal', { stationId: 'new-station', final: false })
      expect(unknown).toMatchObject({ status: 'rejected', rejection: { code: 'NOT_FOUND', status: 404 } })
      expect((await pull('stations')).some((d) => d.id === 'new-station')).toBe(false)
      await attributeUpdate('line-paint', [
        { signal_uuid: result.id, signal_attributes: { signal_entity_type: 'RESULT' } },
      ])
    })
  })
})
