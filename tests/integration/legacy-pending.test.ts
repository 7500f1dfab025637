import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { databaseNameFor, openAppDatabase } from '../../client/db/storage/app-database'
import { DeviceDb } from '../../client/db/storage/device-db'
import { SyncController } from '../../client/db/sync-controller'
import { DEMO } from './support/test-server'
import { useHttpTestServer } from './support/http-test-server'
import { NodeTransport } from './support/node-client'
import { serverThresholdHours } from './support/server-lines'

/**
 * OFF-07: a device updated from the version that pushed documents, with a change still pending,
 * loses nothing. The previous version's local database is a real RxDB database with the same
 * (version 0) schemas, holding a line as the server sent it, then edited on the device and marked
 * `pendingSince`. The new controller adopts it as an action before replication starts and sends it.
 */
const http = useHttpTestServer()

describe('OFF-07 pending changes of the previous app version', () => {
  it('OFF-07 a line edited offline in the previous version reaches the server after the update', async () => {
    const admin = await http.server.signIn()
    const session = (
      await http.server.call<{ customerId: string; plantId: string; id: string }>(
        'GET',
        '/api/session',
        admin,
      )
    ).body
    const stored = (await http.server.call<Record<string, unknown>>('GET', '/api/lines/line-paint', admin))
      .body
    const indexedDB = new IDBFactory()
    const storage = getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>

    // The previous version's database: the line as pulled, then edited here and not yet pushed.
    const old = await openAppDatabase({ name: databaseNameFor(session.customerId, session.plantId), storage })
    await old.collections.lines.insert({
      ...stored,
      ingestionThresholdHours: 77,
      revision: 1,
      updatedAt: '2026-11-01T00:00:00.000Z',
      pendingSince: '2026-11-02T08:00:00.000Z',
    } as never)
    await old.close()

    const controller = new SyncController({
      transport: new NodeTransport({ baseUrl: http.baseUrl }),
      device: new DeviceDb('legacy-device', { indexedDB, IDBKeyRange }),
      storage,
      live: false,
    })
    await controller.signIn(DEMO.adminEmail, DEMO.adminPassword)
    try {
      await expect
        .poll(() => serverThresholdHours(http.server, admin, 'line-paint'), { timeout: 20_000 })
        .toBe(77)
      await expect.poll(() => controller.status$.value.pendingCount, { timeout: 20_000 }).toBe(0)
      // The mark of the previous version is gone: the local database holds server documents only.
      const local = await controller.db$.value?.rx.collections.lines.findOne('line-paint').exec()
      expect(local?.get('pendingSince')).toBeUndefined()
    } finally {
      await controller.close()
    }
  })
})
