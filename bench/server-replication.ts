import { serve } from '@hono/node-server'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { Agent, request } from 'node:http'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { createApp } from '../sync-server/app'
import { DEFAULT_DEMO } from '../sync-server/config'
import { createLocalChangeBus } from '../sync-server/replication/change-bus'
import { compressPullSync } from '../sync-server/replication/pull-compression'
import { ensureDemoPlant } from '../sync-server/seed/demo-plant'
import { openDatabase } from '../sync-server/store/database'
import {
  getDocument,
  getDocuments,
  pullDocuments,
  pullReplicatedPage,
  toReplicated,
  writeDocument,
  writeTransaction,
} from '../sync-server/store/documents'
import type { Services } from '../sync-server/domain/services'
import { systemClock } from '../shared/time/clock'
import { INTENT_PROTOCOL_VERSION } from '../shared/sync/intent-protocol'
import { DEFAULT_PULL_BATCH } from '../shared/constants'
import { goalLine, median, ms, percentile, perSecond, ratio, table, timed } from './stats'

/** Issue 27 goal 5: a pull through the server at most this many times a raw read of the same JSON. */
const PULL_GOAL = 1.2
/** Full pulls of every signal each way, alternating; the medians are compared (one run varies). */
const PULL_ROUNDS = 3

/**
 * Server replication figures on a 100,000-signal plant (PGlite, one process, real HTTP on loopback):
 * pull and push throughput and push→stream latency, each beside the raw database time for the same rows
 * (the push comparison is described where it is measured). The pull's raw yardstick reads the same
 * rows and produces the same JSON, page by page, straight from the database (the store's page query
 * and the page's envelope, no HTTP, session or compression): the pull's goal line is its ratio.
 */
export async function benchServerReplication(signals = 100_000): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'qm-bench-'))
  const database = await openDatabase({ kind: 'pglite', dataDir: dir })
  const services: Services = { db: database.db, changes: createLocalChangeBus(), clock: systemClock }
  const seeded = await timed(() => ensureDemoPlant(services, DEFAULT_DEMO, { signals }))
  const app = createApp({ services })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const post = (path: string, cookie: string, body: unknown) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'accept-encoding': 'gzip' },
      body: JSON.stringify(body),
    })
  const signIn = async (email: string, password: string) => {
    const res = await post('/api/session', '', { email, password })
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!
  }
  const admin = await signIn(DEFAULT_DEMO.adminEmail, DEFAULT_DEMO.adminPassword)
  const operator = await signIn(DEFAULT_DEMO.userEmail, DEFAULT_DEMO.userPassword)
  const adminId = (
    (await (await fetch(base + '/api/session', { headers: { cookie: admin } })).json()) as { id: string }
  ).id
  /** A change set of actions by the administrator (POST /sync/intents); throws unless all applied. */
  const pushIntents = async (intents: ReadonlyArray<{ name: string; args: unknown }>) => {
    const body = {
      protocol: INTENT_PROTOCOL_VERSION,
      intents: intents.map((i) => ({
        ...i,
        id: crypto.randomUUID(),
        author: adminId,
        createdAt: new Date().toISOString(),
        base: [],
      })),
    }
    const answer = (await (await post('/sync/intents', admin, body)).json()) as {
      results: Array<{ status: string }>
    }
    const refused = answer.results.filter((r) => r.status !== 'applied').length
    if (refused > 0) throw new Error(`push: ${refused} actions not applied`)
  }

  try {
    // ── Pull: every signal, pages of the device's size, through HTTP + JSON + compression (as a browser
    // asks), vs the raw read of the same rows producing the same JSON; then rows read one by one
    // and serialised in JavaScript, for scale (how the pull worked before it was written by the
    // database).
    type Page = {
      documents: Array<Record<string, unknown> & { revision: number }>
      checkpoint: { seq: number } | null
    }
    const batch = DEFAULT_PULL_BATCH
    let pulled: Page['documents'] = []
    let jsonBytes = 0
    // The answers (compressed as a browser asks: Chromium's Accept-Encoding, so brotli) are unpacked
    // and parsed after the clock stops: that is
    // the device's work, not the server's. The next request's checkpoint is read from the answer's
    // end, where the server puts it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const compressed = (body: unknown) =>
      new Promise<{ readonly bytes: Buffer; readonly coding: string | undefined }>((resolve, reject) => {
        const req = request(
          `${base}/sync/signals/pull`,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              cookie: admin,
              'accept-encoding': BROWSER_CODINGS,
            },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () => {
              resolve({ bytes: Buffer.concat(chunks), coding: res.headers['content-encoding'] })
            })
            res.on('error', reject)
          },
        )
        req.on('error', reject)
        req.end(JSON.stringify(body))
      })
    /** Each page's checkpoint, from a raw read of the same pages (null: the first). */
    let checkpoints: Array<Page['checkpoint']> = []
    const viaHttp = async () => {
      const answers: Array<{ readonly bytes: Buffer; readonly coding: string | undefined }> = []
      // The requests are those a device makes (each page's checkpoint, known from the raw read),
      // so the clock holds the server's work and the transfer, not the unpacking and parsing.
      const run = await timed(async () => {
        for (const checkpoint of checkpoints) answers.push(await compressed({ checkpoint, batchSize: batch }))
      })
      const texts = answers.map((a) => unpacked(a.bytes, a.coding).toString('utf8'))
      const pages = texts.map((t) => JSON.parse(t) as Page)
      pages.forEach((page, i) => {
        const expected = checkpoints[i + 1] ?? checkpoints[i]
        if (page.checkpoint?.seq !== expected?.seq)
          throw new Error(`pull: page ${i} ends at another checkpoint`)
      })
      pulled = pages.flatMap((p) => p.documents)
      jsonBytes = texts.reduce((sum, t) => sum + t.length, 0)
      return run
    }
    const query = (afterSeq: number) =>
      ({
        customerId: 'cust-demo',
        collection: 'signals',
        plantId: 'plant-demo',
        afterSeq,
        limit: batch,
      }) as const
    let rawBytes = 0
    /** The last raw read's answers, as the server would send them before compressing. */
    let rawBodies: string[] = []
    const viaDatabase = () =>
      timed(async () => {
        rawBytes = 0
        rawBodies = []
        checkpoints = [null]
        let after = 0
        for (;;) {
          const page = await pullReplicatedPage(database.db, query(after))
          if (page.lastSeq !== undefined) checkpoints.push({ seq: page.lastSeq })
          const next = page.lastSeq === undefined ? { seq: after } : { seq: page.lastSeq }
          const body = `{"documents":[${page.json}],"checkpoint":${JSON.stringify(next)}}`
          rawBytes += body.length
          rawBodies.push(body)
          if (page.lastSeq === undefined) break
          after = page.lastSeq
        }
      })
    const httpRuns: number[] = []
    const rawRuns: number[] = []
    await viaDatabase() // the pages' checkpoints
    for (let round = 0; round < PULL_ROUNDS; round++) {
      httpRuns.push((await viaHttp()).ms)
      rawRuns.push((await viaDatabase()).ms)
    }
    if (rawBytes !== jsonBytes)
      throw new Error(`pull: ${jsonBytes} bytes through the server, ${rawBytes} raw`)
    const perRow = await timed(async () => {
      let after = 0
      for (;;) {
        const docs = await pullDocuments(database.db, query(after))
        if (docs.length === 0) break
        JSON.stringify({ documents: docs.map((d) => toReplicated(d)), checkpoint: { seq: docs.at(-1)!.seq } })
        after = docs[docs.length - 1]!.seq
      }
    })
    agent.destroy()
    const http = { ms: median(httpRuns) }
    const raw = { ms: median(rawRuns) }
    // What the server must add for a device whatever its design: the answer compressed as it asks
    // (brotli, as the route compresses it), here in one thread, one page after another.
    const compress = await timed(async () => {
      for (const body of rawBodies) compressPullSync(Buffer.from(body), 'br')
    })
    const gzBytes =
      gzipSync(JSON.stringify({ documents: pulled.slice(0, 1000) })).length * (pulled.length / 1000)

    // ── Push: 2,000 actions (a signal's quality characteristic each), 100 per change set, beside the
    // raw database writes of the SAME rows in the same database, shaped as the server writes them:
    // one transaction per change set (begin, the customer's write lock, commit), the rows read in one
    // query, then each row written with its new sequence number and revision (writeDocument). What
    // the server adds on top is its own cost: HTTP and JSON, decoding, the intents' rules, the
    // intent log. Each change set's rows are written both ways, the order alternating between sets
    // so neither side always finds the rows' pages already cached; the rows start as 'None', the
    // server sets 'Significant', the raw write 'High impact', so every write changes the row.
    const edits = pulled.filter((d) => d.entityType === 'MEASUREMENT' && d.qualityCharacteristic === 'None')
    const pushSet = edits.slice(0, 2000)
    let pushMs = 0
    let rawPushMs = 0
    for (let i = 0; i < pushSet.length; i += 100) {
      const ids = pushSet.slice(i, i + 100).map((d) => String(d.id))
      const server = () =>
        timed(() =>
          pushIntents(
            ids.map((id) => ({
              name: 'setQualityCharacteristic',
              args: { signalIds: [id], qualityCharacteristic: 'Significant' },
            })),
          ),
        )
      const direct = () =>
        timed(() =>
          writeTransaction(database.db, 'cust-demo', async (tx) => {
            const rows = await getDocuments(tx, 'cust-demo', 'signals', ids)
            for (const row of rows) {
              await writeDocument(tx, {
                customerId: 'cust-demo',
                collection: 'signals',
                id: row.id,
                plantId: row.plantId,
                data: { ...row.data, qualityCharacteristic: 'High impact' },
              })
            }
          }),
        )
      const serverFirst = (i / 100) % 2 === 1
      if (serverFirst) pushMs += (await server()).ms
      rawPushMs += (await direct()).ms
      if (!serverFirst) pushMs += (await server()).ms
    }

    // ── Latency: a one-action push by the administrator until the operator's stream delivers it.
    const stream = await fetch(base + '/sync/stream', { headers: { cookie: operator } })
    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    const nextEvent = async () => {
      for (;;) {
        const cut = buffer.indexOf('\n\n')
        if (cut >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          if (block.startsWith('data:')) return block.slice(5).trim()
          continue
        }
        const { value, done } = await reader.read()
        if (done) throw new Error('stream closed')
        buffer += decoder.decode(value, { stream: true })
      }
    }
    await nextEvent() // RESYNC
    const latencies: number[] = []
    const rawLatencies: number[] = []
    const target = edits.slice(2000, 2200)
    for (const [i, d] of target.entries()) {
      const current = (await getDocument(database.db, 'cust-demo', 'signals', String(d.id)))!
      const start = performance.now()
      await pushIntents([
        { name: 'renameSignal', args: { signalId: String(d.id), friendlyName: `Bench ${i}` } },
      ])
      await nextEvent()
      latencies.push(performance.now() - start)
      const r = await timed(() =>
        writeTransaction(database.db, 'cust-demo', (tx) =>
          writeDocument(tx, {
            customerId: 'cust-demo',
            collection: 'signals',
            id: String(d.id),
            plantId: 'plant-demo',
            data: { ...current.data, friendlyName: `Raw ${i}` },
          }),
        ),
      )
      // The raw write bypasses the change bus: no stream event to wait for.
      rawLatencies.push(r.ms)
    }
    await reader.cancel()

    console.log(
      `\nServer replication — ${pulled.length.toLocaleString('en-US')} signals, PGlite, seeded in ${(seeded.ms / 1000).toFixed(1)} s`,
    )
    console.log(
      table([
        ['measure', 'through the server', 'raw database', 'overhead'],
        [
          `pull throughput (batch ${batch.toLocaleString('en-US')}, median of ${PULL_ROUNDS}; raw: the same JSON)`,
          `${perSecond(pulled.length, http.ms)} (${ms(http.ms)})`,
          `${perSecond(pulled.length, raw.ms)} (${ms(raw.ms)})`,
          ratio(http.ms, raw.ms),
        ],
        [
          '  runs',
          httpRuns.map((r) => r.toFixed(0)).join(' '),
          rawRuns.map((r) => r.toFixed(0)).join(' '),
          '',
        ],
        [
          '  beside the raw read and the same compression (brotli quality 1, page after page; not the goal)',
          '',
          `${ms(raw.ms + compress.ms)} (compression ${ms(compress.ms)})`,
          ratio(http.ms, raw.ms + compress.ms),
        ],
        [
          '  rows read one by one, serialised in JavaScript (for scale)',
          '',
          `${perSecond(pulled.length, perRow.ms)} (${ms(perRow.ms)})`,
          '',
        ],
        [
          'pull bytes (JSON / gzip est.)',
          `${(jsonBytes / 1e6).toFixed(1)} MB / ${(gzBytes / 1e6).toFixed(1)} MB`,
          '',
          '',
        ],
        [
          'push throughput (100 actions per change set)',
          `${perSecond(pushSet.length, pushMs)} (${ms(pushMs)})`,
          `${perSecond(pushSet.length, rawPushMs)} (${ms(rawPushMs)})`,
          ratio(pushMs, rawPushMs),
        ],
        [
          'push → stream event p50',
          ms(percentile(latencies, 50)),
          ms(percentile(rawLatencies, 50)),
          ratio(percentile(latencies, 50), percentile(rawLatencies, 50)),
        ],
        [
          'push → stream event p99',
          ms(percentile(latencies, 99)),
          ms(percentile(rawLatencies, 99)),
          ratio(percentile(latencies, 99), percentile(rawLatencies, 99)),
        ],
      ]),
    )
    console.log(goalLine('pull through the server / raw read of the same JSON', http.ms / raw.ms, PULL_GOAL))
  } finally {
    server.close()
    await services.changes.close()
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** What Chromium sends (Accept-Encoding), so the pull is compressed as a device gets it. */
const BROWSER_CODINGS = 'gzip, deflate, br, zstd'

function unpacked(bytes: Buffer, coding: string | undefined): Buffer {
  if (coding === 'br') return brotliDecompressSync(bytes)
  if (coding === 'gzip') return gunzipSync(bytes)
  if (coding === undefined) return bytes
  throw new Error(`pull: an answer in ${coding}`)
}
