import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createRxDatabase,
  fillWithDefaultSettings,
  type MangoQuery,
  type RxCollection,
  type RxDatabase,
  type RxStorage,
} from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { openAppDatabase, type AppDatabase } from './app-database'
import { rxSchemaFor } from './rx-schema'
import type { LineRecordInstance } from './line-record-storage'
import { recordsDatabaseName, withLineRecords } from './line-record-storage'
import { RECORD_SIZE } from './record-directory'
import { fakeLockManager } from './test-locks'
import { filter, firstValueFrom } from 'rxjs'

/**
 * The bulk collections' storage (client/db/storage/line-record-storage.ts): a seeded run of inserts, edits,
 * moves to another line and removals made through RxDB answers every query exactly as RxDB's own
 * Dexie storage does with the same writes; records never hold more than RECORD_SIZE documents; and
 * two instances on one database (two tabs) never lose or duplicate a document the other wrote; and
 * the changes since a checkpoint (RxDB's schema migration reads them) come in RxDB's order.
 */
type Signal = { id: string; lineId: string; name: string; kind: string; revision: number; updatedAt: string }
type Data = Record<string, unknown>

const closing: Array<{ close(): Promise<unknown> }> = []
afterEach(async () => {
  for (const c of closing.splice(0)) await c.close()
})

const dexie = (indexedDB: IDBFactory) =>
  getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>

/** The app's database (signals in line records) and a plain RxDB database on Dexie, same schema. */
async function pair(): Promise<{ app: AppDatabase; plain: RxDatabase<{ signals: RxCollection<Signal> }> }> {
  const app = await openAppDatabase({
    name: `records-${Math.random().toString(36).slice(2)}`,
    storage: dexie(new IDBFactory()),
  })
  const plain = await createRxDatabase<{ signals: RxCollection<Signal> }>({
    name: `plain-${Math.random().toString(36).slice(2)}`,
    storage: dexie(new IDBFactory()),
  })
  await plain.addCollections({ signals: { schema: rxSchemaFor('signals') as never } })
  closing.push(app, plain)
  return { app, plain }
}

/** mulberry32: the same run every time. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const LINES = ['L0', 'L1', 'L2', 'L3']

const QUERIES: ReadonlyArray<MangoQuery<Signal>> = [
  {},
  ...LINES.map((lineId) => ({ selector: { lineId } })),
  { selector: { kind: 'attribute' } },
  { selector: { lineId: 'L1', kind: 'measurement' }, sort: [{ name: 'desc' }] },
  { selector: { lineId: 'L2' }, skip: 7, limit: 40 },
  { selector: { lineId: { $in: ['L0', 'L3'] } } },
  { selector: { lineId: 'L9' } },
]

const answers = async (c: RxCollection<Signal>, ids: string[]) => ({
  queries: await Promise.all(QUERIES.map(async (q) => (await c.find(q).exec()).map((d) => d.toJSON()))),
  counts: await Promise.all(LINES.map((lineId) => c.count({ selector: { lineId } }).exec())),
  byIds: [...(await c.findByIds(ids).exec()).values()].map((d) => d.toJSON()),
})

describe('line-record storage', () => {
  it('OFF-03 a seeded run of inserts, edits, moves and removals answers every query as RxDB’s Dexie storage', async () => {
    const { app, plain } = await pair()
    const both = [app.collections.signals as unknown as RxCollection<Signal>, plain.collections.signals]
    const next = random(13)
    const pick = <T>(items: ReadonlyArray<T>) => items[Math.floor(next() * items.length)]!
    const ids: string[] = []
    let n = 0
    for (let step = 0; step < 24; step++) {
      const op = step < 4 ? 'insert' : pick(['insert', 'edit', 'move', 'remove'] as const)
      if (op === 'insert') {
        const batch = Array.from({ length: 150 + Math.floor(next() * 150) }, () => ({
          id: `S${String(n++).padStart(5, '0')}`,
          lineId: pick(LINES),
          name: `signal ${Math.floor(next() * 1000)}`,
          kind: pick(['attribute', 'measurement']),
          revision: 1,
          updatedAt: '2026-11-26T10:00:00.000Z',
        }))
        ids.push(...batch.map((s) => s.id))
        for (const c of both) await c.bulkInsert(batch)
      } else {
        const chosen = [...new Set(Array.from({ length: 40 }, () => pick(ids)))]
        for (const c of both) {
          const docs = [...(await c.findByIds(chosen).exec()).values()]
          if (op === 'remove') await c.bulkRemove(docs.map((d) => d.id))
          else
            await c.bulkUpsert(
              docs.map((d) => ({
                ...d.toJSON(),
                ...(op === 'edit'
                  ? { name: `${d.name}!` }
                  : { lineId: LINES[(LINES.indexOf(d.lineId) + 1) % 4]! }),
              })),
            )
        }
      }
      const asked = Array.from({ length: 30 }, () => pick(ids))
      const [mine, theirs] = await Promise.all(both.map((c) => answers(c, asked)))
      expect(mine, `step ${step} (${op})`).toEqual(theirs)
    }
    // What RxDB keeps in memory is not what is asked here: the stored records, read afresh.
    const records = await storedRecords(app)
    expect(records.every((r) => r.length > 0 && r.length <= RECORD_SIZE)).toBe(true)
    const stored = records.flat().map((d) => String(d.id))
    expect(new Set(stored).size).toBe(stored.length)
    expect(stored.length).toBe(ids.length)
  })

  it("OFF-03 two tabs on one database: each write reaches the other tab's queries as it commits; a tab opened later reads what was written before", async () => {
    const indexedDB = new IDBFactory()
    const name = `told-${Math.random().toString(36).slice(2)}`
    const { locks, holders } = fakeLockManager()
    const a = await signalsInstance(indexedDB, name, locks)
    const b = await signalsInstance(indexedDB, name, locks)
    const signal = (id: string, revision: number) => ({
      id,
      lineId: 'L0',
      name: `${id} r${revision}`,
      revision,
      updatedAt: '2026-11-26T10:00:00.000Z',
      _deleted: false,
      _attachments: {},
      _meta: { lwt: revision },
      _rev: `${revision}-x`,
    })
    const toldB = firstValueFrom(
      b.changeStream().pipe(filter((bulk) => bulk.events.some((e) => e.documentId === 'S1'))),
    )
    await a.bulkWrite([{ document: signal('S1', 1) as never }], 'test')
    expect((await toldB).events.map((e) => [e.operation, e.documentData.name])).toEqual([['INSERT', 'S1 r1']])
    // B closes: A alone writes S2 (nobody is told); C opens after and reads both.
    await b.close()
    expect(holders).toHaveLength(1)
    await a.bulkWrite([{ document: signal('S2', 1) as never }], 'test')
    const c = await signalsInstance(indexedDB, name, locks)
    expect((await c.findDocumentsById(['S1', 'S2'], false)).map((d) => d.name)).toEqual(['S1 r1', 'S2 r1'])
    const toldC = firstValueFrom(
      c.changeStream().pipe(filter((bulk) => bulk.events.some((e) => e.documentId === 'S1'))),
    )
    await a.bulkWrite([{ document: signal('S1', 2) as never, previous: signal('S1', 1) as never }], 'test')
    expect((await toldC).events.map((e) => [e.operation, e.documentData.name])).toEqual([['UPDATE', 'S1 r2']])
  })

  it('OFF-03 two tabs on one database: what one wrote the other finds, updates and moves, never twice', async () => {
    const indexedDB = new IDBFactory()
    const name = `tabs-${Math.random().toString(36).slice(2)}`
    const [a, b] = [await signalsInstance(indexedDB, name), await signalsInstance(indexedDB, name)]
    let lwt = 1
    const doc = (id: string, lineId: string, revision: number) => ({
      id,
      lineId,
      name: `${id} r${revision}`,
      revision,
      updatedAt: '2026-11-26T10:00:00.000Z',
      _deleted: false,
      _attachments: {},
      _meta: { lwt: lwt++ },
      _rev: `${revision}-x`,
    })
    const newer = (tab: LineRecordInstance, docs: ReturnType<typeof doc>[]) =>
      tab.putNewer(
        docs,
        (i, previous) => (Number(previous?.revision ?? 0) < docs[i]!.revision ? docs[i] : undefined),
        'test',
      )
    // A fills a line past one record; B has read nothing since it opened.
    const first = Array.from({ length: RECORD_SIZE + 20 }, (_, i) => doc(`S${i}`, 'L0', 1))
    expect(await newer(a, first)).toBe(first.length)
    expect((await b.findDocumentsById(['S3', `S${RECORD_SIZE + 5}`], false)).map((d) => d.name)).toEqual([
      'S3 r1',
      `S${RECORD_SIZE + 5} r1`,
    ])
    // B updates one in place and moves another to L1; A sees both and adds to the line B grew.
    expect(await newer(b, [doc('S3', 'L0', 2), doc('S4', 'L1', 2)])).toBe(2)
    expect(await newer(a, [doc('S4', 'L1', 2), doc('S9', 'L1', 3), doc('S900', 'L1', 1)])).toBe(2)
    const all = async (tab: LineRecordInstance) =>
      (
        await tab.query({
          query: { selector: { _deleted: { $eq: false } }, sort: [{ id: 'asc' }], skip: 0 },
          queryPlan: {} as never,
        })
      ).documents.map((d) => `${String(d.id)}:${String(d.lineId)}:${String(d.revision)}`)
    const fromA = await all(a)
    expect(fromA).toEqual(await all(b))
    expect(fromA).toHaveLength(first.length + 1)
    expect(fromA).toContain('S3:L0:2')
    expect(fromA).toContain('S4:L1:2')
    expect(fromA).toContain('S9:L1:3')
    expect(fromA).toContain('S900:L1:1')
  })

  it("OFF-03 the changes since a checkpoint come in RxDB's order (write time, then id), removals included, a page at a time", async () => {
    const signals = await signalsInstance(new IDBFactory(), `changes-${Math.random().toString(36).slice(2)}`)
    const doc = (id: string, lwt: number, deleted = false) => ({
      id,
      lineId: id < 'S3' ? 'L0' : 'L1',
      name: id,
      revision: 1,
      updatedAt: '2026-11-26T10:00:00.000Z',
      _deleted: deleted,
      _attachments: {},
      _meta: { lwt },
      _rev: '1-x',
    })
    const docs = [doc('S4', 1), doc('S1', 3), doc('S3', 2), doc('S2', 2, true), doc('S5', 5)]
    expect(await signals.putNewer(docs, (i) => docs[i], 'test')).toBe(5)
    const pages: string[][] = []
    let checkpoint: { id: string; lwt: number } | undefined
    for (;;) {
      const page = await signals.getChangedDocumentsSince(2, checkpoint)
      if (page.documents.length === 0) {
        expect(page.checkpoint).toEqual(checkpoint)
        break
      }
      pages.push(page.documents.map((d) => String(d.id)))
      checkpoint = page.checkpoint
    }
    expect(pages).toEqual([['S4', 'S2'], ['S3', 'S1'], ['S5']])
  })

  it('OFF-03 a conflicting write (a previous version that is not the stored one) is refused with 409', async () => {
    const { app } = await pair()
    const signals = app.collections.signals
    await signals.insert({ id: 'S1', lineId: 'L0', name: 'one', revision: 1, updatedAt: '' } as never)
    await expect(
      signals.insert({ id: 'S1', lineId: 'L1', name: 'again', revision: 1, updatedAt: '' } as never),
    ).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await signals.findOne('S1').exec())?.toJSON()).toMatchObject({ lineId: 'L0', name: 'one' })
  })

  it('OFF-03 removing the storage deletes its records database, and a new one starts empty', async () => {
    const indexedDB = new IDBFactory()
    const name = `removed-${Math.random().toString(36).slice(2)}`
    const stored = recordsDatabaseName(name, 0, 'signals')
    const first = await signalsInstance(indexedDB, name)
    const doc = { id: 'S1', lineId: 'L0', name: 'one', revision: 1, updatedAt: '', _deleted: false }
    const meta = { _attachments: {}, _meta: { lwt: 1 }, _rev: '1-x' }
    expect(await first.putNewer([doc], () => ({ ...doc, ...meta }), 'test')).toBe(1)
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(stored)
    await first.remove()
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(stored)
    const next = await signalsInstance(indexedDB, name)
    expect(await next.findDocumentsById(['S1'], true)).toEqual([])
  })
})

/**
 * The signals' line-record storage instance on `name`, as RxDB opens it (one per tab); with `locks`,
 * shared with the other tabs as the app does (a change event each write, while another is present).
 */
async function signalsInstance(
  indexedDB: IDBFactory,
  name: string,
  locks?: LockManager,
): Promise<LineRecordInstance> {
  const instance = (await withLineRecords(dexie(indexedDB), locks).createStorageInstance({
    databaseInstanceToken: Math.random().toString(36),
    databaseName: name,
    collectionName: 'signals',
    schema: fillWithDefaultSettings(rxSchemaFor('signals')) as never,
    options: {},
    multiInstance: locks !== undefined,
    devMode: false,
  })) as unknown as LineRecordInstance
  closing.push(instance)
  return instance
}

/** Every record of the app database's signals, read straight from IndexedDB. */
async function storedRecords(app: AppDatabase): Promise<Data[][]> {
  const instance = (
    app.collections.signals.storageInstance as unknown as { originalStorageInstance: unknown }
  ).originalStorageInstance as { db: IDBDatabase }
  expect(instance.db.name).toBe(recordsDatabaseName(app.name, 0, 'signals'))
  return new Promise((resolve, reject) => {
    const all = instance.db.transaction('records').objectStore('records').getAll()
    all.onsuccess = () => resolve(all.result as Data[][])
    all.onerror = () => reject(all.error)
  })
}
