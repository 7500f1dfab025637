import { describe, expect, test } from 'vitest'
import type { User } from '../../shared/schema/user'
import { getDocument } from '../../sync-server/store/documents'
import { pushIntent } from './monitor-fixtures'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'

/**
 * Issue 12 item 2: one customer can neither take nor block another's users, by e-mail or by id,
 * and learns nothing about which e-mails another customer has.
 */
type Doc = Record<string, unknown> & { id: string; revision: number; _rejection?: unknown }

describe.each(DATABASE_KINDS)('HARDEN-02 tenancy on %s', (kind) => {
  const demo = useDemoServer(kind)
  const db = () => demo.server.services.db
  const demoUser = async (id: string) => (await getDocument<User>(db(), 'cust-demo', 'users', id))?.data
  const otherUser = async (id: string) => (await getDocument<User>(db(), 'cust-other', 'users', id))?.data
  const credentials = (customerId: string, userId: string) =>
    db()
      .selectFrom('credentials')
      .select(['email', 'password_hash'])
      .where('customer_id', '=', customerId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  const patchProvider = () =>
    demo.server.call('PATCH', '/api/users/user-provider', demo.admin, {
      locationName: 'provider',
      locationPlantId: null,
    })

  test('HARDEN-02 every seeded user holds its e-mail from the seed on, even one never edited', async () => {
    expect(await credentials('cust-demo', 'user-provider')).toEqual({
      email: 'support@provider.example',
      password_hash: '!',
    })
  })

  test("HARDEN-02 another customer adding a demo user's e-mail is answered like any new address and blocks nothing", async () => {
    const add = (email: string) =>
      demo.server.call<Record<string, unknown>>('POST', '/api/add-user?customerId=cust-other', demo.other, {
        email,
        locationPlantId: 'plant-other',
        locationName: null,
      })
    const taken = await add('support@provider.example')
    const fresh = await add(`fresh.${kind}@other.plant`)
    expect(taken.status).toBe(201)
    expect(fresh.status).toBe(201)
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort())
    // The other customer's user exists, without a sign-in; the demo user keeps theirs.
    expect((await otherUser(String(taken.body.id)))?.email).toBe('support@provider.example')
    expect(await credentials('cust-other', String(taken.body.id))).toBeUndefined()
    expect((await credentials('cust-demo', 'user-provider'))?.email).toBe('support@provider.example')
    const patched = await patchProvider()
    expect(patched.status).toBe(200)
  })

  test("HARDEN-02 another customer's push reusing a demo user's id and e-mail is a separate document that blocks nothing", async () => {
    const before = await demoUser('user-engineer')
    const pushed = await pushIntent(demo.server, demo.other, {
      name: 'addUser',
      args: {
        userId: 'user-engineer',
        email: 'engineer@demo.plant',
        locationPlantId: 'plant-other',
        locationName: null,
      },
    })
    expect(pushed).toMatchObject({ status: 'applied' })
    // The other customer makes its user an administrator: still only its own document.
    expect(
      await pushIntent(demo.server, demo.other, {
        name: 'setUserRole',
        args: { userId: 'user-engineer', role: 'administrator' },
      }),
    ).toMatchObject({ status: 'applied' })
    expect((await otherUser('user-engineer'))?.customerId).toBe('cust-other')
    expect(await demoUser('user-engineer')).toEqual(before)
    expect(await credentials('cust-other', 'user-engineer')).toBeUndefined()

    const patched = await demo.server.call('PATCH', '/api/users/user-engineer', demo.admin, {
      locationName: null,
      locationPlantId: null,
    })
    expect(patched.status).toBe(200)
    // Each customer pulls only its own document of that id.
    const pull = async (cookie: string) =>
      (
        await demo.server.call<{ documents: Doc[] }>('POST', '/sync/users/pull', cookie, {
          checkpoint: null,
          batchSize: 1000,
        })
      ).body.documents.filter((d) => d.id === 'user-engineer')
    expect((await pull(demo.admin)).map((d) => [d.role, d.locationConfig])).toEqual([
      [before?.role, { locationName: null, locationPlantId: null }],
    ])
    expect((await pull(demo.other)).map((d) => d.role)).toEqual(['administrator'])
  })

  test('HARDEN-02 within one customer an e-mail stays unique (409)', async () => {
    const res = await demo.server.call('POST', '/api/add-user?customerId=cust-demo', demo.admin, {
      email: 'Support@Provider.example',
      locationPlantId: 'plant-demo',
      locationName: null,
    })
    expect(res).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'User with the email already exists' } },
    })
  })
})
