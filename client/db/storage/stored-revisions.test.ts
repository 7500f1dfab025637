import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import type { RxStorage } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { openAppDatabase, type AppDatabase } from './app-database'
import { writePulledDocuments } from './pulled-documents'
import { RxLocalStore } from './rx-local-store'

/**
 * The revisions an acknowledged action is absorbed against (client/db/storage/rx-local-store.ts): what is stored,
 * also when RxDB holds the document in its cache and a later revision or a removal was written
 * past RxDB (a pulled page), and for documents RxDB has not read.
 */
let db: AppDatabase | undefined
afterEach(async () => {
  await db?.close()
  db = undefined
})

const line = (id: string, revision: number, deleted = false) => ({
  id,
  friendlyName: `${id} r${revision}`,
  revision,
  updatedAt: '2026-11-26T10:00:00.000Z',
  _deleted: deleted,
})

describe('stored revisions', () => {
  it('OFF-03 follow pulled writes of cached documents, removals included, and read the rest from storage', async () => {
    db = await openAppDatabase({
      name: `revisions-${Math.random().toString(36).slice(2)}`,
      storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>,
    })
    const lines = db.collections.lines
    const write = (docs: Array<Record<string, unknown>>) =>
      writePulledDocuments(lines.storageInstance as never, 'id', db!.token, docs, false)
    await write([line('L1', 1), line('L2', 1), line('L3', 4)])
    // L1 and L2 are on screen (RxDB holds them); L3 is not.
    const shown = await lines.findByIds(['L1', 'L2']).exec()
    expect(shown.size).toBe(2)
    await write([line('L1', 2), line('L2', 3, true)])
    expect(await new RxLocalStore(db).storedRevisions('lines', ['L1', 'L2', 'L3', 'L9'])).toEqual(
      new Map([
        ['L1', 2],
        ['L2', 3],
        ['L3', 4],
      ]),
    )
  })
})
