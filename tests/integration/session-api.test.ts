import { describe, expect, test } from 'vitest'
import type { User } from '../../shared/schema/user'
import { getDocument } from '../../sync-server/store/documents'
import { DATABASE_KINDS, DEMO, OTHER_ADMIN, useDemoServer } from './support/test-server'

type ErrorBody = { error: { code: string; message: string } }

describe.each(DATABASE_KINDS)('session API on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: [] })

  const signInRaw = (body: unknown) => demo.server.request('POST', '/api/session', { body })

  test('SHELL-04 signing in with good credentials sets an HttpOnly session cookie and answers the user', async () => {
    const res = await signInRaw({ email: DEMO.adminEmail, password: DEMO.adminPassword })
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^qm_session=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(await res.json()).toMatchObject({
      id: 'user-admin',
      email: DEMO.adminEmail,
      role: 'administrator',
      customerId: 'cust-demo',
      plantId: 'plant-demo',
      locationConfig: { locationName: 'Demo Plant', locationPlantId: 'plant-demo' },
    })
  })

  test('SHELL-04 sign-in matches the email case-insensitively and ignores surrounding spaces', async () => {
    const res = await signInRaw({ email: `  ${DEMO.userEmail.toUpperCase()} `, password: DEMO.userPassword })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: 'user-operator', role: 'user' })
  })

  test.each([
    ['a wrong password', { email: DEMO.adminEmail, password: 'not-the-password' }],
    ['an unknown email', { email: 'nobody@demo.plant', password: DEMO.adminPassword }],
    ["another customer's password", { email: DEMO.adminEmail, password: OTHER_ADMIN.password }],
  ])('SHELL-04 signing in with %s answers 401 without a cookie', async (_name, body) => {
    const res = await signInRaw(body)
    expect(res.status).toBe(401)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' },
    })
  })

  test.each([
    ['a blank email', { email: ' ', password: 'x' }, 'Email is required'],
    ['a blank password', { email: DEMO.adminEmail, password: '' }, 'Password is required'],
  ])('SHELL-04 signing in with %s answers 400', async (_name, body, message) => {
    const res = await demo.server.call<ErrorBody>('POST', '/api/session', undefined, body)
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(message)
  })

  test('SHELL-04 sign-in with malformed JSON answers 400 and an oversized body 413', async () => {
    const bad = await demo.server.request('POST', '/api/session', { raw: '{"email":' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as ErrorBody).error.message).toBe('Request body is not valid JSON')
    const big = await demo.server.call<ErrorBody>('POST', '/api/session', undefined, 'x'.repeat(1_100_000))
    expect(big.status).toBe(413)
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  test('USER-01 signing in records the last login (server clock), visible in the user document', async () => {
    const before = Date.now()
    await demo.server.signIn(DEMO.userEmail, DEMO.userPassword)
    const user = await getDocument<User>(demo.server.services.db, 'cust-demo', 'users', 'user-operator')
    expect(user?.data.lastLogin).not.toBeNull()
    expect(Date.parse(user!.data.lastLogin!)).toBeGreaterThanOrEqual(before - 1000)
    expect(user!.data.lastLogin).toMatch(/Z$/)
  })

  test("SHELL-04 GET /api/session answers the signed-in user, and 401 'Unauthorized' without or with a bad cookie", async () => {
    const cookie = await demo.server.signIn()
    const me = await demo.server.call('GET', '/api/session', cookie)
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ id: 'user-admin', role: 'administrator', customerId: 'cust-demo' })

    for (const c of [undefined, 'qm_session=not-a-token']) {
      const res = await demo.server.call<ErrorBody>('GET', '/api/session', c)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } })
    }
  })

  test('SHELL-04 DELETE /api/session signs out: the cookie is cleared and no longer works', async () => {
    const cookie = await demo.server.signIn(DEMO.userEmail, DEMO.userPassword)
    const res = await demo.server.request('DELETE', '/api/session', { cookie })
    expect(res.status).toBe(204)
    expect(res.headers.get('set-cookie') ?? '').toMatch(/qm_session=;/)
    const after = await demo.server.call<ErrorBody>('GET', '/api/session', cookie)
    expect(after.status).toBe(401)
    expect(after.body.error.message).toBe('Unauthorized')
    // Signing out twice, or without a session, is harmless.
    expect((await demo.server.request('DELETE', '/api/session', { cookie })).status).toBe(204)
    expect((await demo.server.request('DELETE', '/api/session')).status).toBe(204)
  })

  test('SHELL-04 check-current-user-roles answers isAdministrator for the caller', async () => {
    const admin = await demo.server.call('GET', '/api/check-current-user-roles', await demo.server.signIn())
    expect(admin).toEqual({ status: 200, body: { isAdministrator: true } })
    const user = await demo.server.call(
      'GET',
      '/api/check-current-user-roles',
      await demo.server.signIn(DEMO.userEmail, DEMO.userPassword),
    )
    expect(user).toEqual({ status: 200, body: { isAdministrator: false } })
    const other = await demo.server.call(
      'GET',
      '/api/check-current-user-roles',
      await demo.server.signIn(OTHER_ADMIN.email, OTHER_ADMIN.password),
    )
    expect(other).toEqual({ status: 200, body: { isAdministrator: true } })
    const none = await demo.server.call<ErrorBody>('GET', '/api/check-current-user-roles')
    expect(none.status).toBe(401)
    expect(none.body.error.message).toBe('Unauthorized')
  })

  test("SHELL-04 the other customer's administrator signs into their own customer and plant", async () => {
    const cookie = await demo.server.signIn(OTHER_ADMIN.email, OTHER_ADMIN.password)
    const me = await demo.server.call('GET', '/api/session', cookie)
    expect(me.body).toMatchObject({
      id: 'user-other-admin',
      customerId: 'cust-other',
      plantId: 'plant-other',
    })
  })
})
