import { describe, expect, test } from 'vitest'
import type { Role, User } from '../../shared/schema/user'
import { Messages } from '../../shared/validation/messages'
import {
  CUSTOMER_WIDE,
  getDocument,
  writeDocument,
  writeTransaction,
} from '../../sync-server/store/documents'
import { AUTHORS, intentPush, rejectionOf } from './support/intent-push'
import { readSse } from './support/sse'
import { DATABASE_KINDS, DEMO, useDemoServer, type DemoServer } from './support/test-server'

/**
 * SHELL-04 on the server: a session's role is the stored user's as of each request, so an
 * administrator demoted while signed in is refused administrator work on the very next request with
 * the same cookie — REST, pull, push (a kept rejection on the device) and the live stream alike. And
 * the 'contributor' role the specification's current-user check names signs in and works as a user.
 */
type ErrorBody = { error: { code: string; message: string } }

const FORBIDDEN = { code: 'FORBIDDEN', status: 403, message: Messages.server.forbidden }

/** Sets a user's stored role directly, as data from elsewhere (an import, the plant's server) would. */
async function storeRole(demo: DemoServer, userId: string, role: Role): Promise<void> {
  const db = demo.server.services.db
  const user = await getDocument<User>(db, 'cust-demo', 'users', userId)
  await writeTransaction(db, 'cust-demo', (tx) =>
    writeDocument(tx, {
      customerId: 'cust-demo',
      collection: 'users',
      id: userId,
      plantId: CUSTOMER_WIDE,
      data: { ...user!.data, role },
    }),
  )
}

const roleChange = (demo: DemoServer, method: 'POST' | 'PUT', role: string) =>
  demo.server.call<User>(method, '/api/update-user-roles', demo.admin, {
    userId: AUTHORS.operator,
    role,
    customerId: 'cust-demo',
  })

describe.each(DATABASE_KINDS)('SHELL-04 roles re-checked on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin'] })
  const push = intentPush(demo)
  /** Work open to every role: a Line Management setting of the Paint line. */
  const pushLineWindow = (days: number, cookie: string) =>
    push('updateLineSettings', { lineId: 'line-paint', changes: { alertViewingWindowDays: days } }, cookie)

  test('SHELL-04 an administrator demoted while signed in is refused administrator work on the next request with the same cookie', async () => {
    expect((await roleChange(demo, 'POST', 'administrator')).status).toBe(200)
    try {
      const cookie = await demo.server.signIn(DEMO.userEmail, DEMO.userPassword)
      const isAdmin = async () =>
        (await demo.server.call('GET', '/api/check-current-user-roles', cookie)).body
      expect(await isAdmin()).toEqual({ isAdministrator: true })
      expect((await demo.server.call('GET', '/api/customer-users-for-user', cookie)).status).toBe(200)
      expect(
        (await demo.server.call('POST', '/sync/users/pull', cookie, { checkpoint: null, batchSize: 10 }))
          .status,
      ).toBe(200)

      // Another administrator takes the role away; the operator's session is not touched.
      const demoted = await roleChange(demo, 'PUT', 'administrator')
      expect(demoted.body.role).toBe('user')

      expect(await isAdmin()).toEqual({ isAdministrator: false })
      expect((await demo.server.call('GET', '/api/session', cookie)).body).toMatchObject({ role: 'user' })
      const rest = await demo.server.call<ErrorBody>('GET', '/api/customer-users-for-user', cookie)
      expect(rest).toEqual({
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Forbidden resource' } },
      })
      const pull = await demo.server.call<ErrorBody>('POST', '/sync/dataSources/pull', cookie, {
        checkpoint: null,
      })
      expect(pull.status).toBe(403)
      // What the device made while it was an administrator is refused, as a kept rejection.
      const pushed = await push('setUserRole', { userId: 'user-engineer', role: 'administrator' }, cookie)
      expect(rejectionOf(pushed)).toEqual(FORBIDDEN)
      const engineer = await getDocument<User>(demo.server.services.db, 'cust-demo', 'users', 'user-engineer')
      expect(engineer?.data.role).toBe('user')
      // Work open to every role goes on.
      const line = await pushLineWindow(44, cookie)
      expect(line.status).toBe('applied')
    } finally {
      await roleChange(demo, 'PUT', 'administrator')
    }
  })

  test('SHELL-04 the live stream of a demoted administrator ends instead of sending users', async () => {
    expect((await roleChange(demo, 'POST', 'administrator')).status).toBe(200)
    try {
      const cookie = await demo.server.signIn(DEMO.userEmail, DEMO.userPassword)
      const res = await demo.server.request('GET', '/sync/stream', { cookie })
      expect(res.status).toBe(200)
      const stream = readSse(res)
      try {
        expect(await stream.next()).toBe('RESYNC')
        // A users change while still an administrator arrives.
        await push('setUserLocation', {
          userId: 'user-new-hire',
          locationConfig: { locationName: 'corporate', locationPlantId: null },
        })
        expect(JSON.parse(await stream.next())).toMatchObject({ collection: 'users' })
        // The demotion is itself a users change: it is not sent, the stream ends.
        await roleChange(demo, 'PUT', 'administrator')
        await expect(stream.next(10_000)).rejects.toThrow('stream ended')
      } finally {
        await stream.close()
      }
    } finally {
      await roleChange(demo, 'PUT', 'administrator')
      await push('setUserLocation', {
        userId: 'user-new-hire',
        locationConfig: { locationName: null, locationPlantId: null },
      })
    }
  })

  test('SHELL-04 a contributor signs in and works as a user: no Users or Data Sources, and isAdministrator is false', async () => {
    await storeRole(demo, AUTHORS.operator, 'contributor')
    try {
      const signIn = await demo.server.call<User>('POST', '/api/session', undefined, {
        email: DEMO.userEmail,
        password: DEMO.userPassword,
      })
      expect(signIn.status).toBe(200)
      expect(signIn.body).toMatchObject({ id: AUTHORS.operator, role: 'contributor' })
      const cookie = await demo.server.signIn(DEMO.userEmail, DEMO.userPassword)
      expect((await demo.server.call('GET', '/api/session', cookie)).body).toMatchObject({
        role: 'contributor',
      })
      expect((await demo.server.call('GET', '/api/check-current-user-roles', cookie)).body).toEqual({
        isAdministrator: false,
      })
      // The plant's data replicates; the administrators' collections do not.
      expect(
        (await demo.server.call('POST', '/sync/lines/pull', cookie, { checkpoint: null, batchSize: 10 }))
          .status,
      ).toBe(200)
      expect(
        (await demo.server.call('POST', '/sync/users/pull', cookie, { checkpoint: null, batchSize: 10 }))
          .status,
      ).toBe(403)
      const counts = await demo.server.call<{ counts: Record<string, number> }>('GET', '/sync/counts', cookie)
      expect(Object.keys(counts.body.counts)).not.toContain('users')
      expect(Object.keys(counts.body.counts)).toContain('signals')
      const line = await pushLineWindow(45, cookie)
      expect(line.status).toBe('applied')
      expect(rejectionOf(await push('deleteDataSource', { id: 'source-mes' }, cookie))).toEqual(FORBIDDEN)

      // The administrators' list shows the role as it is; role calls other than administrator keep it.
      const list = await demo.server.call<User[]>('GET', '/api/customer-users-for-user', demo.admin)
      expect(list.body.find((u) => u.id === AUTHORS.operator)?.role).toBe('contributor')
      for (const [method, role] of [
        ['POST', 'user'],
        ['PUT', 'user'],
        ['POST', 'contributor'],
        ['PUT', 'contributor'],
        ['PUT', 'administrator'],
      ] as const) {
        const kept = await roleChange(demo, method, role)
        expect([method, role, kept.status, kept.body.role]).toEqual([method, role, 200, 'contributor'])
      }
      // Nobody is made a contributor by an action: the dropdown's roles only.
      const made = await push('setUserRole', { userId: 'user-engineer', role: 'contributor' })
      expect(rejectionOf(made)?.status).toBe(400)
      // Made an administrator, the same session sees the administrators' screens at once.
      expect((await roleChange(demo, 'POST', 'administrator')).body.role).toBe('administrator')
      expect((await demo.server.call('GET', '/api/check-current-user-roles', cookie)).body).toEqual({
        isAdministrator: true,
      })
    } finally {
      await storeRole(demo, AUTHORS.operator, 'user')
    }
  })
})
