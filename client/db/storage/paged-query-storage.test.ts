import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import type { MangoQuery, PreparedQuery, RxStorage, RxStorageQueryResult } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { openAppDatabase, type AppDatabase } from './app-database'
import { PAGE } from './paged-query-storage'

/**
 * Queries answered a page of documents per IndexedDB round trip (client/db/storage/paged-query-storage.ts)
 * give exactly what RxDB's own cursor walk gives: the same documents in the same order, with
 * selectors the index answers or not, other sorts, skip and limit, deleted documents left out, and
 * more documents than a page. (Stations: the bulk collections are not in Dexie's layout, see
 * line-record-storage.ts; stations are indexed by line as signals were.)
 */
let db: AppDatabase | undefined
afterEach(async () => {
  await db?.close()
  db = undefined
})

const STATIONS = PAGE * 2 + 345

async function seeded(): Promise<AppDatabase> {
  db = await openAppDatabase({
    name: `paged-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>,
  })
  const stations = Array.from({ length: STATIONS }, (_, i) => ({
    id: `S${String(i).padStart(5, '0')}`,
    lineId: `L${i % 3}`,
    name: `station ${(i * 7919) % STATIONS}`,
    kind: i % 5 === 0 ? 'attribute' : 'measurement',
    revision: 1,
    updatedAt: '2026-11-25T10:00:00.000Z',
  }))
  await db.collections.stations.bulkInsert(stations as never)
  // Deleted documents stay in the store (tombstones): neither answer may show them.
  await db.collections.stations.find({ selector: { id: { $in: ['S00003', 'S01500', 'S02001'] } } }).remove()
  const lines = Array.from({ length: 40 }, (_, i) => ({
    id: `L${i}`,
    name: `Line ${i}`,
    revision: 1,
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...(i % 9 === 0 ? { pendingSince: '2026-11-25T09:00:00.000Z' } : {}),
  }))
  await db.collections.lines.bulkInsert(lines as never)
  return db
}

type Query = (prepared: PreparedQuery<unknown>) => Promise<RxStorageQueryResult<{ id: string }>>

/** Both answers to `query` as RxDB prepares it: the paged one (what the app uses) and the cursor walk. */
async function both(d: AppDatabase, collection: 'stations' | 'lines', query: MangoQuery<never>) {
  const rx = d.collections[collection]
  const instance = (rx.storageInstance as unknown as { originalStorageInstance: { query: Query } })
    .originalStorageInstance
  const prepared = (
    rx.find(query as never) as unknown as { getPreparedQuery(): PreparedQuery<unknown> }
  ).getPreparedQuery()
  const cursorQuery = (Object.getPrototypeOf(instance) as { query: Query }).query
  const paged = await instance.query(prepared)
  const cursor = await cursorQuery.call(instance, prepared)
  return { paged: paged.documents, cursor: cursor.documents }
}

describe('paged queries', () => {
  it('answer every kind of query exactly as the cursor walk does', async () => {
    const d = await seeded()
    const queries: Array<['stations' | 'lines', MangoQuery<never>]> = [
      ['stations', {}],
      ['stations', { selector: { lineId: 'L1' } } as never],
      ['stations', { selector: { lineId: 'L2', kind: 'attribute' } } as never],
      ['stations', { selector: { kind: 'attribute' } } as never],
      ['stations', { selector: { lineId: 'L0' }, sort: [{ name: 'desc' }] } as never],
      ['stations', { selector: { lineId: 'L0' }, skip: 10, limit: 25 } as never],
      ['stations', { selector: { kind: 'measurement' }, limit: PAGE + 3 } as never],
      ['stations', { selector: { lineId: 'L9' } } as never],
      ['lines', {}],
      ['lines', { selector: { pendingSince: { $exists: true } } } as never],
    ]
    for (const [collection, query] of queries) {
      const { paged, cursor } = await both(d, collection, query)
      expect(paged, JSON.stringify(query)).toEqual(cursor)
    }
    // Ten queries over a seeded fake-indexeddb, twice each: ~15 s alone, twice that on a busy machine.
  }, 90_000)

  it('read past a page and leave deleted documents out (RxDB asks for undeleted ones)', async () => {
    const d = await seeded()
    const all = (await d.collections.stations.find().exec()).map((s) => s.id)
    expect(all).toHaveLength(STATIONS - 3)
    expect(all).not.toContain('S01500')
    expect(await d.collections.stations.count().exec()).toBe(STATIONS - 3)
    expect(
      (await d.collections.lines.find({ selector: { pendingSince: { $exists: true } } }).exec()).length,
    ).toBe(5)
  })
})
