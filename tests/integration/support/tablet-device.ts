import { afterEach } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { DeviceDb } from '../../../client/db/storage/device-db'
import { SyncController, type ControllerOptions } from '../../../client/db/sync-controller'
import { NodeTransport } from './node-client'

/**
 * A tablet for controller tests: its IndexedDB (fake-indexeddb) and its cookie jar outlive each page
 * load, and each `open()` is a new page's controller. The browser's localStorage, where the session
 * hint lives (client/db/session/session-hint.ts), is a map that this returns and clears after each test.
 */
export function useTabletStorage(): Map<string, string> {
  const store = new Map<string, string>()
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  }
  ;(globalThis as unknown as { localStorage: typeof localStorage }).localStorage = localStorage
  afterEach(() => store.clear())
  return store
}

export function tabletDevice(
  baseUrl: string,
  name: string,
  options: Pick<ControllerOptions, 'showStoredFirst' | 'roleCheckMs'> = {},
) {
  const indexedDB = new IDBFactory()
  const transport = new NodeTransport({ baseUrl })
  const open = () =>
    new SyncController({
      transport,
      device: new DeviceDb(name, { indexedDB, IDBKeyRange }),
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
      live: false,
      isOnline: () => transport.isOnline,
      indexedDB,
      ...options,
    })
  return { open, transport, indexedDB }
}
