import { IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseNameFor } from '../storage/database-name'
import { DeviceDb } from '../storage/device-db'
import { fakeIndexedDbStorage } from '../storage/test-storage'
import { Outbox } from '../sync/outbox'
import { LocalDatabase } from './local-database'

/** The local database's open, and a cold start's race to it (local-database.ts). */
const plantA = { customerId: 'c1', plantId: 'plant-a' }
const plantB = { customerId: 'c1', plantId: 'plant-b' }
let opened: LocalDatabase | undefined
afterEach(async () => {
  await opened?.close(true)
  opened = undefined
})

function setUp() {
  const { indexedDB, storage } = fakeIndexedDbStorage()
  const device = new DeviceDb(`local-db-${Math.random().toString(36).slice(2)}`, { indexedDB, IDBKeyRange })
  const calls: string[] = []
  const database = new LocalDatabase(new Outbox(device), {
    storage,
    indexedDB,
    beforeClose: async () => void calls.push('close'),
    beforeShown: async () => void calls.push('shown'),
  })
  opened = database
  return { database, calls }
}

describe('the local database', () => {
  it('OFF-02 concurrent opens of one plant share one database', async () => {
    const { database, calls } = setUp()
    const [a, b] = await Promise.all([database.open(plantA), database.open(plantA)])
    expect(a).toBe(b)
    expect(database.db$.value).toBe(a)
    expect(await database.whenOpen()).toBe(a)
    expect(calls.filter((c) => c === 'shown')).toHaveLength(1)
  })

  it("OFF-02 an open superseded by another plant's ends with that plant open, for both callers", async () => {
    const { database } = setUp()
    const first = database.open(plantA)
    const second = database.open(plantB)
    const [a, b] = await Promise.all([first, second])
    expect(a).toBe(b)
    expect(database.db$.value?.name).toBe(databaseNameFor(plantB.customerId, plantB.plantId))
  })

  it('OFF-02 a cold start that shows stored documents opens the database once the first screen is drawn', async () => {
    const { database } = setUp()
    database.showStored(plantA)
    expect(database.storedView?.databaseName).toBe(databaseNameFor(plantA.customerId, plantA.plantId))
    const opening = database.openForSession(plantA)
    await database.outboxRead()
    expect(database.db$.value).toBeUndefined()
    database.firstScreenShown()
    const store = await opening
    expect(database.db$.value).toBe(store)
    // Screens read the database from now on.
    expect(database.storedView).toBeUndefined()
  })

  it('OFF-02 closing stops what depends on the database first, and an action then finds none', async () => {
    const { database, calls } = setUp()
    await database.open(plantA)
    await database.close(true)
    expect(calls.at(-1)).toBe('close')
    expect(database.db$.value).toBeUndefined()
    await expect(database.whenOpen()).rejects.toThrow('The local database is not open')
  })
})
