import { expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { DeviceDb } from '../../client/db/storage/device-db'
import { SyncController } from '../../client/db/sync-controller'
import type { Transport } from '../../client/db/sync/transport'
import { DEMO } from './support/test-server'
import { useHttpTestServer } from './support/http-test-server'
import { NodeTransport } from './support/node-client'
import { useTabletStorage } from './support/tablet-device'

/**
 * A start while the server takes its time to answer who is signed in (a starved server, a connection
 * hanging on plant Wi-Fi): a device that holds its plant shows it from the stored identity after a
 * moment, unverified, and the server's answer verifies it when it comes (client/db/session/session.ts).
 */
const http = useHttpTestServer()
useTabletStorage()

it('OFF-02 a start whose session check hangs shows the stored plant unverified, and the late answer verifies it', async () => {
  const indexedDB = new IDBFactory()
  const network = new NodeTransport({ baseUrl: http.baseUrl })
  let release: () => void = () => undefined
  let held = false
  const gate = new Promise<void>((resolve) => (release = resolve))
  // The server's answer to "who is signed in" is held until the test releases it.
  const transport: Transport = {
    fetch: async (path, init) => {
      if (path === '/api/session' && (init?.method ?? 'GET') === 'GET' && held) await gate
      return network.fetch(path, init)
    },
    openStream: network.openStream,
  }
  const open = () =>
    new SyncController({
      transport,
      device: new DeviceDb('slow-server-start', { indexedDB, IDBKeyRange }),
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
      live: false,
      isOnline: () => true,
      indexedDB,
      slowSessionMs: 100,
    })
  const first = open()
  await first.signIn(DEMO.adminEmail, DEMO.adminPassword)
  await expect.poll(() => first.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()
  await first.close()

  held = true
  const next = open()
  try {
    const starting = next.start()
    await expect
      .poll(() => next.session$.value, { timeout: 10_000 })
      .toMatchObject({ status: 'signed-in', verified: false, user: { email: DEMO.adminEmail } })
    await expect.poll(() => next.db$.value !== undefined, { timeout: 10_000 }).toBe(true)
    expect((await next.db$.value!.rx.collections.lines.find().exec()).length).toBeGreaterThan(0)
    release()
    await starting
    expect(next.session$.value).toMatchObject({ status: 'signed-in', verified: true })
  } finally {
    release()
    await next.close()
  }
})
