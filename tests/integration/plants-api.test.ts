import { describe, expect, test } from 'vitest'
import type { DataSource } from '../../shared/schema/data-source'
import type { Plant } from '../../shared/schema/plant'
import { getDocument } from '../../sync-server/store/documents'
import { AUTHORS, action, pushIntents, rejectionOf } from './support/intent-push'
import { DATABASE_KINDS, useDemoServer, writeDemoDocument } from './support/test-server'

type ErrorBody = { error: { code: string; message: string } }
type Doc = Record<string, unknown> & { revision: number; _deleted: boolean }
type Rejected = Doc & { _rejection?: { code: string; status: number; message: string } }

describe.each(DATABASE_KINDS)('plant and data-source API on %s', (kind) => {
  const demo = useDemoServer(kind)

  const pull = (cookie: string, collection: string) =>
    demo.server.call<{ documents: Doc[] }>('POST', `/sync/${collection}/pull`, cookie, {
      checkpoint: null,
      batchSize: 1000,
    })
  const push = (cookie: string, collection: string, rows: unknown) =>
    demo.server.call<Rejected[]>('POST', `/sync/${collection}/push`, cookie, rows)

  /** Puts a data source back as seeded (the API cannot create one). */
  const restoreSource = async (id: string) => {
    const db = demo.server.services.db
    const stored = await getDocument<DataSource>(db, 'cust-demo', 'dataSources', id)
    await writeDemoDocument(db, 'dataSources', id, stored!.data)
  }

  test('DS-01 GET /api/plants/{plantId}/ingestor answers the plant ingestor id, to users and administrators', async () => {
    for (const cookie of [demo.admin, demo.operator]) {
      expect(await demo.server.call('GET', '/api/plants/plant-demo/ingestor', cookie)).toEqual({
        status: 200,
        body: { id: 'ingestor-demo' },
      })
    }
    expect((await demo.server.call('GET', '/api/plants/plant-other/ingestor', demo.other)).body).toEqual({
      id: 'ingestor-other',
    })
  })

  test("DS-01 ingestor: another tenant's plant answers 404, no session 401", async () => {
    const cross = await demo.server.call<ErrorBody>('GET', '/api/plants/plant-demo/ingestor', demo.other)
    expect(cross).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } })
    expect((await demo.server.call('GET', '/api/plants/plant-other/ingestor', demo.admin)).status).toBe(404)
    expect((await demo.server.call('GET', '/api/plants/no-such-plant/ingestor', demo.admin)).status).toBe(404)
    const none = await demo.server.call<ErrorBody>('GET', '/api/plants/plant-demo/ingestor')
    expect(none.status).toBe(401)
    expect(none.body.error.message).toBe('Unauthorized')
  })

  test('DS-01 GET /api/plants/{plantId}/data-sources lists the plant sources sorted by name', async () => {
    const res = await demo.server.call<DataSource[]>('GET', '/api/plants/plant-demo/data-sources', demo.admin)
    expect(res.status).toBe(200)
    const names = res.body.map((s) => s.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect(names).toEqual(expect.arrayContaining(['Line PLC gateway', 'Vision system']))
    expect(res.body.find((s) => s.id === 'source-plc')).toEqual({
      id: 'source-plc',
      name: 'Line PLC gateway',
      createdAt: '2026-01-15T14:00:00.000Z',
      topic: 'plant-demo.plc.v1',
      ingestorId: 'ingestor-demo',
    })
    // Only the caller's plant: the other customer's source is not there.
    expect(res.body.some((s) => s.id === 'source-other')).toBe(false)
  })

  test("DS-01 SHELL-04 data sources: a user gets 403 'Forbidden resource', another tenant 404, no session 401", async () => {
    const user = await demo.server.call<ErrorBody>(
      'GET',
      '/api/plants/plant-demo/data-sources',
      demo.operator,
    )
    expect(user).toEqual({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Forbidden resource' } },
    })
    const cross = await demo.server.call<ErrorBody>('GET', '/api/plants/plant-demo/data-sources', demo.other)
    expect(cross.status).toBe(404)
    expect(cross.body.error.message).toBe('Not found')
    expect((await demo.server.call('GET', '/api/plants/plant-demo/data-sources')).status).toBe(401)
  })

  test("DS-03 DELETE /api/data-sources/{id} deletes the source (204), then answers 404 'Data source not found'", async () => {
    try {
      const res = await demo.server.request('DELETE', '/api/data-sources/source-mes', { cookie: demo.admin })
      expect(res.status).toBe(204)
      const list = await demo.server.call<DataSource[]>(
        'GET',
        '/api/plants/plant-demo/data-sources',
        demo.admin,
      )
      expect(list.body.map((s) => s.id)).not.toContain('source-mes')
      const again = await demo.server.call<ErrorBody>('DELETE', '/api/data-sources/source-mes', demo.admin)
      expect(again).toEqual({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Data source not found' } },
      })
    } finally {
      await restoreSource('source-mes')
    }
  })

  test('DS-03 delete: unknown id 404, a user 403, another tenant 404 (and the source stays), no session 401', async () => {
    expect((await demo.server.call('DELETE', '/api/data-sources/no-such-source', demo.admin)).status).toBe(
      404,
    )
    const user = await demo.server.call<ErrorBody>('DELETE', '/api/data-sources/source-plc', demo.operator)
    expect(user.status).toBe(403)
    expect(user.body.error.message).toBe('Forbidden resource')
    const cross = await demo.server.call<ErrorBody>('DELETE', '/api/data-sources/source-plc', demo.other)
    expect(cross.status).toBe(404)
    expect((await demo.server.call('DELETE', '/api/data-sources/source-other', demo.admin)).status).toBe(404)
    expect((await demo.server.call('DELETE', '/api/data-sources/source-plc')).status).toBe(401)
    const stored = await getDocument(demo.server.services.db, 'cust-demo', 'dataSources', 'source-plc')
    expect(stored?.deleted).toBe(false)
  })

  test('SHELL-03 the session plant replicates with its feature flags, to users too, and only that plant', async () => {
    for (const cookie of [demo.admin, demo.operator]) {
      const res = await pull(cookie, 'plants')
      expect(res.status).toBe(200)
      expect(res.body.documents.map((d) => d.id)).toEqual(['plant-demo'])
      const plant = res.body.documents[0] as unknown as Plant
      expect(plant.timeZone).toBe('America/Chicago')
      expect(plant.featureFlags.userDeletion).toBe(true)
      expect(plant.ingestorId).toBe('ingestor-demo')
    }
    expect((await pull(demo.other, 'plants')).body.documents.map((d) => d.id)).toEqual(['plant-other'])
  })

  test('SHELL-03 plants are read-only: the document push answers 426 and no intent writes a plant', async () => {
    const master = (await pull(demo.admin, 'plants')).body.documents[0]!
    const res = await push(demo.admin, 'plants', [
      {
        assumedMasterState: master,
        newDocumentState: { ...master, name: 'Renamed', etqCustomerOverride: true },
      },
    ])
    expect(res.status).toBe(426)
    const named = await pushIntents(demo.server, demo.admin, [
      action('updatePlant', { plantId: 'plant-demo', name: 'Renamed' }, AUTHORS.admin),
    ])
    // No such action: the server says so as it would of one an older app version made.
    expect(named.results.map(rejectionOf)).toEqual([
      {
        code: 'VALIDATION',
        status: 400,
        message:
          'This change was made by an older version of the app and cannot be applied: the action "updatePlant" no longer exists.',
      },
    ])
    const stored = await getDocument<Plant>(demo.server.services.db, 'cust-demo', 'plants', 'plant-demo')
    expect(stored?.data.name).toBe('Demo Plant')
    expect(stored?.data.etqCustomerOverride).toBe(master.etqCustomerOverride)
  })

  test('DS-03 data sources replicate to administrators, who may push a delete but not a create or an edit', async () => {
    const docs = (await pull(demo.admin, 'dataSources')).body.documents
    const vision = docs.find((d) => d.id === 'source-vision')!
    try {
      // Documents are no longer pushed, and no intent creates or edits a source (the ingestor does).
      const edit = await push(demo.admin, 'dataSources', [
        { assumedMasterState: vision, newDocumentState: { ...vision, name: 'Renamed' } },
      ])
      expect(edit.status).toBe(426)
      const named = await pushIntents(demo.server, demo.admin, [
        action('updateDataSource', { dataSourceId: 'source-vision', name: 'Renamed' }, AUTHORS.admin),
      ])
      expect(named.results.map(rejectionOf)).toEqual([
        {
          code: 'VALIDATION',
          status: 400,
          message:
            'This change was made by an older version of the app and cannot be applied: the action "updateDataSource" no longer exists.',
        },
      ])
      expect(
        (await getDocument<DataSource>(demo.server.services.db, 'cust-demo', 'dataSources', 'source-vision'))
          ?.data.name,
      ).toBe(vision.name)

      const del = await pushIntents(demo.server, demo.admin, [
        action('deleteDataSource', { dataSourceId: 'source-vision' }, AUTHORS.admin),
        action('deleteDataSource', { dataSourceId: 'source-vision' }, AUTHORS.admin),
      ])
      expect(del.results.map((r) => r.status)).toEqual(['applied', 'rejected'])
      expect(rejectionOf(del.results[1])).toEqual({
        code: 'NOT_FOUND',
        status: 404,
        message: 'Data source not found',
      })
      const after = (await pull(demo.admin, 'dataSources')).body.documents.find(
        (d) => d.id === 'source-vision',
      )
      expect(after?._deleted).toBe(true)
    } finally {
      await restoreSource('source-vision')
    }
  })

  test("SHELL-04 data sources do not replicate to users: pull answers 403 and their delete intent is refused 403 'Forbidden resource'", async () => {
    const res = await demo.server.call<ErrorBody>('POST', '/sync/dataSources/pull', demo.operator, {
      checkpoint: null,
      batchSize: 10,
    })
    expect(res).toEqual({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Forbidden resource' } },
    })
    const pushed = await push(demo.operator, 'dataSources', [
      { assumedMasterState: null, newDocumentState: { id: 'source-plc', _deleted: true } },
    ])
    expect(pushed.status).toBe(426)
    const named = await pushIntents(demo.server, demo.operator, [
      action('deleteDataSource', { dataSourceId: 'source-plc' }, AUTHORS.operator),
    ])
    expect(named.results.map(rejectionOf)).toEqual([
      { code: 'FORBIDDEN', status: 403, message: 'Forbidden resource' },
    ])
    const stored = await getDocument(demo.server.services.db, 'cust-demo', 'dataSources', 'source-plc')
    expect(stored?.deleted).toBe(false)
  })
})
