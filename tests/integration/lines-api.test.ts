import { describe, expect, it } from 'vitest'
import { Schema } from 'effect'
import { Line } from '../../shared/schema/line'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'

const HUGE = JSON.stringify({ friendlyName: 'x'.repeat(1_100_000) })

type ErrorBody = { error: { code: string; message: string } }

describe.each(DATABASE_KINDS)('%s', (kind) => {
  const demo = useDemoServer(kind)

  const getLine = async (id: string) =>
    (await demo.server.call<Line>('GET', `/api/lines/${id}`, demo.admin)).body
  const patchLine = (id: string, body: unknown, cookie = demo.admin) =>
    demo.server.call<Line & ErrorBody>('PATCH', `/api/lines/${id}`, cookie, body)

  describe('LINE-02 reading lines', () => {
    it('LINE-02 GET /api/plants/{plantId}/lines answers the plant lines in the shared Line shape', async () => {
      const res = await demo.server.call<Line[]>('GET', '/api/plants/plant-demo/lines', demo.admin)
      expect(res.status).toBe(200)
      expect(res.body.map((l) => l.id).sort()).toEqual([
        'line-assembly',
        'line-machining',
        'line-packaging',
        'line-paint',
      ])
      for (const line of res.body) expect(() => Schema.decodeUnknownSync(Line)(line)).not.toThrow()
      expect(res.body.find((l) => l.id === 'line-packaging')?.active).toBe(false)
    })

    it('LINE-02 GET /api/lines/{lineId} answers one line; unknown ids answer 404 Unable to find the line', async () => {
      const res = await demo.server.call<Line>('GET', '/api/lines/line-assembly', demo.operator)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id: 'line-assembly',
        friendlyName: 'Final Assembly',
        feederLineIds: ['line-machining'],
      })
      const missing = await demo.server.call<ErrorBody>('GET', '/api/lines/no-such-line', demo.admin)
      expect(missing.status).toBe(404)
      expect(missing.body.error.message).toBe('Unable to find the line')
    })

    it('LINE-02 another tenant reads none of the lines: 404 for its ids and its plant', async () => {
      const line = await demo.server.call<ErrorBody>('GET', '/api/lines/line-assembly', demo.other)
      expect(line.status).toBe(404)
      expect(line.body.error.message).toBe('Unable to find the line')
      expect(JSON.stringify(line.body)).not.toContain('Final Assembly')
      expect((await demo.server.call('GET', '/api/plants/plant-demo/lines', demo.other)).status).toBe(404)
      expect((await demo.server.call('GET', '/api/lines/line-other', demo.admin)).status).toBe(404)
      const own = await demo.server.call<Line[]>('GET', '/api/plants/plant-other/lines', demo.other)
      expect(own.body.map((l) => l.id)).toEqual(['line-other'])
    })

    it('401 Unauthorized without a session on every line route', async () => {
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/api/plants/plant-demo/lines'],
        ['GET', '/api/lines/line-assembly'],
        ['PATCH', '/api/lines/line-assembly', { active: true }],
        ['GET', '/api/lines/line-assembly/stations'],
        ['GET', '/api/notifications/notifications/plants/plant-demo/alert-viewing-window'],
        [
          'PUT',
          '/api/notifications/notifications/lines/line-assembly/alert-viewing-window',
          { alertViewingWindowDays: 5 },
        ],
      ]
      for (const [method, path, body] of calls) {
        const res = await demo.server.call<ErrorBody>(method, path, undefined, body)
        expect(res.status, path).toBe(401)
        expect(res.body.error.message).toBe('Unauthorized')
      }
    })
  })

  describe('LINE-05 line editor PATCH /api/lines/{lineId}', () => {
    it('LINE-05 saves the editable fields and answers the updated line; server-owned fields stay (the plant-owned name sent as stored is no change)', async () => {
      const before = await getLine('line-packaging')
      const res = await patchLine('line-packaging', {
        friendlyName: 'Packaging 2',
        ingestionThresholdHours: 48,
        excludedPartIds: ['P-1', 'P-2'],
        excludedModelNumbers: ['MX-1'],
        name: before.name,
        activeMonitorsCount: 99,
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id: 'line-packaging',
        friendlyName: 'Packaging 2',
        ingestionThresholdHours: 48,
        excludedPartIds: ['P-1', 'P-2'],
        excludedModelNumbers: ['MX-1'],
        name: before.name,
        displayName: before.displayName,
        activeMonitorsCount: before.activeMonitorsCount,
      })
      expect(await getLine('line-packaging')).toEqual(res.body)
      const cleared = await patchLine('line-packaging', {
        friendlyName: null,
        ingestionThresholdHours: before.ingestionThresholdHours,
        excludedPartIds: [],
        excludedModelNumbers: [],
      })
      expect(cleared.body.friendlyName).toBeNull()
    })

    it('LINE-05 an operator (role user) may edit lines too', async () => {
      const res = await patchLine('line-packaging', { excludedModelNumbers: ['MX-7'] }, demo.operator)
      expect(res.status).toBe(200)
      expect((await patchLine('line-packaging', { excludedModelNumbers: [] }, demo.operator)).status).toBe(
        200,
      )
    })

    it('LINE-05 friendly name: alphanumeric, no leading spaces', async () => {
      const special = await patchLine('line-packaging', { friendlyName: 'Pack#1' })
      expect(special.status).toBe(400)
      expect(special.body.error.message).toBe('Friendly name cannot have special characters or symbols.')
      const leading = await patchLine('line-packaging', { friendlyName: ' Pack' })
      expect(leading.status).toBe(400)
      expect(leading.body.error.message).toBe('Friendly name cannot have leading spaces.')
    })

    it('LINE-04 ingestion threshold hours: 0 to 1000000, whole', async () => {
      const cases: Array<[unknown, number, string?]> = [
        [-1, 400, 'Must be greater than or equal to 0'],
        [1_000_001, 400, 'Must be less than or equal to 1000000'],
        [1.5, 400, 'Must be a whole number'],
        [0, 200],
        [1_000_000, 200],
        [24, 200],
      ]
      for (const [value, status, message] of cases) {
        const res = await patchLine('line-paint', { ingestionThresholdHours: value })
        expect(res.status, String(value)).toBe(status)
        if (message) expect(res.body.error.message).toBe(message)
        else expect(res.body.ingestionThresholdHours).toBe(value)
      }
    })

    it('LINE-04 overview alert filter days: 1 to 90, whole (PATCH and the alert-viewing-window PUT)', async () => {
      const path = '/api/notifications/notifications/lines/line-paint/alert-viewing-window'
      for (const value of [0, 91, 2.5]) {
        const viaPatch = await patchLine('line-paint', { alertViewingWindowDays: value })
        expect(viaPatch.status).toBe(400)
        expect(viaPatch.body.error.message).toBe('Must be between 1 and 90')
        const viaPut = await demo.server.call<ErrorBody>('PUT', path, demo.admin, {
          alertViewingWindowDays: value,
        })
        expect(viaPut.status).toBe(400)
        expect(viaPut.body.error.message).toBe('Must be between 1 and 90')
      }
      expect((await patchLine('line-paint', { alertViewingWindowDays: 1 })).body.alertViewingWindowDays).toBe(
        1,
      )
      const put = await demo.server.call('PUT', path, demo.admin, { alertViewingWindowDays: 90 })
      expect(put).toEqual({ status: 200, body: { lineId: 'line-paint', alertViewingWindowDays: 90 } })
      expect((await getLine('line-paint')).alertViewingWindowDays).toBe(90)
    })

    it('LINE-08 GET alert-viewing-window answers every line of the plant; other plants 404', async () => {
      const res = await demo.server.call<Array<{ lineId: string; alertViewingWindowDays: number }>>(
        'GET',
        '/api/notifications/notifications/plants/plant-demo/alert-viewing-window',
        demo.admin,
      )
      expect(res.status).toBe(200)
      expect(res.body).toContainEqual({ lineId: 'line-machining', alertViewingWindowDays: 30 })
      expect(res.body).toHaveLength(4)
      const foreign = await demo.server.call(
        'GET',
        '/api/notifications/notifications/plants/plant-demo/alert-viewing-window',
        demo.other,
      )
      expect(foreign.status).toBe(404)
      const put = await demo.server.call(
        'PUT',
        '/api/notifications/notifications/lines/line-assembly/alert-viewing-window',
        demo.other,
        { alertViewingWindowDays: 5 },
      )
      expect(put.status).toBe(404)
    })

    it('cross-tenant PATCH answers 404 and changes nothing', async () => {
      const res = await patchLine('line-assembly', { friendlyName: 'Taken' }, demo.other)
      expect(res.status).toBe(404)
      expect(res.body.error.message).toBe('Unable to find the line')
      expect((await getLine('line-assembly')).friendlyName).toBe('Final Assembly')
    })

    it('malformed JSON answers 400 and an oversized body 413', async () => {
      for (const path of [
        '/api/lines/line-paint',
        '/api/notifications/notifications/lines/line-paint/alert-viewing-window',
      ]) {
        const method = path.startsWith('/api/lines') ? 'PATCH' : 'PUT'
        const bad = await demo.server.request(method, path, { cookie: demo.admin, raw: '{"active": tru' })
        expect(bad.status).toBe(400)
        expect(((await bad.json()) as ErrorBody).error.message).toBe('Request body is not valid JSON')
        const big = await demo.server.request(method, path, { cookie: demo.admin, raw: HUGE })
        expect(big.status).toBe(413)
      }
    })
  })
})
