import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Line } from '../../shared/schema/line'
import { DATABASE_KINDS, DEMO, OTHER_ADMIN, startTestServer, type TestServer } from './support/test-server'
import { readSse } from './support/sse'

type Doc = Record<string, unknown> & { revision: number; updatedAt: string; _deleted: boolean }
type Pull = { documents: Doc[]; checkpoint: { seq: number } | null }

const pull = (
  s: TestServer,
  cookie: string,
  collection: string,
  checkpoint: Pull['checkpoint'] = null,
  batchSize = 1000,
) => s.call<Pull>('POST', `/sync/${collection}/pull`, cookie, { checkpoint, batchSize })

const push = (
  s: TestServer,
  cookie: string,
  collection: string,
  rows: ReadonlyArray<{ assumedMasterState: Doc | null; newDocumentState: Record<string, unknown> }>,
) =>
  s.call<Array<Doc & { _rejection?: { code: string; status: number; message: string } }>>(
    'POST',
    `/sync/${collection}/push`,
    cookie,
    rows,
  )

async function pullAll(s: TestServer, cookie: string, collection: string, batchSize = 1000) {
  const docs: Doc[] = []
  let checkpoint: Pull['checkpoint'] = null
  let pages = 0
  for (;;) {
    const res = await pull(s, cookie, collection, checkpoint, batchSize)
    expect(res.status).toBe(200)
    pages++
    if (res.body.documents.length === 0) break
    docs.push(...res.body.documents)
    checkpoint = res.body.checkpoint
  }
  return { docs, pages }
}

describe.each(DATABASE_KINDS)('replication on %s', (kind) => {
  let server: TestServer
  let admin: string
  beforeAll(async () => {
    server = await startTestServer(kind, { seed: { signals: 10_000 } })
    admin = await server.signIn()
  })
  afterAll(() => server.close())

  const lineDoc = async (id: string) =>
    (await pullAll(server, admin, 'lines')).docs.find((d) => d.id === id)! as Doc & Line

  test('OFF-03 pull pages through 10,000 signals by checkpoint, in order, without duplicates or gaps', async () => {
    const { docs, pages } = await pullAll(server, admin, 'signals', 1000)
    expect(docs.length).toBeGreaterThanOrEqual(10_000)
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length)
    expect(pages).toBe(Math.ceil(docs.length / 1000) + 1)
    const count = await server.services.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', 'cust-demo')
      .where('collection', '=', 'signals')
      .executeTakeFirstOrThrow()
    expect(docs.length).toBe(Number(count.n))
    for (const d of docs.slice(0, 5)) {
      expect(typeof d.updatedAt).toBe('string')
      expect(d.revision).toBeGreaterThanOrEqual(1)
      expect(d._deleted).toBe(false)
    }
  })

  test('OFF-03 a change made after a checkpoint is in the next pull from that checkpoint, and only it', async () => {
    const first = await pull(server, admin, 'lines')
    const line = first.body.documents.find((d) => d.id === 'line-paint')!
    const res = await push(server, admin, 'lines', [
      { assumedMasterState: line, newDocumentState: { ...line, alertViewingWindowDays: 45 } },
    ])
    expect(res.body).toEqual([])
    const next = await pull(server, admin, 'lines', first.body.checkpoint)
    expect(next.body.documents.map((d) => d.id)).toEqual(['line-paint'])
    expect(next.body.documents[0]!.alertViewingWindowDays).toBe(45)
  })

  test('OFF-05 a push on a stale assumed master answers the current master and changes nothing', async () => {
    const base = await lineDoc('line-machining')
    const ok = await push(server, admin, 'lines', [
      { assumedMasterState: base, newDocumentState: { ...base, ingestionThresholdHours: 12 } },
    ])
    expect(ok.body).toEqual([])
    const stale = await push(server, admin, 'lines', [
      { assumedMasterState: base, newDocumentState: { ...base, ingestionThresholdHours: 99 } },
    ])
    expect(stale.status).toBe(200)
    expect(stale.body).toHaveLength(1)
    expect(stale.body[0]!.ingestionThresholdHours).toBe(12)
    expect(stale.body[0]!._rejection).toBeUndefined()
    expect((await lineDoc('line-machining')).ingestionThresholdHours).toBe(12)
  })

  test("OFF-04 a rejected push answers the unchanged master with the rule's code and exact message", async () => {
    const base = await lineDoc('line-assembly')
    const res = await push(server, admin, 'lines', [
      { assumedMasterState: base, newDocumentState: { ...base, ingestionThresholdHours: 1_000_001 } },
    ])
    expect(res.body).toHaveLength(1)
    expect(res.body[0]!._rejection).toMatchObject({
      code: 'VALIDATION',
      status: 400,
      message: 'Must be less than or equal to 1000000',
    })
    expect(res.body[0]!.ingestionThresholdHours).toBe(base.ingestionThresholdHours)
    expect(res.body[0]!.revision).toBe(base.revision)
  })

  test('OFF-06 a retried push applies once: the retry answers a master equal to the pushed state', async () => {
    const base = await lineDoc('line-paint')
    const row = { assumedMasterState: base, newDocumentState: { ...base, excludedPartIds: ['P-RETRY'] } }
    expect((await push(server, admin, 'lines', [row])).body).toEqual([])
    const retry = await push(server, admin, 'lines', [row])
    expect(retry.body).toHaveLength(1)
    expect(retry.body[0]!.excludedPartIds).toEqual(['P-RETRY'])
    expect(retry.body[0]!.revision).toBe(base.revision + 1)
    expect((await lineDoc('line-paint')).revision).toBe(base.revision + 1)
  })

  test('OFF-03 the live stream sends RESYNC, then changes pushed by another session', async () => {
    const operator = await server.signIn(DEMO.userEmail, DEMO.userPassword)
    const res = await server.request('GET', '/sync/stream', { cookie: operator })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const events = readSse(res)
    try {
      expect(await events.next()).toBe('RESYNC')
      const base = await lineDoc('line-assembly')
      await push(server, admin, 'lines', [
        { assumedMasterState: base, newDocumentState: { ...base, alertViewingWindowDays: 60 } },
      ])
      const event = JSON.parse(await events.next()) as {
        collection: string
        documents: Doc[]
        checkpoint: { seq: number }
      }
      expect(event.collection).toBe('lines')
      expect(event.documents.map((d) => [d.id, d.alertViewingWindowDays])).toEqual([['line-assembly', 60]])
      expect(event.checkpoint.seq).toBeGreaterThan(0)
    } finally {
      await events.close()
    }
  })

  test('SHELL-04 replication needs a session and users never see administrator collections', async () => {
    expect((await pull(server, '', 'lines')).status).toBe(401)
    const operator = await server.signIn(DEMO.userEmail, DEMO.userPassword)
    expect((await pull(server, operator, 'users')).status).toBe(403)
    expect((await pull(server, operator, 'dataSources')).status).toBe(403)
    expect((await pull(server, operator, 'lines')).status).toBe(200)
  })

  test('OFF-06 each tenant pulls only its own documents and cannot push into another tenant', async () => {
    const other = await server.signIn(OTHER_ADMIN.email, OTHER_ADMIN.password)
    const lines = (await pullAll(server, other, 'lines')).docs.map((d) => d.id)
    expect(lines).toEqual(['line-other'])
    const demoLine = await lineDoc('line-assembly')
    // Claiming the other tenant's revision finds no such document in the caller's own tenant.
    const stale = await push(server, other, 'lines', [
      { assumedMasterState: demoLine, newDocumentState: { ...demoLine, alertViewingWindowDays: 5 } },
    ])
    expect(stale.body).toEqual([
      expect.objectContaining({ id: 'line-assembly', _deleted: true, revision: 0 }),
    ])
    // Creating it in the caller's tenant is refused: clients never create lines.
    const insert = await push(server, other, 'lines', [
      { assumedMasterState: null, newDocumentState: { ...demoLine, alertViewingWindowDays: 5 } },
    ])
    expect(insert.body[0]?._rejection).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      message: 'Forbidden resource',
    })
    expect((await lineDoc('line-assembly')).alertViewingWindowDays).not.toBe(5)
  })

  test('bad replication requests answer 400, 404 or 413 and change nothing', async () => {
    expect((await pull(server, admin, 'nope')).status).toBe(404)
    expect(
      (await server.call('POST', '/sync/lines/pull', admin, { checkpoint: null, batchSize: 0 })).status,
    ).toBe(400)
    expect(
      (await server.call('POST', '/sync/lines/pull', admin, { checkpoint: 'x', batchSize: 10 })).status,
    ).toBe(400)
    const malformed = await server.request('POST', '/sync/lines/push', {
      cookie: admin,
      raw: '[{"assumedMasterState":',
    })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as { error: { message: string } }).error.message).toBe(
      'Request body is not valid JSON',
    )
    const huge = await server.request('POST', '/sync/lines/push', {
      cookie: admin,
      raw: JSON.stringify([
        { assumedMasterState: null, newDocumentState: { id: 'x', pad: 'x'.repeat(1_100_000) } },
      ]),
    })
    expect(huge.status).toBe(413)
    expect(
      (
        await server.call('POST', '/sync/lines/push', admin, [
          { assumedMasterState: null, newDocumentState: {} },
        ])
      ).status,
    ).toBe(400)
  })
})

describe('replication across restarts and instances', () => {
  test('OFF-02 a push cut off by a server restart is completed by its retry, each row applied once', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { openDatabase } = await import('../../sync-server/store/database')
    const dataDir = mkdtempSync(join(tmpdir(), 'qm-restart-'))
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir })
      const first = await startTestServer('pglite', { database, keepDatabase: true })
      const cookie = await first.signIn()
      const { docs: signals } = await pullAll(first, cookie, 'signals')
      const rows = signals
        .filter((d) => d.entityType === 'MEASUREMENT')
        .slice(0, 30)
        .map((d) => ({
          assumedMasterState: d,
          newDocumentState: { ...d, qualityCharacteristic: 'High impact' },
        }))
      // Close the database once ten rows are committed: the rest of the push fails mid-way.
      let applied = 0
      first.services.changes.subscribe(() => {
        if (++applied === 10) void database.close()
      })
      const cut = await push(first, cookie, 'signals', rows).catch(() => ({ status: 0 }))
      expect(cut.status).not.toBe(200)
      await first.close()

      const reopened = await openDatabase({ kind: 'pglite', dataDir })
      const second = await startTestServer('pglite', { database: reopened, keepDatabase: true })
      const cookie2 = await second.signIn()
      const retry = await push(second, cookie2, 'signals', rows)
      expect(retry.status).toBe(200)
      // Rows applied before the cut come back as masters equal to what was pushed; none is rejected.
      expect(retry.body.every((d) => d.qualityCharacteristic === 'High impact' && !d._rejection)).toBe(true)
      const after = (await pullAll(second, cookie2, 'signals')).docs
      for (const row of rows) {
        const doc = after.find((d) => d.id === row.assumedMasterState.id)!
        expect(doc.qualityCharacteristic).toBe('High impact')
        expect(doc.revision).toBe(row.assumedMasterState.revision + 1)
      }
      await second.close()
      await reopened.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('OFF-03 on PostgreSQL, a change pushed to one server instance reaches a stream on another (LISTEN/NOTIFY)', async () => {
    const a = await startTestServer('postgres')
    const b = await startTestServer('postgres', { database: a.database, keepDatabase: true })
    try {
      const cookieA = await a.signIn()
      const cookieB = await b.signIn(DEMO.userEmail, DEMO.userPassword)
      const events = readSse(await b.request('GET', '/sync/stream', { cookie: cookieB }))
      expect(await events.next()).toBe('RESYNC')
      const line = (await pullAll(a, cookieA, 'lines')).docs.find((d) => d.id === 'line-paint')!
      await push(a, cookieA, 'lines', [
        { assumedMasterState: line, newDocumentState: { ...line, alertViewingWindowDays: 7 } },
      ])
      const event = JSON.parse(await events.next()) as { documents: Doc[] }
      expect(event.documents.map((d) => [d.id, d.alertViewingWindowDays])).toEqual([['line-paint', 7]])
      await events.close()
    } finally {
      await b.close()
      await a.close()
    }
  })
})
