import type * as Crypto from 'node:crypto'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { SIGN_IN_MAX_FAILURES_PER_EMAIL } from '../../shared/constants'
import { createApp } from '../../sync-server/app'
import { DATABASE_KINDS, DEMO, useDemoServer } from './support/test-server'

/**
 * Issue 12 items 5 and 6: sign-in does the same scrypt work whether or not the e-mail has an
 * account (observed by counting calls to node:crypto's scrypt, never by timing), wrong passwords
 * are throttled, and the cookie is Secure behind a trusted TLS-terminating proxy.
 */
const scryptCalls = vi.hoisted(() => ({ count: 0, params: [] as string[] }))
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>()
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    scryptCalls.count++
    const [, salt, keylen, options] = args as unknown as [unknown, Buffer, number, object]
    scryptCalls.params.push(JSON.stringify({ saltBytes: salt.length, keylen, options }))
    return (actual.scrypt as (...a: unknown[]) => void)(...args)
  }) as typeof actual.scrypt
  return { ...actual, default: { ...actual, scrypt }, scrypt }
})

describe.each(DATABASE_KINDS)('HARDEN sign-in on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: [] })
  // A fresh app (and throttle) over the suite's database for each test.
  let app: ReturnType<typeof createApp>
  beforeEach(() => {
    app = createApp({ services: demo.server.services })
  })
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    app.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, password }),
    })
  const work = async (email: string, password: string) => {
    scryptCalls.count = 0
    scryptCalls.params = []
    const res = await signIn(email, password)
    return { status: res.status, calls: scryptCalls.count, params: [...scryptCalls.params] }
  }

  test('HARDEN-05 an unknown e-mail, a password-less account and a wrong password all run one scrypt with the same parameters', async () => {
    await work(`nobody.${kind}@nowhere.example`, 'warm-up') // the dummy hash is made once, on first use
    const known = await work(DEMO.adminEmail, 'wrong password')
    const unknown = await work(`nobody.${kind}@nowhere.example`, 'wrong password')
    const noPassword = await work('engineer@demo.plant', 'wrong password')
    expect(known).toMatchObject({ status: 401, calls: 1 })
    expect(unknown).toEqual(known)
    expect(noPassword).toEqual(known)
  })

  test(`HARDEN-06 after ${SIGN_IN_MAX_FAILURES_PER_EMAIL} wrong passwords the e-mail is refused with 429 (even the right password); others are not`, async () => {
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_EMAIL; i++)
      expect((await signIn(DEMO.userEmail, `wrong ${i}`)).status).toBe(401)
    const blocked = await signIn(DEMO.userEmail, DEMO.userPassword)
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      },
    })
    expect((await signIn(DEMO.adminEmail, DEMO.adminPassword)).status).toBe(200)
  })

  test('HARDEN-06 the session cookie is Secure over https, or over http behind a trusted proxy saying https', async () => {
    const secure = (res: Response) => /;\s*Secure/i.test(res.headers.get('set-cookie') ?? '')
    const forwarded = { 'x-forwarded-proto': 'https' }
    expect(secure(await signIn(DEMO.adminEmail, DEMO.adminPassword))).toBe(false)
    expect(secure(await signIn(DEMO.adminEmail, DEMO.adminPassword, forwarded))).toBe(false)
    app = createApp({ services: demo.server.services, policy: { trustProxy: true, allowedOrigins: [] } })
    expect(secure(await signIn(DEMO.adminEmail, DEMO.adminPassword, forwarded))).toBe(true)
    expect(secure(await signIn(DEMO.adminEmail, DEMO.adminPassword))).toBe(false)
    const direct = await app.request('https://qm.example/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.adminEmail, password: DEMO.adminPassword }),
    })
    expect(secure(direct)).toBe(true)
  })
})
