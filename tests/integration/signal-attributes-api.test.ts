import { describe, expect, it } from 'vitest'
import type { Signal } from '../../shared/schema/signal'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'
import { HUGE, signalHelpers, type ErrorBody } from './support/signal-fixtures'

describe.each(DATABASE_KINDS)('%s', (kind) => {
  const demo = useDemoServer(kind)
  const { signal, first, attributeUpdate } = signalHelpers(demo)

  describe('SM-05/06/09 PATCH /api/signal-attribute-update', () => {
    it('SM-06 friendly name: saved without trailing spaces; a leading space answers No leading spaces allowed.', async () => {
      const m = await first('line-assembly', (s) => s.entityType === 'MEASUREMENT')
      const res = await attributeUpdate('line-assembly', [
        {
          signal_uuid: m.id,
          signal_attributes: {
            signal_friendly_name: 'Clamp torque  ',
            quality_characteristic: 'High impact',
            signal_active: false,
          },
        },
      ])
      expect(res.status).toBe(200)
      expect(res.body).toEqual([
        { ...m, friendlyName: 'Clamp torque', qualityCharacteristic: 'High impact', isSignalActive: false },
      ])
      const bad = await attributeUpdate('line-assembly', [
        { signal_uuid: m.id, signal_attributes: { signal_friendly_name: ' Clamp' } },
      ])
      expect(bad.status).toBe(400)
      expect(bad.body.error.message).toBe('No leading spaces allowed.')
      await attributeUpdate('line-assembly', [
        {
          signal_uuid: m.id,
          signal_attributes: {
            signal_friendly_name: m.friendlyName,
            quality_characteristic: m.qualityCharacteristic,
            signal_active: true,
          },
        },
      ])
      expect(await signal(m.id)).toEqual(m)
    })

    it('SM-12 the request must name the callers customer, plant and line; signals must be of that line', async () => {
      const m = await first('line-assembly', (s) => s.entityType === 'MEASUREMENT')
      const body = (req: object, id = m.id) => ({
        signalRequest: {
          customer_uuid: 'cust-demo',
          plant_uuid: 'plant-demo',
          line_uuid: 'line-assembly',
          ...req,
        },
        signals: [{ signal_uuid: id, signal_attributes: { signal_active: false } }],
      })
      const wrongCustomer = await demo.server.call(
        'PATCH',
        '/api/signal-attribute-update',
        demo.admin,
        body({ customer_uuid: 'cust-other' }),
      )
      expect(wrongCustomer.status).toBe(404)
      const wrongLine = await demo.server.call<ErrorBody>(
        'PATCH',
        '/api/signal-attribute-update',
        demo.admin,
        body({ line_uuid: 'nope' }),
      )
      expect(wrongLine.body.error.message).toBe('Unable to find the line')
      const paint = await first('line-paint', (s) => s.entityType === 'MEASUREMENT')
      const otherLine = await demo.server.call<ErrorBody>(
        'PATCH',
        '/api/signal-attribute-update',
        demo.admin,
        body({}, paint.id),
      )
      expect(otherLine.status).toBe(404)
      expect(otherLine.body.error.message).toBe('Signal not found')
      const foreign = await demo.server.call(
        'PATCH',
        '/api/signal-attribute-update',
        demo.other,
        body({
          customer_uuid: 'cust-other',
          plant_uuid: 'plant-other',
          line_uuid: 'line-other',
        }),
      )
      expect(foreign.status).toBe(404)
      expect((await signal(m.id)).isSignalActive).toBe(true)
      expect(
        (await demo.server.call('PATCH', '/api/signal-attribute-update', undefined, body({}))).status,
      ).toBe(401)
      const bad = await demo.server.request('PATCH', '/api/signal-attribute-update', {
        cookie: demo.admin,
        raw: '[',
      })
      expect(bad.status).toBe(400)
      const big = await demo.server.request('PATCH', '/api/signal-attribute-update', {
        cookie: demo.admin,
        raw: HUGE,
      })
      expect(big.status).toBe(413)
    })
  })

  describe('SM-08 distribution PATCH /api/signals', () => {
    it('SM-08 sets and clears single side on measurements; other entity types answer 400', async () => {
      const m = await first(
        'line-assembly',
        (s) => s.entityType === 'MEASUREMENT' && s.singleSide === null && s.lowerLimit === null,
      )
      const res = await demo.server.call<Signal[]>('PATCH', '/api/signals', demo.operator, [
        { id: m.id, singleSide: 'UPPER' },
      ])
      expect(res.status).toBe(200)
      expect(res.body[0]).toMatchObject({ id: m.id, singleSide: 'UPPER' })
      expect(
        (await demo.server.call('PATCH', '/api/signals', demo.admin, [{ id: m.id, singleSide: null }]))
          .status,
      ).toBe(200)
      expect((await signal(m.id)).singleSide).toBeNull()

      const part = await first('line-assembly', (s) => s.entityType === 'PART_ATTRIBUTE')
      const bad = await demo.server.call<ErrorBody>('PATCH', '/api/signals', demo.admin, [
        { id: m.id, singleSide: 'LOWER' },
        { id: part.id, singleSide: 'LOWER' },
      ])
      expect(bad.status).toBe(400)
      expect(bad.body.error.message).toBe('Distribution (single sided) can only be set for measurements')
      // All or nothing: the valid row was not applied either.
      expect((await signal(m.id)).singleSide).toBeNull()
      const side = await demo.server.call<ErrorBody>('PATCH', '/api/signals', demo.admin, [
        { id: m.id, singleSide: 'LEFT' },
      ])
      expect(side.status).toBe(400)
    })

    it('SM-08 unknown and other tenants signals 404; 401; malformed JSON; 413', async () => {
      const m = await first('line-assembly', (s) => s.entityType === 'MEASUREMENT')
      for (const [id, cookie] of [
        ['nope', demo.admin],
        [m.id, demo.other],
      ] as const) {
        const res = await demo.server.call<ErrorBody>('PATCH', '/api/signals', cookie, [
          { id, singleSide: 'LOWER' },
        ])
        expect(res.status).toBe(404)
        expect(res.body.error.message).toBe('Signal not found')
      }
      expect((await demo.server.call('PATCH', '/api/signals', undefined, [])).status).toBe(401)
      expect(
        (await demo.server.request('PATCH', '/api/signals', { cookie: demo.admin, raw: '[{' })).status,
      ).toBe(400)
      expect(
        (await demo.server.request('PATCH', '/api/signals', { cookie: demo.admin, raw: HUGE })).status,
      ).toBe(413)
    })
  })
})
