import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import type { RxStorage } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { openAppDatabase, type AppDatabase } from './app-database'
import { SCHEMA_VERSION } from './rx-schema'
import { idbRequest } from './idb-request'
import { LineRecordInstance } from './line-record-storage'
import {
  addRxStorageMultiInstanceSupport,
  cachedDocumentData,
  categorizeBulkWriteRows,
  DEXIE_DOCS_TABLE_NAME,
  dexieDatabaseName,
  dexieReplaceIfStartsWithPipe,
  dexieTarget,
  DOCS_STORE,
  fromDexieToStorage,
  getBroadcastChannelReference,
  getKeyRangeByQueryPlan,
  indexedDbOf,
  keyRangeOf,
  removeBroadcastChannelReference,
  unwrapInstance,
} from './rxdb-internals'

/**
 * What the device's storage relies on of RxDB beyond its documented API (rxdb-internals.ts), checked
 * against a real RxDB database on fake-indexeddb. A failure here after an RxDB upgrade names what
 * moved; fix rxdb-internals.ts (and what uses it) before anything else.
 */
let db: AppDatabase | undefined
afterEach(async () => {
  await db?.close()
  db = undefined
})

const changed = (what: string) => `RxDB changed ${what}: see client/db/storage/rxdb-internals.ts`

async function open(idb: IDBFactory) {
  db = await openAppDatabase({
    name: `internals-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageDexie({ indexedDB: idb, IDBKeyRange }) as RxStorage<unknown, unknown>,
  })
  return db
}

describe('RxDB internals the storage relies on', () => {
  it('keeps the storage helpers it exports for storage plugins, with the same parameters', () => {
    const arity = (fn: unknown) => (typeof fn === 'function' ? fn.length : -1)
    expect(
      arity(categorizeBulkWriteRows),
      changed('categorizeBulkWriteRows(instance, pk, docsInDb, rows, context, …)'),
    ).toBe(7)
    expect(
      arity(addRxStorageMultiInstanceSupport),
      changed('addRxStorageMultiInstanceSupport(name, params, instance, …)'),
    ).toBe(4)
    expect(
      arity(getBroadcastChannelReference),
      changed('getBroadcastChannelReference(storageName, databaseInstanceToken, databaseName, ref)'),
    ).toBe(4)
    expect(
      arity(removeBroadcastChannelReference),
      changed('removeBroadcastChannelReference(databaseInstanceToken, ref)'),
    ).toBe(2)
    expect(
      arity(getKeyRangeByQueryPlan),
      changed('getKeyRangeByQueryPlan(booleanIndexes, queryPlan, IDBKeyRange)'),
    ).toBe(3)
    expect(arity(fromDexieToStorage), changed('fromDexieToStorage(booleanIndexes, doc)')).toBe(2)
    expect(arity(dexieReplaceIfStartsWithPipe), changed('dexieReplaceIfStartsWithPipe(field)')).toBe(1)
    expect(DEXIE_DOCS_TABLE_NAME, changed("the Dexie storage's table name")).toBe(DOCS_STORE)
  })

  it("lays a collection out in IndexedDB as rxdb-internals.ts states, `_deleted` stored as '1' / '0'", async () => {
    const idb = new IDBFactory()
    const d = await open(idb)
    expect(d.storage.name, changed("the Dexie storage's name (paged-query-storage.ts checks it)")).toBe(
      'dexie',
    )
    await d.collections.lines.insert({ id: 'L1', friendlyName: 'Paint', revision: 1, updatedAt: '' } as never)
    await d.collections.lines.insert({ id: 'L2', friendlyName: 'Press', revision: 1, updatedAt: '' } as never)
    await (await d.collections.lines.findOne('L2').exec())!.remove()
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = idb.open(dexieDatabaseName(d.name, SCHEMA_VERSION, 'lines'))
      request.onupgradeneeded = () =>
        reject(new Error(changed('the IndexedDB database name of a collection')))
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('open failed'))
    })
    try {
      expect([...raw.objectStoreNames], changed("the Dexie storage's object store")).toContain(DOCS_STORE)
      const store = raw.transaction(DOCS_STORE, 'readonly').objectStore(DOCS_STORE)
      const [kept, removed] = await Promise.all([
        idbRequest<Record<string, unknown>>(store.get('L1')),
        idbRequest<Record<string, unknown>>(store.get('L2')),
      ])
      expect(kept, changed('the key of a stored document (its primary key)')).toMatchObject({
        id: 'L1',
        friendlyName: 'Paint',
      })
      expect(kept._deleted, changed('how `_deleted` is stored')).toBe('0')
      expect(removed._deleted, changed('how `_deleted` is stored')).toBe('1')
    } finally {
      raw.close()
    }
  })

  it("reaches a collection's Dexie table, change subject, key range and IndexedDB behind RxDB's wrapper", async () => {
    const idb = new IDBFactory()
    const d = await open(idb)
    const instance = d.collections.lines.storageInstance
    expect(
      unwrapInstance(instance),
      changed('the wrapper around a storage instance (`originalStorageInstance`)'),
    ).not.toBe(instance)
    const target = await dexieTarget(instance)
    expect(
      target,
      changed(
        "a Dexie instance's `internals` (dexieDb, dexieTable, booleanIndexes ['_deleted']) or `changes$`",
      ),
    ).toBeDefined()
    const internals = await (unwrapInstance(instance) as { internals: Promise<{ dexieDb: unknown }> })
      .internals
    expect(
      keyRangeOf(internals.dexieDb),
      changed("the Dexie database's options (`_options.IDBKeyRange`)"),
    ).toBe(IDBKeyRange)
    const dexie = unwrapInstance(instance) as { query?: unknown; closed?: unknown }
    expect(
      typeof dexie.query,
      changed("a Dexie instance's `query` (paged-query-storage.ts replaces it)"),
    ).toBe('function')
    expect(
      'closed' in dexie && !dexie.closed,
      changed("a Dexie instance's `closed` (undefined while open)"),
    ).toBe(true)
    expect(
      indexedDbOf(d.storage as RxStorage<unknown, unknown>).indexedDB,
      changed("the Dexie storage's `settings`"),
    ).toBe(idb)
    expect(
      unwrapInstance(d.collections.signals.storageInstance),
      changed('the wrapper around our line-record instances'),
    ).toBeInstanceOf(LineRecordInstance)
    expect(typeof d.token, changed("the database's `token` (revisions of pulled writes)")).toBe('string')
    expect(typeof (await d.storageToken), changed("the database's `storageToken` (checkpoints)")).toBe(
      'string',
    )
  })

  it("reads a document's latest data from the collection's document cache", async () => {
    const d = await open(new IDBFactory())
    await d.collections.lines.insert({ id: 'L1', friendlyName: 'Paint', revision: 3, updatedAt: '' } as never)
    await d.collections.lines.findOne('L1').exec()
    expect(
      cachedDocumentData(d.collections.lines, 'L1'),
      changed('the document cache (`_docCache.getLatestDocumentDataIfExists`)'),
    ).toMatchObject({ id: 'L1', revision: 3 })
    expect(cachedDocumentData(d.collections.lines, 'L9')).toBeUndefined()
  })

  it('categorizes a bulk write into inserts, updates, conflicts and one event bulk', () => {
    const doc = (id: string, rev: string) => ({
      id,
      _deleted: false,
      _rev: rev,
      _meta: { lwt: 1 },
      _attachments: {},
    })
    const stored = new Map([['B', doc('B', '1-a')]])
    const result = categorizeBulkWriteRows(
      { schema: { primaryKey: 'id' } } as never,
      'id' as never,
      stored as never,
      [
        { document: doc('A', '1-a') },
        { document: doc('B', '2-b'), previous: doc('B', '1-a') },
        { document: doc('B', '2-c') },
      ] as never,
      'test',
    )
    const idOf = (d: unknown) => (d as { id: string }).id
    const shape = changed("categorizeBulkWriteRows' result (line-record-storage.ts reads it)")
    expect(
      result.bulkInsertDocs.map((r) => idOf(r.document)),
      shape,
    ).toEqual(['A'])
    expect(
      result.bulkUpdateDocs.map((r) => idOf(r.document)),
      shape,
    ).toEqual(['B'])
    expect(
      result.errors.map((e) => [e.documentId, e.status]),
      shape,
    ).toEqual([['B', 409]])
    expect(
      result.eventBulk.events.map((e) => [e.documentId, e.operation]),
      shape,
    ).toEqual([
      ['A', 'INSERT'],
      ['B', 'UPDATE'],
    ])
    expect(result.newestRow && idOf(result.newestRow.document), shape).toBe('B')
  })
})
