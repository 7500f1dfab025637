import { describe, expect, it } from 'vitest'
import type { Signal } from '../../shared/schema/signal'
import type { Limit, SignalLimitEntry } from '../../shared/schema/signal-limit'
import { listDocuments } from '../../sync-server/store/documents'
import { intentPush } from './support/intent-push'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'

type Doc = Record<string, unknown>
type ErrorBody = { error: { code: string; message: string } }

const HUGE = JSON.stringify([{ signalName: 'x'.repeat(1_100_000) }])
const row = (
  uuid: string,
  model: string,
  lsl: string | null,
  lcl: string | null,
  ucl: string | null,
  usl: string | null,
): Limit => ({
  uuid,
  model_number: model,
  lslFormula: lsl,
  lclFormula: lcl,
  uclFormula: ucl,
  uslFormula: usl,
})

describe.each(DATABASE_KINDS)('%s', (kind) => {
  const demo = useDemoServer(kind)

  const path = (lineId: string) => `/api/line-config/spc-signal-limits?line-id=${lineId}`
  const getLimits = async (lineId: string, cookie = demo.admin) =>
    demo.server.call<SignalLimitEntry[] & ErrorBody>('GET', path(lineId), cookie)
  const put = (lineId: string, entries: unknown, cookie = demo.admin) =>
    demo.server.call<SignalLimitEntry[] & ErrorBody>('PUT', path(lineId), cookie, entries)
  const entryOf = async (lineId: string, pred: (e: SignalLimitEntry) => boolean) =>
    (await getLimits(lineId)).body.find(pred)!
  const measurements = async (lineId: string) =>
    (await listDocuments<Signal>(demo.server.services.db, 'cust-demo', 'signals', { fields: { lineId } }))
      .map((d) => d.data)
      .filter((s) => s.entityType === 'MEASUREMENT')
  const expect400 = async (lineId: string, entries: unknown, message: string) => {
    const res = await put(lineId, entries)
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(message)
  }

  it('CAPL-01 GET answers the limit entries of the line with their model rows', async () => {
    const res = await getLimits('line-assembly', demo.operator)
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThan(0)
    expect(res.body.every((e) => e.lineUUID === 'line-assembly')).toBe(true)
    const withModels = res.body.find((e) => e.limits.length > 1)!
    expect(withModels.limits.map((l) => l.model_number)).toContain('*')
    const ids = new Set((await measurements('line-assembly')).map((s) => s.id))
    expect(res.body.every((e) => ids.has(e.signalUUID))).toBe(true)
  })

  it('CAPL-04 PUT saves the entries sent, drops rows without values and answers the saved list', async () => {
    const entry = await entryOf('line-assembly', (e) => e.limits.length > 1 && e.singleSide === null)
    const untouched = await entryOf('line-assembly', (e) => e.signalUUID !== entry.signalUUID)
    const limits = [
      row(entry.limits[0]!.uuid, '*', '1', '2', '8', '9'),
      row('new-empty-row', 'MX-EMPTY', null, '  ', null, ''),
      ...entry.limits.slice(1),
    ]
    const res = await put('line-assembly', [{ ...entry, limits }], demo.operator)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([{ ...entry, limits: [limits[0], ...entry.limits.slice(1)] }])
    const after = await getLimits('line-assembly')
    expect(after.body.find((e) => e.signalUUID === entry.signalUUID)).toEqual(res.body[0])
    // Entries not sent keep their limits.
    expect(after.body.find((e) => e.signalUUID === untouched.signalUUID)).toEqual(untouched)
    expect((await put('line-assembly', [entry])).status).toBe(200)
  })

  it('CAPL-02 cell rules answer 400 with the cell message; nothing of the request is saved', async () => {
    const [a, b] = (await getLimits('line-paint')).body.filter((e) => e.singleSide === null)
    const uuid = a!.limits[0]!.uuid
    const cases: Array<[Limit, string]> = [
      [row(uuid, '*', 'abc', null, null, null), 'LSL must be a number'],
      [row(uuid, '*', null, null, '1,5', null), 'UCL must be a number'],
      [row(uuid, '*', '10', null, null, '5'), 'LSL must be < USL'],
      [row(uuid, '*', null, '7', '3', null), 'LCL must be < UCL'],
    ]
    for (const [limit, message] of cases) {
      const changedB = { ...b!, limits: [row(b!.limits[0]!.uuid, '*', '0', '1', '2', '3')] }
      await expect400('line-paint', [changedB, { ...a!, limits: [limit] }], message)
    }
    await expect400(
      'line-paint',
      [{ ...a!, limits: [row('r1', '*', '1', null, null, '2'), row('r2', '*', '3', null, null, '4')] }],
      'Model number must be unique',
    )
    expect((await getLimits('line-paint')).body.filter((e) => e.singleSide === null).slice(0, 2)).toEqual([
      a,
      b,
    ])
  })

  it('CAPL-03 single sided: a locked cell cannot get a value; values it held before are kept', async () => {
    const entry = await entryOf('line-machining', (e) => e.singleSide === null && e.limits.length === 1)
    const id = entry.signalUUID
    expect(
      (await demo.server.call('PATCH', '/api/signals', demo.admin, [{ id, singleSide: 'LOWER' }])).status,
    ).toBe(200)
    const [stored] = entry.limits
    // LOWER locks LSL and LCL.
    await expect400(
      'line-machining',
      [{ ...entry, limits: [stored, row('new-row', 'MX-1', '1', null, '5', '6')] }],
      'LSL must be empty: the signal is Single Sided',
    )
    await expect400(
      'line-machining',
      [{ ...entry, limits: [{ ...stored!, lclFormula: '-1' }] }],
      'LCL must be empty: the signal is Single Sided',
    )
    const ok = await put('line-machining', [
      { ...entry, limits: [{ ...stored!, uclFormula: '70' }, row('new-row', 'MX-1', null, null, '5', '6')] },
    ])
    expect(ok.status).toBe(200)
    expect(ok.body[0]).toMatchObject({ singleSide: 'LOWER' })
    expect(ok.body[0]!.limits).toEqual([
      { ...stored!, uclFormula: '70' },
      row('new-row', 'MX-1', null, null, '5', '6'),
    ])
    await demo.server.call('PATCH', '/api/signals', demo.admin, [{ id, singleSide: null }])
    expect((await put('line-machining', [entry])).body[0]).toEqual(entry)
  })

  it('CAPL-04 a new entry takes line, station, name and side from its signal; the signal must be in the line', async () => {
    const limited = new Set((await getLimits('line-assembly')).body.map((e) => e.signalUUID))
    const signal = (await measurements('line-assembly')).find((s) => !limited.has(s.id))!
    const res = await put('line-assembly', [
      {
        lineUUID: 'line-assembly',
        station: 'Wrong',
        signalUUID: signal.id,
        signalName: 'Wrong',
        singleSide: 'UPPER',
        limits: [row('fresh', '*', '1', '2', '3', '4')],
      },
    ])
    expect(res.status).toBe(200)
    expect(res.body[0]).toEqual({
      lineUUID: 'line-assembly',
      station: signal.stationName,
      signalUUID: signal.id,
      signalName: signal.name,
      singleSide: signal.singleSide,
      limits: [row('fresh', '*', '1', '2', '3', '4')],
    })
    const paint = (await measurements('line-paint'))[0]!
    const foreignLine = { ...res.body[0]!, signalUUID: paint.id }
    await expect400('line-assembly', [foreignLine], 'Signal not found')
    await expect400('line-assembly', [{ ...res.body[0]!, signalUUID: 'nope' }], 'Signal not found')
    await expect400('line-assembly', [{ ...res.body[0]!, lineUUID: 'line-paint' }], 'Signal not found')
  })

  it('errors: unknown line 404, other tenant 404, 401, malformed JSON 400, 413', async () => {
    for (const p of [path('nope'), '/api/line-config/spc-signal-limits']) {
      const res = await demo.server.call<ErrorBody>('GET', p, demo.admin)
      expect(res.status).toBe(404)
      expect(res.body.error.message).toBe('Unable to find the line')
    }
    const entry = await entryOf('line-assembly', () => true)
    expect((await getLimits('line-assembly', demo.other)).status).toBe(404)
    expect((await put('line-assembly', [entry], demo.other)).status).toBe(404)
    expect((await put('line-other', [entry])).status).toBe(404)
    expect((await demo.server.call('GET', path('line-assembly'))).status).toBe(401)
    expect((await demo.server.call('PUT', path('line-assembly'), undefined, [])).status).toBe(401)
    const bad = await demo.server.request('PUT', path('line-assembly'), {
      cookie: demo.admin,
      raw: '[{"lineUUID":',
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as ErrorBody).error.message).toBe('Request body is not valid JSON')
    expect(
      (await demo.server.request('PUT', path('line-assembly'), { cookie: demo.admin, raw: HUGE })).status,
    ).toBe(413)
  })

  describe('replication of signal limits: Save Changes is one saveSignalLimits intent', () => {
    const pull = async () =>
      (
        await demo.server.call<{ documents: Doc[] }>('POST', '/sync/signalLimits/pull', demo.admin, {
          checkpoint: null,
          batchSize: 1000,
        })
      ).body.documents
    const pushIntent = intentPush(demo)
    const entryOfDoc = (d: Doc) => {
      const { revision: _r, updatedAt: _u, _deleted: _d, ...entry } = d
      return entry as unknown as SignalLimitEntry
    }

    it('CAPL-02 a valid pushed save is applied; a pushed cell violation is rejected with its message', async () => {
      const master = entryOfDoc(
        (await pull()).find((d) => d.lineUUID === 'line-paint' && d.singleSide === null)!,
      )
      const limits = [row('pushed', '*', '0', '1', '2', '3')]
      const ok = await pushIntent('saveSignalLimits', {
        lineId: 'line-paint',
        entries: [{ ...master, limits }],
      })
      expect(ok.status).toBe('applied')
      expect((await entryOf('line-paint', (e) => e.signalUUID === master.signalUUID)).limits).toEqual(limits)

      const bad = await pushIntent('saveSignalLimits', {
        lineId: 'line-paint',
        entries: [{ ...master, limits: [row('x', '*', '5', null, null, '1')] }],
      })
      expect(bad).toMatchObject({
        status: 'rejected',
        rejection: { code: 'VALIDATION', status: 400, message: 'LSL must be < USL' },
      })
      expect((await entryOf('line-paint', (e) => e.signalUUID === master.signalUUID)).limits).toEqual(limits)
    })

    it('a pushed save without rows removes the entry; one for an unknown signal is rejected', async () => {
      const master = entryOfDoc((await pull()).find((d) => d.lineUUID === 'line-packaging')!)
      const deleted = await pushIntent('saveSignalLimits', {
        lineId: 'line-packaging',
        entries: [{ ...master, limits: [] }],
      })
      expect(deleted.status).toBe('applied')
      expect((await getLimits('line-packaging')).body.map((e) => e.signalUUID)).not.toContain(
        master.signalUUID,
      )

      const foreign = await pushIntent('saveSignalLimits', {
        lineId: 'line-packaging',
        entries: [{ ...master, signalUUID: 'line-other-st-1-m1' }],
      })
      expect(foreign).toMatchObject({
        status: 'rejected',
        rejection: { code: 'VALIDATION', status: 400, message: 'Signal not found' },
      })
      // The document push is gone: a device must update (426).
      const pushed = await demo.server.call('POST', '/sync/signalLimits/push', demo.admin, [])
      expect(pushed.status).toBe(426)
    })
  })
})
