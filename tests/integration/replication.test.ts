import type { KyselyPlugin } from 'kysely'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Line } from '../../shared/schema/line'
import { COLLECTIONS } from '../../shared/sync/collections'
import { STREAM_HEARTBEAT_MS } from '../../shared/sync/protocol'
import { STREAM_PATH } from '../../client/db/sync/transport'
import { rulesFor } from '../../sync-server/domain/registry'
import { sql } from 'kysely'
import {
  pullDocuments,
  toReplicated,
  writeDocuments,
  writeTransaction,
} from '../../sync-server/store/documents'
import { migrate } from '../../sync-server/store/migrations'
import { Messages } from '../../shared/validation/messages'
import { pushDocuments, pushIntent, pushIntents } from './monitor-fixtures'
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

/** Line Management's settings action (shared/intents/lines.ts), as a device pushes it. */
const settings = (lineId: string, changes: Record<string, unknown>, id?: string) => ({
  ...(id ? { id } : {}),
  name: 'updateLineSettings',
  args: { lineId, changes },
})

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

/** Text JSON must escape: quotes, a backslash, a tab, and characters beyond ASCII. */
const TRICKY = 'Ünï "cödé" \\ tab\t€ 🏭'

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

  /** Each collection's pull beside its stored rows in the replicated form (toReplicated). */
  const expectPullsAsStored = async (collections: ReadonlyArray<(typeof COLLECTIONS)[number]>) => {
    const plantId = (await pullAll(server, admin, 'plants')).docs[0]!.id as string
    for (const collection of collections) {
      const pulled = (await pullAll(server, admin, collection, 700)).docs
      const stored = await pullDocuments(server.services.db, {
        customerId: 'cust-demo',
        collection,
        plantId,
        afterSeq: 0,
        limit: 100_000,
      })
      expect(pulled, collection).toStrictEqual(
        stored.map((d) => toReplicated(d, rulesFor(collection).redact)),
      )
    }
    return plantId
  }

  test('OFF-03 every pulled document is the stored row in its replicated form, in every collection', async () => {
    // A document with text JSON must escape, changed through the one write path.
    const res = await pushIntent(server, admin, settings('line-paint', { excludedPartIds: [TRICKY] }))
    expect(res.status).toBe('applied')
    await expectPullsAsStored(COLLECTIONS)
    const paint = await lineDoc('line-paint')
    expect(paint.excludedPartIds).toEqual([TRICKY])
    expect(paint.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  test('OFF-03 a pull answers a document as last written: a tombstone, a write again, a key other than id', async () => {
    const plantId = (await pullAll(server, admin, 'plants')).docs[0]!.id as string
    const [limit] = (await pullAll(server, admin, 'signalLimits')).docs
    const {
      signalUUID,
      updatedAt: _u,
      revision,
      _deleted: _d,
      ...data
    } = limit as Doc & { signalUUID: string }
    const write = (changes: Record<string, unknown>, deleted: boolean) =>
      writeTransaction(server.services.db, 'cust-demo', (tx) =>
        writeDocuments(tx, [
          {
            customerId: 'cust-demo',
            collection: 'signalLimits',
            id: signalUUID,
            plantId,
            data: { ...data, ...changes },
            deleted,
          },
        ]),
      )
    await write({}, true)
    let pulled = (await pullAll(server, admin, 'signalLimits')).docs.find((d) => d.signalUUID === signalUUID)!
    expect(pulled).toMatchObject({ _deleted: true, revision: revision + 1 })
    await write({ signalName: 'Renamed signal' }, false)
    pulled = (await pullAll(server, admin, 'signalLimits')).docs.find((d) => d.signalUUID === signalUUID)!
    expect(pulled).toMatchObject({ _deleted: false, revision: revision + 2, signalName: 'Renamed signal' })
    await expectPullsAsStored(['signalLimits'])
  })

  test('OFF-03 documents stored before pulls kept their JSON are answered alike once the server upgrades', async () => {
    const db = server.services.db
    // The database as migration 6 left it: no rendered JSON, no trigger.
    await sql`drop trigger documents_replicated_json on documents`.execute(db)
    await sql`drop function documents_replicated_json()`.execute(db)
    await sql`alter table documents drop column json`.execute(db)
    await sql`delete from schema_migrations where version = 7`.execute(db)
    await migrate(db)
    await expectPullsAsStored(COLLECTIONS)
    const res = await pushIntent(server, admin, settings('line-paint', { alertViewingWindowDays: 31 }))
    expect(res.status).toBe('applied')
    expect((await lineDoc('line-paint')).alertViewingWindowDays).toBe(31)
  })

  test('OFF-03 a change made after a checkpoint is in the next pull from that checkpoint, and only it', async () => {
    const first = await pull(server, admin, 'lines')
    const line = first.body.documents.find((d) => d.id === 'line-paint')!
    const res = await pushIntent(server, admin, settings(line.id as string, { alertViewingWindowDays: 45 }))
    expect(res.status).toBe('applied')
    const next = await pull(server, admin, 'lines', first.body.checkpoint)
    expect(next.body.documents.map((d) => d.id)).toEqual(['line-paint'])
    expect(next.body.documents[0]!.alertViewingWindowDays).toBe(45)
  })

  test('OFF-03 a pull compressed as a browser asks (brotli, or gzip) unpacks to the very page sent uncompressed', async () => {
    const res = await pushIntent(server, admin, settings('line-paint', { excludedPartIds: [TRICKY] }))
    expect(res.status).toBe('applied')
    const page = async (acceptEncoding: string | undefined) => {
      const answer = await server.request('POST', '/sync/lines/pull', {
        cookie: admin,
        body: { checkpoint: null, batchSize: 1000 },
        ...(acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {}),
      })
      expect(answer.status).toBe(200)
      const bytes = Buffer.from(await answer.arrayBuffer())
      const coding = answer.headers.get('content-encoding')
      const text = (
        coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes
      ).toString('utf8')
      return { coding, text }
    }
    const plain = await page(undefined)
    expect(plain.coding).toBeNull()
    expect(plain.text).toContain(JSON.stringify(TRICKY).slice(1, -1))
    const browser = await page('gzip, deflate, br, zstd')
    expect(browser.coding).toBe('br')
    expect(browser.text).toBe(plain.text)
    const gzip = await page('gzip')
    expect(gzip.coding).toBe('gzip')
    expect(gzip.text).toBe(plain.text)
    expect((JSON.parse(gzip.text) as Pull).documents.some((d) => d.id === 'line-paint')).toBe(true)
  })

  test("OFF-08 a first sync can pull one line's signals ahead of the rest, paged by its own checkpoint", async () => {
    const all = (await pullAll(server, admin, 'signals')).docs
    const lineId = 'line-assembly'
    const expected = all.filter((d) => d.lineId === lineId).map((d) => d.id)
    expect(expected.length).toBeGreaterThan(10)
    const got: unknown[] = []
    let checkpoint: Pull['checkpoint'] = null
    for (;;) {
      const res: { status: number; body: Pull } = await server.call<Pull>(
        'POST',
        '/sync/signals/pull',
        admin,
        {
          checkpoint,
          batchSize: 500,
          lineId,
        },
      )
      expect(res.status).toBe(200)
      got.push(...res.body.documents.map((d) => d.id))
      for (const d of res.body.documents) expect(d.lineId).toBe(lineId)
      if (res.body.documents.length < 500) break
      checkpoint = res.body.checkpoint
    }
    expect(got).toEqual(expected)
    // Another tenant naming this line gets none of its signals.
    const other = await server.signIn(OTHER_ADMIN.email, OTHER_ADMIN.password)
    const foreign = await server.call<Pull>('POST', '/sync/signals/pull', other, {
      checkpoint: null,
      batchSize: 500,
      lineId,
    })
    expect(foreign.body.documents).toEqual([])
    // Collections whose documents belong to no line cannot be pulled by line.
    const plants = await server.call<{ error: { message: string } }>('POST', '/sync/plants/pull', admin, {
      checkpoint: null,
      batchSize: 10,
      lineId,
    })
    expect(plants.status).toBe(400)
    expect(plants.body.error.message).toBe(Messages.sync.notLineScoped)
  })

  test('OFF-05 an intent whose base value is stale comes back conflict and changes nothing', async () => {
    const base = await lineDoc('line-machining')
    const seen = [
      {
        collection: 'lines',
        id: 'line-machining',
        field: 'ingestionThresholdHours',
        value: base.ingestionThresholdHours,
      },
    ]
    const ok = await pushIntent(server, admin, {
      ...settings('line-machining', { ingestionThresholdHours: 12 }),
      base: seen,
    })
    expect(ok.status).toBe('applied')
    // A second device edited the same field having seen the value from before the first change.
    const stale = await pushIntent(server, admin, {
      ...settings('line-machining', { ingestionThresholdHours: 99, alertViewingWindowDays: 3 }),
      base: seen,
    })
    expect(stale).toMatchObject({
      status: 'conflict',
      rejection: { code: 'CONFLICT', status: 409, message: Messages.server.conflict },
      conflicts: [
        expect.objectContaining({
          collection: 'lines',
          id: 'line-machining',
          field: 'ingestionThresholdHours',
          serverValue: 12,
        }),
      ],
    })
    // The whole action is held back: its other field is not applied either.
    const after = await lineDoc('line-machining')
    expect(after.ingestionThresholdHours).toBe(12)
    expect(after.alertViewingWindowDays).toBe(base.alertViewingWindowDays)
    expect(after.revision).toBe(base.revision + 1)
  })

  test("OFF-04 a rejected intent answers the rule's code and exact message and changes nothing", async () => {
    const base = await lineDoc('line-assembly')
    const res = await pushIntent(
      server,
      admin,
      settings('line-assembly', { ingestionThresholdHours: 1_000_001 }),
    )
    expect(res).toMatchObject({
      status: 'rejected',
      rejection: { code: 'VALIDATION', status: 400, message: 'Must be less than or equal to 1000000' },
    })
    const after = await lineDoc('line-assembly')
    expect(after.ingestionThresholdHours).toBe(base.ingestionThresholdHours)
    expect(after.revision).toBe(base.revision)
  })

  test('OFF-06 an intent pushed twice with the same id is applied once; the retry gets the same answer', async () => {
    const base = await lineDoc('line-paint')
    const intent = settings('line-paint', { excludedPartIds: ['P-RETRY'] }, crypto.randomUUID())
    const first = await pushIntent(server, admin, intent)
    expect(first.status).toBe('applied')
    expect(first).not.toHaveProperty('fromLog')
    // The same answer, saying it comes from the log (its documents are the current ones).
    const fromLog = { ...first, fromLog: true }
    const retry = await pushIntent(server, admin, intent)
    expect(retry).toEqual(fromLog)
    // Twice in one push too: still one change.
    const both = await pushIntents(server, admin, [intent, intent])
    expect(both.body.results).toEqual([fromLog, fromLog])
    const after = await lineDoc('line-paint')
    expect(after.excludedPartIds).toEqual(['P-RETRY'])
    expect(after.revision).toBe(base.revision + 1)
  })

  test('OFF-06 a refused intent keeps its verdict: retried after the world changed, it is refused alike', async () => {
    // Machining feeds Assembly; Assembly made to feed Machining closes a loop (409).
    const intent = settings('line-machining', { feederLineIds: ['line-assembly'] }, crypto.randomUUID())
    const first = await pushIntent(server, admin, intent)
    expect(first).toMatchObject({ status: 'rejected', rejection: { code: 'CIRCULAR_FEEDER', status: 409 } })
    // Another client removes the loop meanwhile; the retry of the same action is still the refusal
    // the device may already have shown, never a late application behind the user's back.
    expect(
      (await server.call('PATCH', '/api/lines/line-assembly', admin, { feederLineIds: [] })).status,
    ).toBe(200)
    expect(await pushIntent(server, admin, intent)).toEqual(first)
    expect((await lineDoc('line-machining')).feederLineIds).not.toContain('line-assembly')
    // A new action with the same content is judged on the current data.
    const again = await pushIntent(server, admin, { ...intent, id: crypto.randomUUID() })
    expect(again.status).toBe('applied')
  })

  test('OFF-04 one refused action of a change set changes only itself: those before and after it apply, in order', async () => {
    const paint = await lineDoc('line-paint')
    const assembly = await lineDoc('line-assembly')
    const seen = (value: unknown) => [
      { collection: 'lines' as const, id: 'line-paint', field: 'alertViewingWindowDays', value },
    ]
    expect([61, 62, 63]).not.toContain(paint.alertViewingWindowDays)
    const res = await pushIntents(server, admin, [
      settings('line-paint', { alertViewingWindowDays: 61 }),
      settings('line-assembly', { ingestionThresholdHours: 1_000_001 }),
      // Saw what the first action wrote: later actions see earlier ones' writes, so no conflict.
      { ...settings('line-paint', { alertViewingWindowDays: 62 }), base: seen(61) },
      // Saw the value from before the set: the server's moved since, so a conflict that changes nothing.
      { ...settings('line-paint', { alertViewingWindowDays: 63 }), base: seen(paint.alertViewingWindowDays) },
    ])
    expect(res.status).toBe(200)
    const [first, refused, third, stale] = res.body.results
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied', 'conflict'])
    expect(refused).toMatchObject({
      rejection: { code: 'VALIDATION', status: 400, message: 'Must be less than or equal to 1000000' },
    })
    expect(stale).toMatchObject({
      conflicts: [expect.objectContaining({ field: 'alertViewingWindowDays', serverValue: 62 })],
    })
    // Each applied action answers the line as it left it.
    const answered = (r: typeof first) => (r?.status === 'applied' ? r.documents[0]!.document : undefined)
    expect(answered(first)).toMatchObject({ alertViewingWindowDays: 61, revision: paint.revision + 1 })
    expect(answered(third)).toMatchObject({ alertViewingWindowDays: 62, revision: paint.revision + 2 })
    const after = await lineDoc('line-paint')
    expect(after.alertViewingWindowDays).toBe(62)
    expect(after.revision).toBe(paint.revision + 2)
    expect((await lineDoc('line-assembly')).revision).toBe(assembly.revision)
  })

  test('OFF-06 a change set pushed again with the same ids gets the same verdicts and is applied once', async () => {
    const machining = await lineDoc('line-machining')
    expect([71, 72, 73]).not.toContain(machining.alertViewingWindowDays)
    const intents = [
      settings('line-machining', { alertViewingWindowDays: 71 }, crypto.randomUUID()),
      settings('line-machining', { ingestionThresholdHours: 1_000_001 }, crypto.randomUUID()),
      settings('line-machining', { alertViewingWindowDays: 72 }, crypto.randomUUID()),
    ]
    const first = await pushIntents(server, admin, intents)
    expect(first.body.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied'])
    // The retry (the device never heard the answer) carries one new action after the old ones.
    const retry = await pushIntents(server, admin, [
      ...intents,
      settings('line-machining', { alertViewingWindowDays: 73 }, crypto.randomUUID()),
    ])
    expect(retry.status).toBe(200)
    expect(retry.body.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied', 'applied'])
    expect(retry.body.results[1]).toEqual(first.body.results[1])
    // Old actions are answered from the log with the line as it is now, never applied again.
    const after = await lineDoc('line-machining')
    expect(after.alertViewingWindowDays).toBe(73)
    expect(after.revision).toBe(machining.revision + 3)
    for (const r of [retry.body.results[0], retry.body.results[2]]) {
      expect(r?.status === 'applied' && r.documents[0]!.document).toMatchObject({
        alertViewingWindowDays: 72,
        revision: machining.revision + 2,
      })
    }
  })

  test('OFF-03 the live stream sends RESYNC, then changes pushed by another session', async () => {
    const operator = await server.signIn(DEMO.userEmail, DEMO.userPassword)
    const res = await server.request('GET', '/sync/stream', { cookie: operator })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const events = readSse(res)
    try {
      expect(await events.next()).toBe('RESYNC')
      await pushIntent(server, admin, settings('line-assembly', { alertViewingWindowDays: 60 }))
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

  test('OFF-03 a stream asked where it starts names each collection it sends and its newest sequence; its first event follows that start', async () => {
    const operator = await server.signIn(DEMO.userEmail, DEMO.userPassword)
    const events = readSse(await server.request('GET', STREAM_PATH, { cookie: operator }))
    try {
      const start = JSON.parse(await events.next()) as {
        resync: { after: number; latest: Record<string, number> }
      }
      const newest = await sql<{ collection: string; seq: string }>`
        select collection, max(seq) as seq from documents where customer_id = 'cust-demo' group by collection`.execute(
        server.services.db,
      )
      const newestOf = new Map(newest.rows.map((r) => [r.collection, Number(r.seq)]))
      // The operator's collections (not the administrator's), each at its newest row.
      const seen = COLLECTIONS.filter((c) => c !== 'users' && c !== 'dataSources')
      expect(Object.keys(start.resync.latest).sort()).toEqual([...seen].sort())
      for (const c of seen) expect(start.resync.latest[c], c).toBe(newestOf.get(c) ?? 0)
      expect(start.resync.after).toBe(Math.max(...newestOf.values()))
      await pushIntent(server, admin, settings('line-assembly', { alertViewingWindowDays: 62 }))
      const event = JSON.parse(await events.next()) as {
        collection: string
        after: number
        checkpoint: { seq: number }
      }
      expect(event.collection).toBe('lines')
      expect(event.after).toBe(start.resync.after)
      expect(event.checkpoint.seq).toBeGreaterThan(start.resync.after)
    } finally {
      await events.close()
    }
  })

  test('OFF-03 the stream heartbeat names the last event it sent of each collection, so a lost last event is noticed', async () => {
    const operator = await server.signIn(DEMO.userEmail, DEMO.userPassword)
    const events = readSse(await server.request('GET', '/sync/stream', { cookie: operator }), true)
    try {
      expect(await events.next()).toBe('RESYNC')
      await pushIntent(server, admin, settings('line-assembly', { alertViewingWindowDays: 61 }))
      const event = JSON.parse(await events.next()) as { collection: string; checkpoint: { seq: number } }
      expect(event.collection).toBe('lines')
      // The next heartbeat (every 15 s) says so, and names no collection the stream sent nothing of.
      expect(JSON.parse(await events.next(STREAM_HEARTBEAT_MS + 5_000))).toEqual({
        lastSent: { lines: event.checkpoint.seq },
      })
    } finally {
      await events.close()
    }
  }, 30_000)

  test('SHELL-04 replication needs a session and users never see administrator collections', async () => {
    expect((await pull(server, '', 'lines')).status).toBe(401)
    const operator = await server.signIn(DEMO.userEmail, DEMO.userPassword)
    expect((await pull(server, operator, 'users')).status).toBe(403)
    expect((await pull(server, operator, 'dataSources')).status).toBe(403)
    expect((await pull(server, operator, 'lines')).status).toBe(200)
  })

  test('OFF-08 a first sync measures its progress against the documents each collection will bring', async () => {
    const res = await server.call<{ counts: Record<string, number> }>('GET', '/sync/counts', admin)
    expect(res.status).toBe(200)
    for (const collection of ['lines', 'signals', 'users', 'monitors']) {
      expect(res.body.counts[collection]).toBe((await pullAll(server, admin, collection, 5000)).docs.length)
    }
    // An operator is told only about what it pulls; without a session, nothing.
    const operator = await server.signIn(DEMO.userEmail, DEMO.userPassword)
    const seen = await server.call<{ counts: Record<string, number> }>('GET', '/sync/counts', operator)
    expect(Object.keys(seen.body.counts)).not.toContain('users')
    expect(Object.keys(seen.body.counts)).toContain('signals')
    expect((await server.call('GET', '/sync/counts', '')).status).toBe(401)
  })

  test('OFF-08 the counts stay those of the stored rows as documents come, move to another plant, are removed, and go', async () => {
    const db = server.services.db
    const plantId = (await pullAll(server, admin, 'plants')).docs[0]!.id as string
    const counted = async () =>
      (await server.call<{ counts: Record<string, number> }>('GET', '/sync/counts', admin)).body.counts
    // What a scan of the stored rows finds, per collection, for the session's plant.
    const scanned = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('documents')
            .select(['collection', (eb) => eb.fn.countAll<string>().as('n')])
            .where('customer_id', '=', 'cust-demo')
            .where('plant_id', 'in', [plantId, '*'])
            .groupBy('collection')
            .execute()
        ).map((r) => [r.collection, Number(r.n)]),
      )
    const before = await counted()
    expect(before).toMatchObject(await scanned())
    const write = (inputs: ReadonlyArray<{ id: string; plant: string; deleted?: boolean }>) =>
      writeTransaction(db, 'cust-demo', (tx) =>
        writeDocuments(
          tx,
          inputs.map((i) => ({
            customerId: 'cust-demo',
            collection: 'stations' as const,
            id: i.id,
            plantId: i.plant,
            data: { lineId: 'line-paint', name: i.id },
            deleted: i.deleted ?? false,
          })),
        ),
      )
    // Three new stations in one statement, one of them in another plant.
    await write([
      { id: 'count-a', plant: plantId },
      { id: 'count-b', plant: plantId },
      { id: 'count-c', plant: 'plant-elsewhere' },
    ])
    expect((await counted()).stations).toBe(before.stations! + 2)
    // One moves here, one moves away, one is removed (a tombstone still counts: a pull sends it).
    await write([
      { id: 'count-c', plant: plantId },
      { id: 'count-a', plant: 'plant-elsewhere' },
      { id: 'count-b', plant: plantId, deleted: true },
    ])
    expect((await counted()).stations).toBe(before.stations! + 2)
    expect(await counted()).toMatchObject(await scanned())
    // Rows deleted outright (an operator's cleanup) are no longer counted.
    await db.deleteFrom('documents').where('id', 'in', ['count-a', 'count-b', 'count-c']).execute()
    expect(await counted()).toMatchObject(before)
    expect((await counted()).stations).toBe((await pullAll(server, admin, 'stations')).docs.length)
  })

  test('OFF-06 each tenant pulls only its own documents and cannot act in another tenant', async () => {
    const other = await server.signIn(OTHER_ADMIN.email, OTHER_ADMIN.password)
    const lines = (await pullAll(server, other, 'lines')).docs.map((d) => d.id)
    expect(lines).toEqual(['line-other'])
    // Naming the other tenant's line finds no such line in the caller's own tenant.
    const foreign = await pushIntent(server, other, settings('line-assembly', { alertViewingWindowDays: 5 }))
    expect(foreign).toMatchObject({
      status: 'rejected',
      rejection: { code: 'NOT_FOUND', status: 404, message: Messages.lines.unableToFind },
    })
    // Clients never create lines: there is no such action.
    const insert = await pushIntents(server, other, [
      { name: 'createLine', args: { lineId: 'line-assembly' } },
    ])
    expect(insert.body.results[0]).toMatchObject({
      status: 'rejected',
      rejection: { code: 'VALIDATION', status: 400 },
    })
    // Nor can a session push another user's actions.
    const otherUser = await server.call<{ results: unknown[] }>('POST', '/sync/intents', other, {
      protocol: 1,
      intents: [
        {
          id: crypto.randomUUID(),
          ...settings('line-other', { alertViewingWindowDays: 5 }),
          author: 'someone-else',
          createdAt: new Date().toISOString(),
          base: [],
        },
      ],
    })
    expect(otherUser.body.results[0]).toMatchObject({
      status: 'rejected',
      rejection: { code: 'FORBIDDEN', status: 403 },
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
    const malformed = await server.request('POST', '/sync/intents', {
      cookie: admin,
      raw: '{"protocol":1,"intents":[',
    })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as { error: { message: string } }).error.message).toBe(
      'Request body is not valid JSON',
    )
    const huge = await server.request('POST', '/sync/intents', {
      cookie: admin,
      raw: JSON.stringify({ protocol: 1, intents: [{ id: 'x', pad: 'x'.repeat(1_100_000) }] }),
    })
    expect(huge.status).toBe(413)
    expect((await server.call('POST', '/sync/intents', admin, { protocol: 1, intents: [{}] })).status).toBe(
      400,
    )
    // A device of the document-push era is told to update; an unknown protocol version too.
    const old = await pushDocuments(server, admin, 'lines', [
      { assumedMasterState: null, newDocumentState: {} },
    ])
    expect(old.status).toBe(426)
    expect(old.body.error.message).toBe(Messages.sync.upgradeRequired)
    expect((await server.call('POST', '/sync/intents', admin, { protocol: 99, intents: [] })).status).toBe(
      426,
    )
  })
})

describe('replication across restarts and instances', () => {
  test('OFF-02 a push cut off by a server restart is completed by its retry, each intent applied once', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { openDatabase } = await import('../../sync-server/store/database')
    const dataDir = mkdtempSync(join(tmpdir(), 'qm-restart-'))
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir })
      // The database fails at the push's tenth write, as when it goes away mid-way (a change set is
      // one transaction: nothing commits before its end, so the cut leaves nothing of it behind).
      let writesLeft = Infinity
      const cutting: KyselyPlugin = {
        transformQuery: ({ node }) => {
          if (node.kind === 'InsertQueryNode' && --writesLeft === 0) throw new Error('connection lost')
          return node
        },
        transformResult: ({ result }) => Promise.resolve(result),
      }
      const first = await startTestServer('pglite', {
        database: { ...database, db: database.db.withPlugin(cutting) },
        keepDatabase: true,
      })
      const cookie = await first.signIn()
      const { docs: lines } = await pullAll(first, cookie, 'lines')
      // 30 actions round the plant's lines, each with an id of its own, as a device's outbox holds them.
      const intents = Array.from({ length: 30 }, (_, i) =>
        settings(String(lines[i % lines.length]!.id), { alertViewingWindowDays: i + 1 }, crypto.randomUUID()),
      )
      // Ten went through in an earlier push (the device may not have heard the answer); the push of
      // the whole outbox is then cut off mid-way.
      expect((await pushIntents(first, cookie, intents.slice(0, 10))).status).toBe(200)
      writesLeft = 10
      const cut = await pushIntents(first, cookie, intents).catch(() => ({ status: 0 }))
      expect(cut.status).not.toBe(200)
      await first.close()
      await database.close()

      const reopened = await openDatabase({ kind: 'pglite', dataDir })
      const second = await startTestServer('pglite', { database: reopened, keepDatabase: true })
      const cookie2 = await second.signIn()
      // Nothing of the cut push was kept: only the earlier ten are there.
      const between = (await pullAll(second, cookie2, 'lines')).docs
      for (const line of lines) {
        const done = intents.slice(0, 10).filter((x) => x.args.lineId === line.id)
        expect(between.find((d) => d.id === line.id)!.revision).toBe(line.revision + done.length)
      }
      const retry = await pushIntents(second, cookie2, intents)
      expect(retry.status).toBe(200)
      // Actions applied before the cut are answered from the log; none is refused.
      expect(retry.body.results.map((r) => r.status)).toEqual(intents.map(() => 'applied'))
      const after = (await pullAll(second, cookie2, 'lines')).docs
      for (const line of lines) {
        const doc = after.find((d) => d.id === line.id)!
        const mine = intents.filter((x) => x.args.lineId === line.id)
        // Each action applied once: one revision per action, the last one's value.
        expect(doc.revision).toBe(line.revision + mine.length)
        expect(doc.alertViewingWindowDays).toBe(
          mine.at(-1)?.args.changes.alertViewingWindowDays ?? line.alertViewingWindowDays,
        )
      }
      await second.close()
      await reopened.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    // Two servers and a database reopened: more than the default limit on a loaded two-core machine.
  }, 60_000)

  test('OFF-03 on PostgreSQL, a change pushed to one server instance reaches a stream on another (LISTEN/NOTIFY)', async () => {
    const a = await startTestServer('postgres')
    const b = await startTestServer('postgres', { database: a.database, keepDatabase: true })
    try {
      const cookieA = await a.signIn()
      const cookieB = await b.signIn(DEMO.userEmail, DEMO.userPassword)
      const events = readSse(await b.request('GET', '/sync/stream', { cookie: cookieB }))
      expect(await events.next()).toBe('RESYNC')
      const line = (await pullAll(a, cookieA, 'lines')).docs.find((d) => d.id === 'line-paint')!
      await pushIntent(a, cookieA, settings(String(line.id), { alertViewingWindowDays: 7 }))
      const event = JSON.parse(await events.next()) as { documents: Doc[] }
      expect(event.documents.map((d) => [d.id, d.alertViewingWindowDays])).toEqual([['line-paint', 7]])
      await events.close()
    } finally {
      await b.close()
      await a.close()
    }
  })
})
