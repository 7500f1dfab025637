import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { launchBenchBrowser } from './support/bench-browser'
import { cpuBetween, findChildProcess, sampleCpu } from './support/process-cpu'
import { ms, table } from './stats'

/**
 * What IndexedDB itself costs for a plant's signals, by layout, in headless Chromium with nothing
 * else running: writing `count` signal documents (shaped as RxDB stores them) and reading one line's
 * back, one record per document — raw, in RxDB's Dexie layout with its four indexes, and without the
 * two `_meta.lwt` ones — against records that each hold 500 documents of one line. The first sync's
 * goal (2× the raw write) is measured against the first row; the rows below it say which storage
 * could meet it (docs/architecture.md, "Where a first sync's time goes"). The last is how the app
 * now keeps signals and limits (client/db/storage/line-record-storage.ts, with 250 documents per record).
 */
export async function benchStorageLayouts(count = 100_000): Promise<void> {
  const server = createServer((_req, res) => res.end('<!doctype html><title>layouts</title>'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await launchBenchBrowser()
  try {
    const browserPid = findChildProcess(process.pid, /chrom/)
    const page = await browser.newPage()
    // tsx names inner functions through a helper the page does not have.
    await page.addInitScript('globalThis.__name = (f) => f')
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    const rows: string[][] = [['layout', 'write', 'browser process CPU', 'read one line']]
    for (const layout of LAYOUTS) {
      const before = sampleCpu(browserPid ? { browser: browserPid } : {})
      const { writeMs, readMs, read } = await page.evaluate(writeAndRead, { layout, count })
      const cpu = cpuBetween(before, sampleCpu(browserPid ? { browser: browserPid } : {}))
      rows.push([
        DESCRIPTIONS[layout],
        ms(writeMs),
        ms(cpu.get('browser process (IndexedDB, network)') ?? NaN),
        layout === 'raw' ? '—' : `${ms(readMs)} (${read.toLocaleString('en-US')} documents)`,
      ])
    }
    console.log(`\nIndexedDB layouts — ${count.toLocaleString('en-US')} signal documents, 12 lines`)
    console.log(table(rows))
  } finally {
    await browser.close()
    server.close()
  }
}

const LAYOUTS = ['raw', 'rxdb', 'rxdbWithoutLwt', 'chunks'] as const
type Layout = (typeof LAYOUTS)[number]

const DESCRIPTIONS: Record<Layout, string> = {
  raw: 'a record per document, no index (the first sync bench’s raw write)',
  rxdb: "a record per document, RxDB's Dexie layout (4 indexes)",
  rxdbWithoutLwt: 'the same without the two _meta.lwt indexes',
  chunks: 'a record per 500 documents of one line, no index',
}

/** In the page: writes in transactions of 5,000 documents (or 10 chunks), then reads line 0 back. */
async function writeAndRead({ layout, count }: { layout: Layout; count: number }) {
  const lines = 12
  const docs = Array.from({ length: count }, (_, i) => ({
    id: `sig-${String(i).padStart(7, '0')}`,
    name: `Signal ${i} measurement`,
    friendlyName: null,
    entityType: 'MEASUREMENT',
    isSignalActive: true,
    singleSide: null,
    upperLimit: null,
    lowerLimit: null,
    result: [],
    qualityCharacteristic: 'NONE',
    resultClassifications: [],
    stationId: `st-${i % 300}`,
    stationName: `Station ${i % 300}`,
    lineId: `line-${i % lines}`,
    revision: 1,
    updatedAt: '2026-11-25T10:00:00.000Z',
    _deleted: '0',
    _meta: { lwt: 1764064800000.01 },
    _attachments: {},
    _rev: '1-abcdefghij',
  }))
  const name = `bench-layout-${layout}`
  indexedDB.deleteDatabase(name)
  const start = performance.now()
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(name, 1)
    open.onupgradeneeded = () => {
      const store =
        layout === 'raw'
          ? open.result.createObjectStore('docs', { keyPath: 'k' })
          : open.result.createObjectStore('docs', layout === 'chunks' ? {} : { keyPath: 'id' })
      if (layout === 'rxdb' || layout === 'rxdbWithoutLwt') {
        store.createIndex('[_deleted+id]', ['_deleted', 'id'])
        store.createIndex('[_deleted+lineId+id]', ['_deleted', 'lineId', 'id'])
      }
      if (layout === 'rxdb') {
        store.createIndex('[_meta.lwt+id]', ['_meta.lwt', 'id'])
        store.createIndex('_meta.lwt', '_meta.lwt')
      }
    }
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  const records: Array<[unknown, string | number | undefined]> = []
  if (layout === 'chunks') {
    const byLine = new Map<string, typeof docs>()
    for (const d of docs) {
      const list = byLine.get(d.lineId)
      if (list) list.push(d)
      else byLine.set(d.lineId, [d])
    }
    for (const [line, list] of byLine)
      for (let i = 0; i < list.length; i += 500) records.push([list.slice(i, i + 500), `${line}|${i}`])
  } else {
    docs.forEach((d, i) => records.push(layout === 'raw' ? [{ k: i, d }, undefined] : [d, undefined]))
  }
  const perTransaction = layout === 'chunks' ? 10 : 5000
  for (let i = 0; i < records.length; i += perTransaction) {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('docs', 'readwrite')
      const store = tx.objectStore('docs')
      for (const [value, key] of records.slice(i, i + perTransaction))
        if (key === undefined) store.put(value)
        else store.put(value, key)
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
    })
  }
  const writeMs = performance.now() - start
  const readStart = performance.now()
  // The raw layout has no index to read a line by.
  const read =
    layout === 'raw'
      ? 0
      : await new Promise<number>((resolve, reject) => {
          const store = db.transaction('docs').objectStore('docs')
          const request =
            layout === 'chunks'
              ? store.getAll(IDBKeyRange.bound('line-0|', 'line-0|\uffff'))
              : store
                  .index('[_deleted+lineId+id]')
                  .getAll(IDBKeyRange.bound(['0', 'line-0'], ['0', 'line-0', []]))
          request.onsuccess = () => {
            const result = request.result as unknown[][]
            resolve(layout === 'chunks' ? result.reduce((n, chunk) => n + chunk.length, 0) : result.length)
          }
          request.onerror = () => reject(request.error)
        })
  const readMs = performance.now() - readStart
  db.close()
  indexedDB.deleteDatabase(name)
  return { writeMs, readMs, read }
}
