import { describe, expect, it } from 'vitest'
import type { Signal } from '../../shared/schema/signal'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'
import { HUGE, signalHelpers, type ErrorBody } from './support/signal-fixtures'

const grouped = (pass: string[], fail: string[], other: string[] = []) => ({
  pass: pass.map((value) => ({ value, failureMode: null })),
  fail: fail.map((value) => ({ value, failureMode: 'Broken' })),
  other: other.map((value) => ({ value, failureMode: null })),
})

describe.each(DATABASE_KINDS)('%s', (kind) => {
  const demo = useDemoServer(kind)
  const { signalsOf, signal, first } = signalHelpers(demo)

  describe('SM-11 PATCH /api/signal/result-classifications', () => {
    it('SM-11 saves the grouped wire form as the flat canonical list', async () => {
      const r = await first('line-assembly', (s) => s.entityType === 'RESULT')
      const res = await demo.server.call<Signal[]>(
        'PATCH',
        '/api/signal/result-classifications',
        demo.admin,
        {
          [r.id]: { resultClassifications: grouped(['OK', 'Good'], ['Crack'], ['Retest']) },
        },
      )
      expect(res.status).toBe(200)
      expect((await signal(r.id)).resultClassifications).toEqual([
        { value: 'OK', result: 'pass', failureMode: null },
        { value: 'Good', result: 'pass', failureMode: null },
        { value: 'Crack', result: 'fail', failureMode: 'Broken' },
        { value: 'Retest', result: 'other', failureMode: null },
      ])
      await demo.server.call('PATCH', '/api/signal/result-classifications', demo.admin, {
        [r.id]: {
          resultClassifications: {
            pass: r.resultClassifications.filter((c) => c.result === 'pass'),
            fail: r.resultClassifications.filter((c) => c.result === 'fail'),
            other: r.resultClassifications.filter((c) => c.result === 'other'),
          },
        },
      })
    })

    it('SM-11 values are required and unique; only result signals have classifications', async () => {
      const r = await first('line-assembly', (s) => s.entityType === 'RESULT')
      const m = await first('line-assembly', (s) => s.entityType === 'MEASUREMENT')
      const cases: Array<[string, object, string]> = [
        [r.id, grouped(['OK'], ['ok ']), 'Value must be unique'],
        [r.id, grouped(['OK', '  '], []), 'Value is required'],
        [m.id, grouped(['OK'], []), 'All selected signals must be of entity type result'],
      ]
      for (const [id, classifications, message] of cases) {
        const res = await demo.server.call<ErrorBody>(
          'PATCH',
          '/api/signal/result-classifications',
          demo.admin,
          {
            [id]: { resultClassifications: classifications },
          },
        )
        expect(res.status).toBe(400)
        expect(res.body.error.message).toBe(message)
      }
      expect((await signal(r.id)).resultClassifications).toEqual(r.resultClassifications)
    })

    it('SM-11 errors: unknown or other tenants signals 404, 401, malformed JSON, 413', async () => {
      const r = await first('line-assembly', (s) => s.entityType === 'RESULT')
      for (const [id, cookie] of [
        ['nope', demo.admin],
        [r.id, demo.other],
      ] as const) {
        const res = await demo.server.call('PATCH', '/api/signal/result-classifications', cookie, {
          [id]: { resultClassifications: grouped(['A'], []) },
        })
        expect(res.status).toBe(404)
      }
      expect(
        (await demo.server.call('PATCH', '/api/signal/result-classifications', undefined, {})).status,
      ).toBe(401)
      expect(
        (
          await demo.server.request('PATCH', '/api/signal/result-classifications', {
            cookie: demo.admin,
            raw: '{,',
          })
        ).status,
      ).toBe(400)
      expect(
        (
          await demo.server.request('PATCH', '/api/signal/result-classifications', {
            cookie: demo.admin,
            raw: HUGE,
          })
        ).status,
      ).toBe(413)
    })
  })

  describe('FLT-08 POST /api/signal/associated-result-classifications', () => {
    it('FLT-08 answers, per signal, the classifications of its associated result signals', async () => {
      const all = await signalsOf('line-assembly')
      const linked = all.find((s) => s.entityType === 'MEASUREMENT' && s.result.length > 0)!
      const unlinked = all.find((s) => s.entityType === 'MEASUREMENT' && s.result.length === 0)!
      const result = all.find((s) => s.id === linked.result[0])!
      const res = await demo.server.call<Record<string, { associatedResultClassifications: unknown[] }>>(
        'POST',
        '/api/signal/associated-result-classifications',
        demo.operator,
        [linked.id, unlinked.id, result.id],
      )
      expect(res.status).toBe(200)
      const expected = result.resultClassifications.map((c) => ({ signalId: result.id, ...c }))
      expect(expected.length).toBeGreaterThan(0)
      expect(res.body).toEqual({
        [linked.id]: { associatedResultClassifications: expected },
        [unlinked.id]: { associatedResultClassifications: [] },
        [result.id]: { associatedResultClassifications: expected },
      })
    })

    it('FLT-08 errors: unknown or other tenants ids 404, 401, bad body, malformed JSON, 413', async () => {
      const m = await first('line-assembly', (s) => s.entityType === 'MEASUREMENT')
      const path = '/api/signal/associated-result-classifications'
      for (const [ids, cookie] of [
        [['nope'], demo.admin],
        [[m.id], demo.other],
      ] as const) {
        const res = await demo.server.call<ErrorBody>('POST', path, cookie, ids)
        expect(res.status).toBe(404)
        expect(res.body.error.message).toBe('Signal not found')
        expect(JSON.stringify(res.body)).not.toContain('OK')
      }
      expect((await demo.server.call('POST', path, undefined, [m.id])).status).toBe(401)
      expect((await demo.server.call('POST', path, demo.admin, { ids: [m.id] })).status).toBe(400)
      expect((await demo.server.request('POST', path, { cookie: demo.admin, raw: '["a"' })).status).toBe(400)
      expect((await demo.server.request('POST', path, { cookie: demo.admin, raw: HUGE })).status).toBe(413)
    })
  })
})
