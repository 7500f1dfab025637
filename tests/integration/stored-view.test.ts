import { describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import { COLLECTIONS } from '../../client/db/collections'
import { databaseNameFor } from '../../client/db/storage/database-name'
import { viewOfAll } from '../../client/db/sync/local-view'
import { StoredView } from '../../client/db/storage/stored-view'
import { DEMO } from './support/test-server'
import { useHttpTestServer } from './support/http-test-server'
import { tabletDevice, useTabletStorage } from './support/tablet-device'

/**
 * A cold start of a device that holds its plant shows what the device stored before the local
 * database (RxDB) is open (client/db/storage/stored-view.ts): the stored documents as RxDB's own queries give
 * them, with this device's pending actions laid over them; an action made meanwhile waits for the
 * database instead of failing; and a read never creates a database that is not there.
 */
const http = useHttpTestServer()

const store = useTabletStorage()
const device = (name: string) => tabletDevice(http.baseUrl, name, { showStoredFirst: true })

/** Signs in on a new tablet and waits for its first sync; the controller is closed (a page left). */
async function syncedTablet(name: string) {
  const tablet = device(name)
  const first = tablet.open()
  await first.signIn(DEMO.adminEmail, DEMO.adminPassword)
  await expect.poll(() => first.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()
  const session = first.session$.value
  if (session.status !== 'signed-in') throw new Error('not signed in')
  const dbName = databaseNameFor(session.user.customerId, session.user.plantId)
  return { tablet, first, user: session.user, dbName }
}

describe('cold start from what the device stored', () => {
  it('OFF-02 the stored view reads what RxDB holds, for every collection it covers', async () => {
    const { tablet, first, dbName } = await syncedTablet('stored-same')
    const db = first.db$.value!
    const view = new StoredView(dbName, Promise.resolve(), tablet.indexedDB)
    for (const collection of COLLECTIONS) {
      const read = await view.documents(collection)
      if (!view.covers(collection)) {
        expect(read, collection).toBeUndefined()
        continue
      }
      const rx = await db.rx.collections[collection].find().exec()
      expect(read, collection).toEqual(rx.map((d) => d.toJSON()))
    }
    expect(view.peek('lines')?.length).toBeGreaterThan(0)
    await first.close()
  })

  it('OFF-02 a database that is not there is read as nothing and not created', async () => {
    const indexedDB = new IDBFactory()
    const view = new StoredView('qm-nobody-nowhere', Promise.resolve(), indexedDB)
    expect(await view.documents('lines')).toBeUndefined()
    expect(await indexedDB.databases()).toEqual([])
  })

  it('OFF-02 offline, the frame shows before the database opens, with pending edits laid over the stored lines; an edit made then waits for the database', async () => {
    const { tablet, first, user, dbName } = await syncedTablet('stored-offline')
    const lines = await first.db$.value!.rx.collections.lines.find().exec()
    const line = lines[0]!.toJSON()
    const renamed = 'Stored view line'
    tablet.transport.setOnline(false)
    await first.run('updateLineSettings', { lineId: line.id, changes: { friendlyName: renamed } })
    await first.close()

    const next = tablet.open()
    const started = next.start()
    // Offline with the last user's hint: signed in at once, the database not open yet.
    expect(next.session$.value).toMatchObject({ status: 'signed-in', verified: false, user: { id: user.id } })
    expect(next.db$.value).toBeUndefined()
    const view = next.storedView!
    expect(view.databaseName).toBe(dbName)
    const stored = await view.documents('lines')
    const shown = viewOfAll('lines', next.outbox.state, {}, stored!)
    expect(shown.find((l) => l.id === line.id)).toMatchObject({
      friendlyName: renamed,
      pendingSince: expect.any(String),
    })
    expect(shown).toHaveLength(lines.length)

    // An action before the database is open is applied once it is (the first screen was drawn).
    const acting = next.run('setLineActive', { lineId: line.id, active: !line.active })
    next.firstScreenShown()
    expect(await acting).toMatchObject({ status: 'saved' })
    await started
    const db = next.db$.value!
    expect(db.name).toBe(dbName)
    expect(next.storedView).toBeUndefined()
    expect(next.outbox.state.pending(user.id)).toHaveLength(2)
    await next.close()
  })

  it('OFF-02 without a first screen the database still opens (after a second), and a hint of an earlier version shows nothing early', async () => {
    const { tablet, first, dbName } = await syncedTablet('stored-fallback')
    await first.close()
    tablet.transport.setOnline(false)
    const hint = JSON.parse(store.get('qm-last-plant')!) as Record<string, unknown>
    // An earlier version wrote the plant only: the frame waits for the stored identity.
    store.set('qm-last-plant', JSON.stringify({ customerId: hint.customerId, plantId: hint.plantId }))
    const next = tablet.open()
    const started = next.start()
    expect(next.session$.value.status).toBe('loading')
    await started
    expect(next.session$.value).toMatchObject({ status: 'signed-in', verified: false })
    expect(next.db$.value?.name).toBe(dbName)
    await next.close()
  })
})
