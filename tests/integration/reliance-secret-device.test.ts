import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { DeviceDb } from '../../client/db/storage/device-db'
import { SyncController } from '../../client/db/sync-controller'
import { readRelianceSecret } from '../../sync-server/domain/integration-reliance'
import { DEMO } from './support/test-server'
import { useHttpTestServer } from './support/http-test-server'
import { NodeTransport } from './support/node-client'

/**
 * ETQ-03 on the device: the Reliance client secret is write-only, so the device keeps it only while
 * the save waits to be sent. A save made offline holds it in the outbox (it must survive a reload);
 * once the server has answered — applied, or refused into a sync issue — no copy of it is left in
 * the device database, and the documents the device holds never had it.
 */
const http = useHttpTestServer()

const SECRET = 'TOP-SECRET-device-outbox'
const form = {
  apiHost: 'https://reliance.device.example',
  clientId: 'device-client',
  tokenEndpoint: 'https://reliance.device.example/token',
}

async function deviceWithAdmin(name: string) {
  const indexedDB = new IDBFactory()
  const transport = new NodeTransport({ baseUrl: http.baseUrl })
  const device = new DeviceDb(name, { indexedDB, IDBKeyRange })
  const controller = new SyncController({
    transport,
    device,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
    live: false,
    isOnline: () => transport.isOnline,
  })
  await controller.signIn(DEMO.adminEmail, DEMO.adminPassword)
  await expect.poll(() => controller.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()
  /** Everything the device database holds, as text. */
  const stored = async () => JSON.stringify([await device.outbox.toArray(), await device.issues.toArray()])
  const offline = () => {
    transport.setOnline(false)
    controller.setOnline(false)
  }
  const online = () => {
    transport.setOnline(true)
    controller.setOnline(true)
  }
  return { controller, device, stored, offline, online }
}

describe('ETQ-03 the Reliance secret on the device', () => {
  it('ETQ-03 an offline save keeps the secret until it is sent, then the device forgets it', async () => {
    const d = await deviceWithAdmin('secret-applied')
    try {
      d.offline()
      const outcome = await d.controller.run('saveRelianceConfig', {
        lineId: 'line-paint',
        ...form,
        clientSecret: SECRET,
        configId: 'reliance-device-paint',
      })
      expect(outcome.status).toBe('saved')
      // Waiting to be sent: the only copy the server will ever get is in the outbox.
      expect(await d.stored()).toContain(SECRET)
      const local = await d.controller.db$.value?.rx.collections.relianceConfigs
        .findOne('reliance-device-paint')
        .exec()
      expect(JSON.stringify(local?.toJSON() ?? {})).not.toContain(SECRET)

      d.online()
      await expect.poll(() => d.controller.status$.value.pendingCount, { timeout: 20_000 }).toBe(0)
      const secret = await readRelianceSecret(http.server.services.db, 'cust-demo', 'reliance-device-paint')
      expect(secret).toBe(SECRET)
      expect(await d.stored()).not.toContain(SECRET)
    } finally {
      await d.controller.close()
    }
  })

  it('ETQ-03 a save the server holds back becomes a sync issue without the secret', async () => {
    const d = await deviceWithAdmin('secret-conflict')
    try {
      d.offline()
      await d.controller.run('saveRelianceConfig', {
        lineId: 'line-machining',
        ...form,
        clientSecret: SECRET,
        configId: 'reliance-line-machining',
      })
      // Meanwhile someone else changes the host the device edited: the server holds the save back.
      const admin = await http.server.signIn()
      const other = await http.server.call(
        'POST',
        '/api/reliance-configuration/lines/line-machining',
        admin,
        {
          ...form,
          apiHost: 'https://elsewhere.example',
          clientSecret: 'TOP-SECRET-other',
        },
      )
      expect(other.status).toBeLessThan(300)

      d.online()
      await expect.poll(async () => (await d.device.issues.toArray()).length, { timeout: 20_000 }).toBe(1)
      expect(await d.stored()).toContain('saveRelianceConfig')
      expect(await d.stored()).not.toContain(SECRET)
      expect(await readRelianceSecret(http.server.services.db, 'cust-demo', 'reliance-line-machining')).toBe(
        'TOP-SECRET-other',
      )
    } finally {
      await d.controller.close()
    }
  })
})
