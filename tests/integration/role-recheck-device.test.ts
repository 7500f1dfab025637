import { describe, expect, it } from 'vitest'
import type { User } from '../../shared/schema/user'
import { Messages } from '../../shared/validation/messages'
import { getDocument } from '../../sync-server/store/documents'
import { useHttpTestServer } from './support/http-test-server'
import { DEMO } from './support/test-server'
import { tabletDevice, useTabletStorage } from './support/tablet-device'

/**
 * SHELL-04 on the device (the SyncController over HTTP, as the app runs it): the role is asked again
 * every `roleCheckMs` (ROLE_CACHE_MS, 5 minutes, in the app) and on reconnect. A demoted
 * administrator's session turns into a user's without a reload — the screens read the session, and
 * replication stops pulling the administrators' collections — and what they did as an administrator
 * while offline becomes a sync issue with the server's 403, never lost and never sent again.
 */
const http = useHttpTestServer()
useTabletStorage()

/** POST makes the operator an administrator, PUT a user again (the seed's role). */
const setOperatorRole = async (method: 'POST' | 'PUT') => {
  const admin = await http.server.signIn()
  const res = await http.server.call(method, '/api/update-user-roles', admin, {
    userId: 'user-operator',
    role: 'administrator',
    customerId: 'cust-demo',
  })
  expect(res.status).toBe(200)
}

const role = (c: { session$: { value: { status: string; user?: { role: string } } } }) =>
  c.session$.value.status === 'signed-in' ? c.session$.value.user?.role : c.session$.value.status

describe('SHELL-04 roles re-checked on the device', () => {
  it('SHELL-04 the periodic check turns a demoted administrator into a user without a reload', async () => {
    await setOperatorRole('POST')
    const tablet = tabletDevice(http.baseUrl, 'role-periodic', { roleCheckMs: 50 })
    const controller = tablet.open()
    try {
      await controller.signIn(DEMO.userEmail, DEMO.userPassword)
      await expect.poll(() => controller.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()
      expect(role(controller)).toBe('administrator')
      const replicated = () =>
        (
          controller as unknown as { replications: { all: Array<{ collection: string }> } }
        ).replications.all.map((r) => r.collection)
      expect(replicated()).toContain('users')

      await setOperatorRole('PUT')
      await expect.poll(() => role(controller), { timeout: 20_000 }).toBe('user')
      // The session shows the new role first; its replications are started again for it right
      // after (session.ts, signedIn): the set is read once that restart has run, not during it.
      await expect
        .poll(() => replicated().length > 0 && !replicated().includes('users'), { timeout: 20_000 })
        .toBe(true)
      expect(replicated()).not.toContain('users')
      expect(replicated()).not.toContain('dataSources')
      expect(replicated()).toContain('lines')
      // A reload later opens as a user too, offline as well: the stored identity follows.
      expect((await controller.device.identity.get('current'))?.user.role).toBe('user')
    } finally {
      await controller.close()
      await setOperatorRole('PUT')
    }
  })

  it('SHELL-04 OFF-04 on reconnect, an administrator action made offline by a since-demoted administrator becomes a sync issue', async () => {
    await setOperatorRole('POST')
    // The periodic check is the app's 5 minutes: only the reconnect can notice the change here.
    const tablet = tabletDevice(http.baseUrl, 'role-reconnect')
    const controller = tablet.open()
    try {
      await controller.signIn(DEMO.userEmail, DEMO.userPassword)
      await expect.poll(() => controller.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()

      tablet.transport.setOnline(false)
      controller.setOnline(false)
      const outcome = await controller.run('setUserRole', { userId: 'user-engineer', role: 'administrator' })
      expect(outcome.status).toBe('saved')
      expect(controller.status$.value.pendingCount).toBe(1)

      await setOperatorRole('PUT')
      tablet.transport.setOnline(true)
      controller.setOnline(true)

      await expect.poll(() => role(controller), { timeout: 20_000 }).toBe('user')
      await expect
        .poll(async () => (await controller.device.issues.toArray()).length, { timeout: 20_000 })
        .toBe(1)
      const [issue] = await controller.device.issues.toArray()
      expect(issue).toMatchObject({
        kind: 'rejection',
        action: { name: 'setUserRole', args: { userId: 'user-engineer', role: 'administrator' } },
        rejection: { status: 403, message: Messages.server.forbidden },
      })
      expect(controller.status$.value.pendingCount).toBe(0)
      const engineer = await getDocument<User>(http.server.services.db, 'cust-demo', 'users', 'user-engineer')
      expect(engineer?.data.role).toBe('user')

      // Re-apply is refused on the device at once, with the same words: nothing goes up again.
      const again = await controller.reapply(issue!)
      expect(again).toEqual({
        status: 'refused',
        rejection: { code: 'FORBIDDEN', status: 403, message: Messages.server.forbidden },
      })
      expect(controller.status$.value.pendingCount).toBe(0)
      expect(await controller.device.issues.count()).toBe(1)
    } finally {
      await controller.close()
      await setOperatorRole('PUT')
    }
  })
})
