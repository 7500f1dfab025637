import { describe, expect, it } from 'vitest'
import { databaseNameFor } from '../../client/db/storage/database-name'
import { DEMO } from './support/test-server'
import { useHttpTestServer } from './support/http-test-server'
import { tabletDevice, useTabletStorage } from './support/tablet-device'

/**
 * A cold start opens the last session's database from a hint (client/db/session/session-hint.ts) before
 * the stored identity is read. The hint only speeds things up: a wrong one must end with the stored
 * identity's database open and nothing else, online and offline.
 */
const http = useHttpTestServer()

const store = useTabletStorage()

/** One tablet: its IndexedDB and its cookie jar outlive each page load (a new controller). */
function device(name: string, showStoredFirst: boolean) {
  const tablet = tabletDevice(http.baseUrl, name, { showStoredFirst })
  return { open: () => ({ controller: tablet.open(), transport: tablet.transport }) }
}

// Both ways a cold start can go: the database opened at once, or after the stored view (the browser's).
describe.each([false, true])(
  'cold start from the last session hint (stored view first: %s)',
  (showStoredFirst) => {
    it('OFF-02 a stale hint naming another plant still ends with the signed-in plant open, online and offline', async () => {
      const tablet = device(`hint-stale-${showStoredFirst}`, showStoredFirst)
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
        expect((await db!.rx.collections.lines.find().exec()).length).toBeGreaterThan(0)
        // The wrongly hinted database is not the one left open, and nothing replaced the right one.
        await new Promise((resolve) => setTimeout(resolve, 200))
        expect(next.controller.db$.value?.name).toBe(wanted)
        await next.controller.close()
      }
    })
  },
)
