import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import type { User } from '../../shared/schema/user'
import { loadSession, sessionForUser } from '../../sync-server/auth/session'
import {
  CUSTOMER_WIDE,
  getDocument,
  writeDocument,
  writeTransaction,
} from '../../sync-server/store/documents'
import { DATABASE_KINDS, DEMO, useDemoServer } from './support/test-server'

/**
 * SHELL-04: every request reads its session afresh — the stored user's role, and the plant it works
 * in (its own plant, else the customer's first) — in one statement (store/session-rows.ts), and a
 * sign-in reads the same user alike: the plant each answers is checked by name, and nothing is
 * answered for a removed user or an expired session.
 */
describe.each(DATABASE_KINDS)('SHELL-04 a session read afresh on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: [] })

  const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))
  const storeUser = async (change: (user: User) => User, deleted = false) => {
    const db = demo.server.services.db
    const user = (await getDocument<User>(db, 'cust-demo', 'users', 'user-operator'))!
    await writeTransaction(db, 'cust-demo', (tx) =>
      writeDocument(tx, {
        customerId: 'cust-demo',
        collection: 'users',
        id: 'user-operator',
        plantId: CUSTOMER_WIDE,
        data: change(user.data) as unknown as Record<string, unknown>,
        deleted,
      }),
    )
  }
  const expectSameAsSignIn = async (token: string, plantId: string) => {
    const db = demo.server.services.db
    const session = await loadSession(db, token)
    expect(session).toEqual(await sessionForUser(db, 'cust-demo', 'user-operator'))
    expect(session?.plantId).toBe(plantId)
  }

  test('SHELL-04 the user’s own plant, the customer’s first when it has none or its plant is gone, nothing once removed or expired', async () => {
    const db = demo.server.services.db
    const token = tokenOf(await demo.server.signIn(DEMO.userEmail, DEMO.userPassword))
    const located = (locationPlantId: string | null) => (user: User) => ({
      ...user,
      locationConfig: { ...user.locationConfig, locationPlantId },
    })
    await expectSameAsSignIn(token, 'plant-demo')
    // A second plant, written after the first: the user's own when located there.
    await writeTransaction(db, 'cust-demo', (tx) =>
      writeDocument(tx, {
        customerId: 'cust-demo',
        collection: 'plants',
        id: 'plant-second',
        plantId: 'plant-second',
        data: { id: 'plant-second', name: 'Second plant' },
      }),
    )
    await storeUser(located('plant-second'))
    await expectSameAsSignIn(token, 'plant-second')
    await storeUser(located(null))
    await expectSameAsSignIn(token, 'plant-demo')
    await storeUser(located('plant-gone'))
    await expectSameAsSignIn(token, 'plant-demo')
    // The role is read afresh too.
    await storeUser((user) => ({ ...user, role: 'contributor' }))
    expect((await loadSession(db, token))?.role).toBe('contributor')
    await storeUser((user) => ({ ...user, role: 'user' }))

    await storeUser((user) => user, true)
    expect(await loadSession(db, token)).toBeUndefined()
    await storeUser((user) => user)
    expect(await loadSession(db, token)).toBeDefined()
    await sql`update sessions set expires_at = now() - interval '1 second'`.execute(db)
    expect(await loadSession(db, token)).toBeUndefined()
    expect(await loadSession(db, 'no-such-token')).toBeUndefined()
  })
})
