import { describe, expect, it } from 'vitest'
import { BULK_COLLECTIONS } from '../../client/db/collections'
import { databaseNameFor } from '../../client/db/storage/database-name'
import { deleteDatabase } from '../../client/db/storage/idb-request'
import { checkpointKey } from '../../client/db/storage/device-db'
import { recordsDatabaseName } from '../../client/db/storage/line-record-storage'
import { dexieDatabaseName } from '../../client/db/storage/rxdb-internals'
import { DEMO } from './support/test-server'
import { useHttpTestServer } from './support/http-test-server'
import { tabletDevice, useTabletStorage } from './support/tablet-device'

/**
 * A device that stored signals and limits in RxDB's Dexie layout (the version before
 * client/db/storage/line-record-storage.ts) pulls them again into line records on its next start, shows
 * first-sync progress while it does, and deletes the old copies; its structure is not pulled again.
 */
const http = useHttpTestServer()
useTabletStorage()

describe('moving signals and limits to line records', () => {
  it('OFF-03 a device holding them in the old layout pulls them again, and the old databases go', async () => {
    const tablet = tabletDevice(http.baseUrl, 'records-upgrade')
    const first = tablet.open()
    await first.signIn(DEMO.adminEmail, DEMO.adminPassword)
    await expect.poll(() => first.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()
    const session = first.session$.value
    if (session.status !== 'signed-in') throw new Error('not signed in')
    const { customerId, plantId } = session.user
    const dbName = databaseNameFor(customerId, plantId)
    const counts = async (c: NonNullable<typeof first.db$.value>) =>
      Object.fromEntries(
        await Promise.all(
          [...BULK_COLLECTIONS].map(
            async (name) => [name, await c.rx.collections[name].count().exec()] as const,
          ),
        ),
      )
    const synced = await counts(first.db$.value!)
    expect(synced.signals).toBeGreaterThan(0)
    const storageToken = await first.db$.value!.storageToken
    await first.close()

    // Now as the previous version left it: the bulk collections in RxDB's Dexie databases, their
    // checkpoints under the previous key (complete), nothing in line records.
    const identifier = `qm-sync-${customerId}-${plantId}`
    for (const collection of BULK_COLLECTIONS) {
      await deleteDatabase(tablet.indexedDB, recordsDatabaseName(dbName, 0, collection))
      await createDatabase(tablet.indexedDB, dexieDatabaseName(dbName, 0, collection))
      const mark = await first.device.checkpoints.get(checkpointKey(identifier, collection))
      await first.device.checkpoints.delete(checkpointKey(identifier, collection))
      await first.device.checkpoints.put({
        ...mark!,
        key: `${identifier}-pull-v3-${collection}`,
        storageToken,
        complete: true,
      })
    }

    const next = tablet.open()
    const progress: Array<number | null> = []
    next.status$.subscribe((s) => progress.push(s.initialProgress))
    await next.start()
    await expect.poll(() => next.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()
    expect(progress.some((p) => p !== null)).toBe(true)
    expect(await counts(next.db$.value!)).toEqual(synced)
    const names = (await tablet.indexedDB.databases()).map((d) => d.name)
    for (const collection of BULK_COLLECTIONS) {
      expect(names).not.toContain(dexieDatabaseName(dbName, 0, collection))
      expect(names).toContain(recordsDatabaseName(dbName, 0, collection))
    }
    await next.close()
  })
})

function createDatabase(idb: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = idb.open(name, 1)
    req.onupgradeneeded = () => req.result.createObjectStore('docs', { keyPath: 'id' }).put({ id: 'old' })
    req.onsuccess = () => {
      req.result.close()
      resolve()
    }
    req.onerror = () => reject(req.error)
  })
}
