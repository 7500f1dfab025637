import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserContext, Page } from '@playwright/test'
import { DEFAULT_PULL_BATCH } from '../../shared/constants'
import { compressPullSync } from '../../sync-server/replication/pull-compression'
import { COLLECTIONS, LINE_FIELDS, PRIMARY_KEYS } from '../../shared/sync/collections'
import { RECORD_SIZE } from '../../client/db/storage/record-directory'

/**
 * The floor of a first sync in this browser: every answer the server gives a new device (each
 * collection pulled page by page from the start, compressed as the server compressed it for a
 * browser) served from memory by a plain HTTP server in the bench's process, so no server work is
 * in it; the page fetches them six at a time (HTTP/1.1's connections to one host), reads and parses
 * each, and writes its documents as they are stored (signals and limits in records of a line with
 * their ids' hashes, line-record-storage.ts; every other document one record) in a transaction per
 * answer, all committed. No app code and no schema decoding: what the browser alone needs to take
 * the plant in, the yardstick beside which the first sync and its goal read (goal 1 of issue 27 is
 * set against the storage floor alone, which leaves out the transfer and the parse).
 */
export interface FirstSyncFloor {
  /** Fetch, parse and store, all committed, in ms. */
  readonly ms: number
  /** Of which JSON.parse, summed over the answers. */
  readonly parseMs: number
  readonly documents: number
  /** The compressed bytes served. */
  readonly bytes: number
  readonly answers: number
}

/** Pulls every answer a new device gets, as `context`'s session, compressed as a browser asks. */
export async function captureFirstSyncAnswers(
  context: BrowserContext,
  base: string,
): Promise<Array<{ collection: string; body: Buffer; encoding: string }>> {
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ')
  const answers: Array<{ collection: string; body: Buffer; encoding: string }> = []
  for (const collection of COLLECTIONS) {
    let checkpoint: unknown = null
    for (;;) {
      const res = await fetch(`${base}/sync/${collection}/pull`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'accept-encoding': 'gzip, deflate, br, zstd',
        },
        body: JSON.stringify({ checkpoint, batchSize: DEFAULT_PULL_BATCH }),
      })
      if (!res.ok) throw new Error(`floor: pulling ${collection} answered ${res.status}`)
      // Node's fetch unpacks the body; it is packed again as the server packed it (the header says how).
      const text = await res.text()
      const encoding = res.headers.get('content-encoding') ?? 'identity'
      answers.push({ collection, body: pack(text, encoding), encoding })
      const page = JSON.parse(text) as { documents: unknown[]; checkpoint: unknown }
      if (page.documents.length < DEFAULT_PULL_BATCH || page.checkpoint === null) break
      checkpoint = page.checkpoint
    }
  }
  return answers
}

/**
 * Serves `answers` to `page` and measures the floor there `runs` times. The databases written are
 * kept until `removeDatabases` is called: deleting 45 MB of IndexedDB keeps the browser process
 * busy for a while, which made a floor measured right after another one's deletion ~1.6× slower.
 */
export async function measureFirstSyncFloor(
  page: Page,
  answers: ReadonlyArray<{ collection: string; body: Buffer; encoding: string }>,
  runs = 3,
): Promise<{ floors: FirstSyncFloor[]; removeDatabases(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const answer = answers[Number(req.url!.slice(1))]
    if (!answer) return void res.writeHead(404).end()
    res.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'content-length': answer.body.length,
      ...(answer.encoding === 'identity' ? {} : { 'content-encoding': answer.encoding }),
    })
    res.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const out: FirstSyncFloor[] = []
    const names: string[] = []
    for (let i = 0; i < runs; i++) {
      const { name, ...measured } = await page.evaluate(floorInPage, {
        origin,
        collections: answers.map((a) => a.collection),
        lineFields: LINE_FIELDS as Record<string, string>,
        primaryKeys: PRIMARY_KEYS as Record<string, string>,
        recordSize: RECORD_SIZE,
      })
      names.push(name)
      out.push({
        ...measured,
        bytes: answers.reduce((n, a) => n + a.body.length, 0),
        answers: answers.length,
      })
    }
    const removeDatabases = async () => {
      await page.evaluate(async (list) => {
        await Promise.all(
          list.map(
            (n) =>
              new Promise((resolve) => {
                const req = indexedDB.deleteDatabase(n)
                req.onsuccess = req.onerror = req.onblocked = resolve
              }),
          ),
        )
      }, names)
    }
    return { floors: out, removeDatabases }
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

/** The answer packed as the server packs it (sync-server/replication/pull-compression.ts). */
function pack(text: string, encoding: string): Buffer {
  const raw = Buffer.from(text)
  if (encoding === 'br' || encoding === 'gzip') return compressPullSync(raw, encoding)
  if (encoding === 'identity') return raw
  throw new Error(`floor: the server answered ${encoding}, which the floor does not pack`)
}

/**
 * In the page. The answers fetched six at a time, each parsed and written in its own transaction of
 * one fresh database (the hash is the directory's, record-directory.ts). No inner function
 * declarations and no named function expressions: tsx would wrap them in a helper the page lacks.
 */
async function floorInPage(args: {
  origin: string
  collections: string[]
  lineFields: Record<string, string>
  primaryKeys: Record<string, string>
  recordSize: number
}): Promise<{ ms: number; parseMs: number; documents: number; name: string }> {
  const { origin, collections, lineFields, primaryKeys, recordSize } = args
  const bulk = new Set(['signals', 'signalLimits'])
  const name = `bench-first-sync-floor-${Date.now()}-${Math.random()}`
  const t0 = performance.now()
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, 1)
    req.onupgradeneeded = () => {
      req.result.createObjectStore('records')
      req.result.createObjectStore('hashes')
      req.result.createObjectStore('docs')
    }
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
  let parseMs = 0
  let documents = 0
  let next = 0
  const commits: Array<Promise<void>> = []
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < collections.length) {
        const at = next++
        const collection = collections[at]!
        const text = await (await fetch(`${origin}/${at}`)).text()
        const p0 = performance.now()
        const page = JSON.parse(text) as { documents: Array<Record<string, unknown>> }
        parseMs += performance.now() - p0
        documents += page.documents.length
        const pk = primaryKeys[collection]!
        // As stored: RxDB's fields beside the server's (pulled-documents.ts).
        const stored = page.documents.map((d): Record<string, unknown> => ({
          ...d,
          _meta: { lwt: 1 },
          _attachments: {},
          _rev: '1-floor',
        }))
        const tx = db.transaction(['records', 'hashes', 'docs'], 'readwrite')
        if (bulk.has(collection)) {
          const field = lineFields[collection]!
          const byLine = new Map<string, Array<Record<string, unknown>>>()
          for (const d of stored) {
            const line = String(d[field])
            const list = byLine.get(line) ?? []
            if (list.length === 0) byLine.set(line, list)
            list.push(d)
          }
          for (const [line, list] of byLine) {
            for (let k = 0; k < list.length; k += recordSize) {
              const record = list.slice(k, k + recordSize)
              const key = [collection, line, at, k]
              tx.objectStore('records').put(record, key)
              const hashes = new Uint32Array(record.length)
              record.forEach((d, j) => {
                const id = String(d[pk])
                let h = 0x811c9dc5
                for (let c = 0; c < id.length; c++) {
                  h ^= id.charCodeAt(c)
                  h = Math.imul(h, 0x01000193)
                }
                hashes[j] = h >>> 2
              })
              tx.objectStore('hashes').put(hashes, key)
            }
          }
        } else {
          for (const d of stored) tx.objectStore('docs').put(d, [collection, String(d[pk])])
        }
        commits.push(
          new Promise<void>((resolve, reject) => {
            tx.oncomplete = () => resolve()
            tx.onerror = () => reject(tx.error)
          }),
        )
      }
    }),
  )
  await Promise.all(commits)
  const ms = performance.now() - t0
  db.close()
  return { ms, parseMs, documents, name }
}
