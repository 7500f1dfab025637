import { afterEach, describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { databaseNameFor } from '../../client/db/database-name'
import { DeviceDb } from '../../client/db/device-db'
import { SyncController } from '../../client/db/sync-controller'
import { DEMO } from './support/test-server'
import { useHttpTestServer } from './support/http-test-server'
import { NodeTransport } from './support/node-client'

/**
 * A cold start opens the last session's database from a hint (client/db/session-hint.ts) before
 * the stored identity is read. The hint only speeds things up: a wrong one must end with the stored
 * identity's database open and nothing else, online and offline.
 */
const http = useHttpTestServer()

const store = new Map<string, string>()
const localStorageStub = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
}
;(globalThis as unknown as { localStorage: typeof localStorageStub }).localStorage = localStorageStub
afterEach(() => store.clear())

/** One tablet: its IndexedDB and its cookie jar outlive each page load (a new controller). */
function device(name: string) {
  const indexedDB = new IDBFactory()
  const transport = new NodeTransport({ baseUrl: http.baseUrl })
  const open = () => {
    const controller = new SyncController({
      transport,
      device: new DeviceDb(name, { indexedDB, IDBKeyRange }),
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
      live: false,
      isOnline: () => transport.isOnline,
    })
    return { controller, transport }
  }
  return { open }
}

describe('cold start from the last session hint', () => {
  it('OFF-02 a stale hint naming another plant still ends with the signed-in plant open, online and offline', async () => {
    const tablet = device('hint-stale')
    const first = tablet.open()
    await first.controller.signIn(DEMO.adminEmail, DEMO.adminPassword)
    await expect.poll(() => first.controller.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()
    const session = first.controller.session$.value
    if (session.status !== 'signed-in') throw new Error('not signed in')
    const wanted = databaseNameFor(session.user.customerId, session.user.plantId)
    expect(JSON.parse(store.get('qm-last-plant') ?? '{}')).toMatchObject({ plantId: session.user.plantId })
    await first.controller.close()

    for (const online of [true, false]) {
      store.set('qm-last-plant', JSON.stringify({ customerId: 'cust-other', plantId: 'plant-elsewhere' }))
      const next = tablet.open()
      next.transport.setOnline(online)
      await next.controller.start()
      const db = next.controller.db$.value
      expect(db?.name).toBe(wanted)
      expect(next.controller.session$.value).toMatchObject({ status: 'signed-in', verified: online })
      // The plant's lines are there, read from the device.
      expect((await db!.collections.lines.find().exec()).length).toBeGreaterThan(0)
      // The wrongly hinted database is not the one left open, and nothing replaced the right one.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(next.controller.db$.value?.name).toBe(wanted)
      await next.controller.close()
    }
  })
})
