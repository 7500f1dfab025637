import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RxStorage } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { openAppDatabase, type AppDatabase } from './app-database'
import { writePulledDocuments } from './pulled-documents'
import { bulkInsertIfEmpty, bulkPutNewer } from './dexie-direct-write'

/**
 * Pulled documents stored straight into a collection's storage (client/db/storage/pulled-documents.ts), on
 * RxDB with Dexie over fake-indexeddb: queries see them, and an older revision never replaces a newer.
 */
let db: AppDatabase | undefined
afterEach(async () => {
  await db?.close()
  db = undefined
})

const open = async () => {
  db = await openAppDatabase({
    name: `pulled-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>,
  })
  return db
}
const line = (id: string, revision: number, friendlyName: string, deleted = false) => ({
  id,
  friendlyName,
  revision,
  updatedAt: '2026-11-25T10:00:00.000Z',
  _deleted: deleted,
})
const write = (d: AppDatabase, docs: Array<Record<string, unknown>>, fresh = false) =>
  writePulledDocuments(d.collections.lines.storageInstance as never, 'id', d.token, docs, fresh)
const shown = async (d: AppDatabase, id: string) =>
  (await d.collections.lines.findOne(id).exec())?.toJSON() as Record<string, unknown> | undefined

describe('writePulledDocuments', () => {
  it('OFF-03 stores pulled documents where an open query sees them', async () => {
    const d = await open()
    const seen: number[] = []
    const sub = d.collections.lines.find().$.subscribe((rows) => seen.push(rows.length))
    await vi.waitFor(() => expect(seen).toEqual([0]))
    expect(await write(d, [line('L1', 1, 'One'), line('L2', 1, 'Two')], true)).toBe(2)
    await vi.waitFor(() => expect(seen.at(-1)).toBe(2))
    sub.unsubscribe()
    expect((await shown(d, 'L1'))?.friendlyName).toBe('One')
  })

  it('OFF-03 keeps the newer revision when an older one arrives late, and applies deletions', async () => {
    const d = await open()
    await write(d, [line('L1', 3, 'Third')], true)
    expect(await write(d, [line('L1', 2, 'Second')])).toBe(0)
    expect((await shown(d, 'L1'))?.friendlyName).toBe('Third')
    expect(await write(d, [line('L1', 4, 'Third', true)])).toBe(1)
    expect(await shown(d, 'L1')).toBeUndefined()
  })

  it('OFF-03 a first-sync write of a document that is stored after all is retried, not lost', async () => {
    const d = await open()
    await write(d, [line('L1', 1, 'One')], true)
    // "Nothing stored yet" was wrong (another tab stored it): the write is retried with a read.
    expect(await write(d, [line('L1', 2, 'Two'), line('L2', 1, 'New')], true)).toBe(2)
    expect((await shown(d, 'L1'))?.friendlyName).toBe('Two')
    expect((await shown(d, 'L2'))?.friendlyName).toBe('New')
  })

  it('OFF-03 a page holding one document twice keeps its newest revision', async () => {
    const d = await open()
    await write(d, [line('L1', 2, 'Two'), line('L1', 1, 'One')], true)
    expect((await shown(d, 'L1'))?.friendlyName).toBe('Two')
  })

  it('OFF-03 a first-sync page is stored where line queries, counts and later updates find it', async () => {
    const d = await open()
    const signal = (id: string, lineId: string, revision: number, deleted = false) => ({
      id,
      lineId,
      name: id,
      revision,
      updatedAt: '2026-11-25T10:00:00.000Z',
      _deleted: deleted,
    })
    const signals = d.collections.signals
    const onLine: number[] = []
    const sub = signals.find({ selector: { lineId: 'A' } }).$.subscribe((rows) => onLine.push(rows.length))
    await vi.waitFor(() => expect(onLine).toEqual([0]))
    const page = [
      signal('S1', 'A', 1),
      signal('S2', 'B', 1),
      signal('S3', 'A', 1),
      signal('S4', 'A', 1, true),
    ]
    await writePulledDocuments(signals.storageInstance as never, 'id', d.token, page, true)
    await vi.waitFor(() => expect(onLine.at(-1)).toBe(2))
    sub.unsubscribe()
    expect(await signals.count().exec()).toBe(3)
    // The next sync reads what the first one stored and replaces it with a newer revision only.
    await writePulledDocuments(signals.storageInstance as never, 'id', d.token, [signal('S1', 'B', 2)], false)
    expect((await signals.find({ selector: { lineId: 'A' } }).exec()).map((s) => s.id)).toEqual(['S3'])
    // What it stored reads back as stored: the same revisions (a deletion included) are not newer.
    const again = [signal('S3', 'A', 1), signal('S4', 'A', 1, true)]
    expect(await writePulledDocuments(signals.storageInstance as never, 'id', d.token, again, false)).toBe(0)
  })

  it("OFF-03 the first-sync insert recognises RxDB's Dexie storage (so it does not fall back to the slower write)", async () => {
    const d = await open()
    const row = {
      id: 'L9',
      document: { ...line('L9', 1, 'Nine'), _meta: { lwt: 1 }, _attachments: {}, _rev: '1-a' },
    }
    expect(await bulkInsertIfEmpty(d.collections.lines.storageInstance, [row], 'test')).toEqual({
      failedIds: new Set(),
    })
    expect(await bulkInsertIfEmpty(d.collections.lines.storageInstance, [row], 'test')).toEqual({
      failedIds: new Set(['L9']),
    })
    expect((await shown(d, 'L9'))?.friendlyName).toBe('Nine')
  })

  it('OFF-03 a later change reaches open queries as RxDB would tell them: update, removal, return', async () => {
    const d = await open()
    await write(d, [line('L1', 1, 'One'), line('L2', 1, 'Two')], true)
    const named: string[][] = []
    const sub = d.collections.lines
      .find({ selector: { friendlyName: { $ne: 'Hidden' } }, sort: [{ id: 'asc' }] })
      .$.subscribe((rows) =>
        named.push(rows.map((r) => `${r.id}:${(r.toJSON() as { friendlyName: string }).friendlyName}`)),
      )
    await vi.waitFor(() => expect(named.at(-1)).toEqual(['L1:One', 'L2:Two']))
    expect(await write(d, [line('L1', 2, 'Uno')])).toBe(1)
    await vi.waitFor(() => expect(named.at(-1)).toEqual(['L1:Uno', 'L2:Two']))
    expect(await write(d, [line('L2', 2, 'Two', true)])).toBe(1)
    await vi.waitFor(() => expect(named.at(-1)).toEqual(['L1:Uno']))
    expect(await write(d, [line('L2', 3, 'Back'), line('L3', 1, 'Hidden')])).toBe(2)
    await vi.waitFor(() => expect(named.at(-1)).toEqual(['L1:Uno', 'L2:Back']))
    sub.unsubscribe()
    expect(await d.collections.lines.count().exec()).toBe(3)
    expect((await shown(d, 'L2'))?.friendlyName).toBe('Back')
  })

  it("OFF-03 the read-and-write of later changes recognises RxDB's Dexie storage (one transaction, not three)", async () => {
    const d = await open()
    await write(d, [line('L1', 1, 'One')], true)
    const next = { ...line('L1', 2, 'Two'), _meta: { lwt: 2 }, _attachments: {}, _rev: '2-b' }
    const decided: Array<unknown> = []
    const written = await bulkPutNewer(
      d.collections.lines.storageInstance,
      ['L1'],
      (_i, previous) => {
        decided.push(previous?.friendlyName)
        return next
      },
      'test',
    )
    expect(written).toBe(1)
    expect(decided).toEqual(['One'])
    expect((await shown(d, 'L1'))?.friendlyName).toBe('Two')
  })
})
