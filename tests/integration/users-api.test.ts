import { describe, expect, test } from 'vitest'
import type { Plant } from '../../shared/schema/plant'
import type { User } from '../../shared/schema/user'
import { hashPassword } from '../../sync-server/auth/password'
import { getDocument } from '../../sync-server/store/documents'
import { Messages } from '../../shared/validation/messages'
import { AUTHORS, action, pushIntents, rejectionOf } from './support/intent-push'
import { DATABASE_KINDS, DEMO, OTHER_ADMIN, useDemoServer, writeDemoDocument } from './support/test-server'

type ErrorBody = { error: { code: string; message: string } }
type UserRow = User & { locationName: string | null; locationPlantId: string | null }
type Doc = Record<string, unknown> & { id: string; revision: number; _deleted: boolean }

const FORBIDDEN = { error: { code: 'FORBIDDEN', message: 'Forbidden resource' } }

describe.each(DATABASE_KINDS)('users API on %s', (kind) => {
  const demo = useDemoServer(kind)
  let counter = 0

  const db = () => demo.server.services.db
  const stored = async (id: string) => (await getDocument<User>(db(), 'cust-demo', 'users', id))?.data
  const credentialsOf = (userId: string) =>
    db()
      .selectFrom('credentials')
      .selectAll()
      .where('customer_id', '=', 'cust-demo')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  const addUser = async (overrides: Record<string, unknown> = {}) => {
    const email = `new.${kind}.${++counter}@demo.plant`
    const res = await demo.server.call<UserRow>('POST', '/api/add-user?customerId=cust-demo', demo.admin, {
      email,
      locationPlantId: 'plant-demo',
      locationName: 'Demo Plant',
      ...overrides,
    })
    expect(res.status).toBe(201)
    return res.body
  }
  const pull = (cookie: string) =>
    demo.server.call<{ documents: Doc[] }>('POST', '/sync/users/pull', cookie, {
      checkpoint: null,
      batchSize: 1000,
    })
  const master = async (id: string) => (await pull(demo.admin)).body.documents.find((d) => d.id === id)!

  async function withFlags(flags: Partial<Plant['featureFlags']>, fn: () => Promise<void>) {
    const original = (await getDocument<Plant>(db(), 'cust-demo', 'plants', 'plant-demo'))!.data
    const write = (data: Plant) => writeDemoDocument(db(), 'plants', 'plant-demo', data)
    await write({ ...original, featureFlags: { ...original.featureFlags, ...flags } })
    try {
      await fn()
    } finally {
      await write(original)
    }
  }

  test('USER-01 GET /api/customer-users-for-user lists the customer users with their locations', async () => {
    const res = await demo.server.call<UserRow[]>('GET', '/api/customer-users-for-user', demo.admin)
    expect(res.status).toBe(200)
    expect(res.body.find((u) => u.id === 'user-operator')).toEqual({
      id: 'user-operator',
      email: DEMO.userEmail,
      lastLogin: expect.toSatisfy((v) => v === null || typeof v === 'string'),
      role: 'user',
      customerId: 'cust-demo',
      locationConfig: { locationName: 'Demo Plant', locationPlantId: 'plant-demo' },
      locationName: 'Demo Plant',
      locationPlantId: 'plant-demo',
    })
    expect(res.body.find((u) => u.id === 'user-engineer')).toMatchObject({
      locationName: 'corporate',
      locationPlantId: null,
    })
    expect(res.body.map((u) => u.customerId).every((c) => c === 'cust-demo')).toBe(true)
    const theirs = await demo.server.call<UserRow[]>('GET', '/api/customer-users-for-user', demo.other)
    expect(theirs.body.map((u) => u.email)).toEqual([OTHER_ADMIN.email])
  })

  test("SHELL-04 user administration answers 403 'Forbidden resource' to a user and 401 without a session", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/customer-users-for-user'],
      [
        'POST',
        '/api/add-user?customerId=cust-demo',
        { email: 'x@demo.plant', locationPlantId: 'plant-demo', locationName: null },
      ],
      [
        'POST',
        '/api/administration/customers/cust-demo/user',
        { email: 'x@demo.plant', locationPlantId: 'plant-demo', locationName: null },
      ],
      [
        'POST',
        '/api/update-user-roles',
        { userId: 'user-operator', role: 'administrator', customerId: 'cust-demo' },
      ],
      [
        'PUT',
        '/api/update-user-roles',
        { userId: 'user-admin', role: 'administrator', customerId: 'cust-demo' },
      ],
      ['PATCH', '/api/users/user-operator', { locationName: null, locationPlantId: null }],
      ['POST', '/api/users', { userId: 'user-engineer', customerId: 'cust-demo' }],
      ['POST', '/api/check-users-roles', { userIds: ['user-admin'], role: 'administrator' }],
    ]
    for (const [method, path, body] of calls) {
      expect(await demo.server.call(method, path, demo.operator, body)).toEqual({
        status: 403,
        body: FORBIDDEN,
      })
      const none = await demo.server.call<ErrorBody>(method, path, undefined, body)
      expect(none.status).toBe(401)
      expect(none.body.error.message).toBe('Unauthorized')
    }
    expect((await stored('user-operator'))?.role).toBe('user')
    expect(await stored('user-engineer')).toBeDefined()
  })

  test("SHELL-04 the users collection does not replicate to users: pull answers 403 'Forbidden resource', so do their user intents", async () => {
    const res = await pull(demo.operator)
    expect(res).toEqual({ status: 403, body: FORBIDDEN })
    const pushed = await demo.server.call('POST', '/sync/users/push', demo.operator, [])
    expect(pushed.status).toBe(426)
    const email = `operator-added.${kind}@demo.plant`
    const named = await pushIntents(demo.server, demo.operator, [
      action(
        'addUser',
        { userId: `op-${kind}`, email, locationPlantId: 'plant-demo', locationName: null },
        AUTHORS.operator,
      ),
      action('setUserRole', { userId: 'user-operator', role: 'administrator' }, AUTHORS.operator),
      action('deleteUser', { userId: 'user-engineer' }, AUTHORS.operator),
    ])
    expect(named.results.map(rejectionOf)).toEqual([
      { code: 'FORBIDDEN', status: 403, message: 'Forbidden resource' },
      { code: 'FORBIDDEN', status: 403, message: 'Forbidden resource' },
      { code: 'FORBIDDEN', status: 403, message: 'Forbidden resource' },
    ])
    expect(await stored(`op-${kind}`)).toBeUndefined()
    expect((await stored('user-operator'))?.role).toBe('user')
    expect(await stored('user-engineer')).toBeDefined()
  })

  test('USER-02 add-user creates a user (201) who then appears in the list; the back-office path too', async () => {
    const created = await addUser()
    expect(created).toMatchObject({
      role: 'user',
      lastLogin: null,
      customerId: 'cust-demo',
      locationPlantId: 'plant-demo',
      locationName: 'Demo Plant',
    })
    const list = await demo.server.call<UserRow[]>('GET', '/api/customer-users-for-user', demo.admin)
    expect(list.body.map((u) => u.id)).toContain(created.id)
    // The new user has an account nobody can sign in to until a password is set.
    expect((await credentialsOf(created.id))?.email).toBe(created.email)

    const office = await demo.server.call<UserRow>(
      'POST',
      '/api/administration/customers/cust-demo/user',
      demo.admin,
      {
        email: `office.${kind}@demo.plant`,
        locationPlantId: 'plant-demo',
        locationName: null,
      },
    )
    expect(office.status).toBe(201)
    expect(office.body).toMatchObject({
      email: `office.${kind}@demo.plant`,
      locationPlantId: 'plant-demo',
      locationName: 'Demo Plant',
    })
  })

  test.each([
    ['a blank email', { email: ' ' }, 'Email is required'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['an invalid email', { email: 'not-an-email' }, 'Email is invalid'],
    ['a blank location plant', { locationPlantId: '' }, 'Location plant ID is required'],
  ])('USER-02 add-user with %s answers 400 %s', async (_name, change, message) => {
    const body = {
      email: 'valid.address@demo.plant',
      locationPlantId: 'plant-demo',
      locationName: null,
      ...change,
    }
    const res = await demo.server.call<ErrorBody>(
      'POST',
      '/api/add-user?customerId=cust-demo',
      demo.admin,
      body,
    )
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(message)
  })

  test("USER-02 add-user without a customer id answers 400 'Customer ID is required'", async () => {
    const body = { email: 'valid.address@demo.plant', locationPlantId: 'plant-demo', locationName: null }
    for (const path of ['/api/add-user', '/api/add-user?customerId=']) {
      const res = await demo.server.call<ErrorBody>('POST', path, demo.admin, body)
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe('Customer ID is required')
    }
  })

  test.each([
    ['an existing email in another case', 'OPERATOR@Demo.Plant'],
    ['the email of a user without a password', 'engineer@demo.plant'],
  ])("USER-02 add-user with %s answers 409 'User with the email already exists'", async (_name, email) => {
    const res = await demo.server.call('POST', '/api/add-user?customerId=cust-demo', demo.admin, {
      email,
      locationPlantId: 'plant-demo',
      locationName: null,
    })
    expect(res).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'User with the email already exists' } },
    })
  })

  test("USER-02 add-user: another customer's id or plant 404, malformed JSON 400, oversized 413", async () => {
    const body = { email: `cross.${kind}@demo.plant`, locationPlantId: 'plant-demo', locationName: null }
    expect(
      (await demo.server.call('POST', '/api/add-user?customerId=cust-other', demo.admin, body)).status,
    ).toBe(404)
    expect(
      (await demo.server.call('POST', '/api/administration/customers/cust-other/user', demo.admin, body))
        .status,
    ).toBe(404)
    expect(
      (await demo.server.call('POST', '/api/add-user?customerId=cust-demo', demo.other, body)).status,
    ).toBe(404)
    const plant = await demo.server.call<ErrorBody>(
      'POST',
      '/api/add-user?customerId=cust-demo',
      demo.admin,
      {
        ...body,
        locationPlantId: 'plant-other',
      },
    )
    expect(plant).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } })
    const bad = await demo.server.request('POST', '/api/add-user?customerId=cust-demo', {
      cookie: demo.admin,
      raw: '{"email"',
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as ErrorBody).error.message).toBe('Request body is not valid JSON')
    const big = await demo.server.call('POST', '/api/add-user?customerId=cust-demo', demo.admin, {
      ...body,
      locationName: 'x'.repeat(1_100_000),
    })
    expect(big.status).toBe(413)
    const list = await demo.server.call<UserRow[]>('GET', '/api/customer-users-for-user', demo.admin)
    expect(list.body.map((u) => u.email)).not.toContain(body.email)
  })

  test('USER-03 POST update-user-roles adds administrator, PUT removes it; check-users-roles reports it; the role applies at once', async () => {
    const payload = { userId: 'user-operator', role: 'administrator', customerId: 'cust-demo' }
    try {
      const added = await demo.server.call<UserRow>('POST', '/api/update-user-roles', demo.admin, payload)
      expect(added.status).toBe(200)
      expect(added.body).toMatchObject({ id: 'user-operator', role: 'administrator' })
      expect((await demo.server.call('GET', '/api/check-current-user-roles', demo.operator)).body).toEqual({
        isAdministrator: true,
      })
      const check = await demo.server.call('POST', '/api/check-users-roles', demo.admin, {
        userIds: ['user-operator', 'user-engineer', 'user-other-admin', 'nobody'],
        role: 'administrator',
      })
      expect(check).toEqual({
        status: 200,
        body: [
          { userId: 'user-operator', hasRole: true },
          { userId: 'user-engineer', hasRole: false },
          { userId: 'user-other-admin', hasRole: false },
          { userId: 'nobody', hasRole: false },
        ],
      })
    } finally {
      const removed = await demo.server.call<UserRow>('PUT', '/api/update-user-roles', demo.admin, payload)
      expect(removed.status).toBe(200)
      expect(removed.body.role).toBe('user')
    }
    expect((await demo.server.call('GET', '/api/check-current-user-roles', demo.operator)).body).toEqual({
      isAdministrator: false,
    })
    const users = await demo.server.call('POST', '/api/check-users-roles', demo.admin, {
      userIds: ['user-operator'],
      role: 'user',
    })
    expect(users.body).toEqual([{ userId: 'user-operator', hasRole: true }])
  })

  test("USER-03 an administrator cannot remove their own administrator role (403 'You cannot change your own role')", async () => {
    const res = await demo.server.call('PUT', '/api/update-user-roles', demo.admin, {
      userId: 'user-admin',
      role: 'administrator',
      customerId: 'cust-demo',
    })
    expect(res).toEqual({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'You cannot change your own role' } },
    })
    expect((await stored('user-admin'))?.role).toBe('administrator')
  })

  test('USER-03 update-user-roles: bad role 400, unknown user 404, another tenant 404, malformed JSON 400, 413', async () => {
    const bad = await demo.server.call<ErrorBody>('POST', '/api/update-user-roles', demo.admin, {
      userId: 'user-operator',
      role: 'owner',
      customerId: 'cust-demo',
    })
    expect(bad.status).toBe(400)
    const unknown = await demo.server.call('POST', '/api/update-user-roles', demo.admin, {
      userId: 'nobody',
      role: 'administrator',
      customerId: 'cust-demo',
    })
    expect(unknown).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'User not found' } },
    })
    for (const customerId of ['cust-demo', 'cust-other']) {
      const cross = await demo.server.call('POST', '/api/update-user-roles', demo.other, {
        userId: 'user-operator',
        role: 'administrator',
        customerId,
      })
      expect(cross.status).toBe(404)
    }
    expect((await stored('user-operator'))?.role).toBe('user')
    const malformed = await demo.server.request('PUT', '/api/update-user-roles', {
      cookie: demo.admin,
      raw: 'nope',
    })
    expect(malformed.status).toBe(400)
    const big = await demo.server.call('POST', '/api/update-user-roles', demo.admin, {
      userId: 'x'.repeat(1_100_000),
      role: 'user',
      customerId: 'cust-demo',
    })
    expect(big.status).toBe(413)
  })

  test('USER-05 PATCH /api/users/{userId} saves a plant, corporate or unassigned location', async () => {
    const user = await addUser()
    const patch = (body: unknown) =>
      demo.server.call<UserRow>('PATCH', `/api/users/${user.id}`, demo.admin, body)
    const corporate = await patch({ locationName: 'corporate', locationPlantId: null })
    expect(corporate.status).toBe(200)
    expect(corporate.body).toMatchObject({ locationName: 'corporate', locationPlantId: null })
    expect((await patch({ locationName: null, locationPlantId: null })).body).toMatchObject({
      locationName: null,
      locationPlantId: null,
    })
    expect((await patch({ locationName: 'unassigned', locationPlantId: null })).body.locationConfig).toEqual({
      locationName: null,
      locationPlantId: null,
    })
    // The stored name of a plant location is the plant's own.
    expect(
      (await patch({ locationName: 'Old name', locationPlantId: 'plant-demo' })).body.locationConfig,
    ).toEqual({
      locationName: 'Demo Plant',
      locationPlantId: 'plant-demo',
    })
  })

  test('USER-05 PATCH location: unknown or foreign plant 404, a plant name without id 400, provider only for provider staff 403', async () => {
    const user = await addUser()
    const patch = (body: unknown, cookie = demo.admin) =>
      demo.server.call<ErrorBody>('PATCH', `/api/users/${user.id}`, cookie, body)
    expect((await patch({ locationName: 'Other Plant', locationPlantId: 'plant-other' })).status).toBe(404)
    const named = await patch({ locationName: 'Paris', locationPlantId: null })
    expect(named).toEqual({
      status: 400,
      body: { error: { code: 'VALIDATION', message: 'Location plant ID is required' } },
    })
    expect(await patch({ locationName: 'provider', locationPlantId: null })).toEqual({
      status: 403,
      body: FORBIDDEN,
    })
    const moveProvider = await demo.server.call('PATCH', '/api/users/user-provider', demo.admin, {
      locationName: 'corporate',
      locationPlantId: null,
    })
    expect(moveProvider.status).toBe(403)
    expect((await stored('user-provider'))?.locationConfig.locationName).toBe('provider')

    // Provider staff may place someone at the provider's location.
    const hash = await hashPassword('provider-1')
    await db()
      .insertInto('credentials')
      .values({
        user_id: 'user-provider',
        customer_id: 'cust-demo',
        email: 'support@provider.example',
        password_hash: hash,
      })
      .onConflict((oc) => oc.columns(['customer_id', 'user_id']).doUpdateSet({ password_hash: hash }))
      .execute()
    const provider = await demo.server.signIn('support@provider.example', 'provider-1')
    const placed = await demo.server.call<UserRow>('PATCH', `/api/users/${user.id}`, provider, {
      locationName: 'provider',
      locationPlantId: null,
    })
    expect(placed.status).toBe(200)
    expect(placed.body.locationName).toBe('provider')
  })

  test('USER-05 PATCH location: the user-location flag off 403; unknown user, other tenant 404; bad body 400; 413', async () => {
    const user = await addUser()
    await withFlags({ userLocation: false }, async () => {
      const res = await demo.server.call('PATCH', `/api/users/${user.id}`, demo.admin, {
        locationName: 'corporate',
        locationPlantId: null,
      })
      expect(res).toEqual({ status: 403, body: FORBIDDEN })
    })
    const unknown = await demo.server.call('PATCH', '/api/users/nobody', demo.admin, {
      locationName: null,
      locationPlantId: null,
    })
    expect(unknown).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'User not found' } },
    })
    expect(
      (
        await demo.server.call('PATCH', `/api/users/${user.id}`, demo.other, {
          locationName: null,
          locationPlantId: null,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await demo.server.call('PATCH', '/api/users/user-other-admin', demo.admin, {
          locationName: null,
          locationPlantId: null,
        })
      ).status,
    ).toBe(404)
    expect(
      (await demo.server.call('PATCH', `/api/users/${user.id}`, demo.admin, { locationName: 3 })).status,
    ).toBe(400)
    expect(
      (await demo.server.request('PATCH', `/api/users/${user.id}`, { cookie: demo.admin, raw: '{' })).status,
    ).toBe(400)
    expect(
      (
        await demo.server.call('PATCH', `/api/users/${user.id}`, demo.admin, {
          locationName: 'x'.repeat(1_100_000),
          locationPlantId: null,
        })
      ).status,
    ).toBe(413)
    expect((await stored(user.id))?.locationConfig.locationPlantId).toBe('plant-demo')
  })

  test('USER-04 POST /api/users deletes the user, their credentials and sessions', async () => {
    const user = await addUser()
    await db()
      .updateTable('credentials')
      .set({ password_hash: await hashPassword('pw-1') })
      .where('user_id', '=', user.id)
      .execute()
    const session = await demo.server.signIn(user.email, 'pw-1')
    expect((await demo.server.call('GET', '/api/session', session)).status).toBe(200)

    const res = await demo.server.request('POST', '/api/users', {
      cookie: demo.admin,
      body: { userId: user.id, customerId: 'cust-demo' },
    })
    expect(res.status).toBe(204)
    expect((await demo.server.call('GET', '/api/session', session)).status).toBe(401)
    expect(await credentialsOf(user.id)).toBeUndefined()
    const list = await demo.server.call<UserRow[]>('GET', '/api/customer-users-for-user', demo.admin)
    expect(list.body.map((u) => u.id)).not.toContain(user.id)
    const again = await demo.server.call('POST', '/api/users', demo.admin, {
      userId: user.id,
      customerId: 'cust-demo',
    })
    expect(again).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'User not found' } } })
    // The address is free again.
    expect((await addUser({ email: user.email })).email).toBe(user.email)
  })

  test('USER-04 delete: user-deletion flag off 403, yourself 403, another tenant 404, bad body 400, 413', async () => {
    const user = await addUser()
    await withFlags({ userDeletion: false }, async () => {
      const res = await demo.server.call('POST', '/api/users', demo.admin, {
        userId: user.id,
        customerId: 'cust-demo',
      })
      expect(res).toEqual({ status: 403, body: FORBIDDEN })
    })
    expect(await stored(user.id)).toBeDefined()
    expect(await credentialsOf(user.id)).toBeDefined()
    expect(
      (
        await demo.server.call('POST', '/api/users', demo.admin, {
          userId: 'user-admin',
          customerId: 'cust-demo',
        })
      ).status,
    ).toBe(403)
    expect(
      (await demo.server.call('POST', '/api/users', demo.other, { userId: user.id, customerId: 'cust-demo' }))
        .status,
    ).toBe(404)
    expect(
      (
        await demo.server.call('POST', '/api/users', demo.other, {
          userId: user.id,
          customerId: 'cust-other',
        })
      ).status,
    ).toBe(404)
    expect(
      (await demo.server.call('POST', '/api/users', demo.admin, { userId: '', customerId: 'cust-demo' }))
        .status,
    ).toBe(400)
    expect(
      (await demo.server.request('POST', '/api/users', { cookie: demo.admin, raw: '{"userId":' })).status,
    ).toBe(400)
    expect(
      (
        await demo.server.call('POST', '/api/users', demo.admin, {
          userId: 'x'.repeat(1_100_000),
          customerId: 'cust-demo',
        })
      ).status,
    ).toBe(413)
    expect((await stored(user.id))?.email).toBe(user.email)
  })

  test('USER-03 check-users-roles: bad body 400, malformed JSON 400, 413', async () => {
    expect(
      (
        await demo.server.call('POST', '/api/check-users-roles', demo.admin, {
          userIds: 'user-admin',
          role: 'administrator',
        })
      ).status,
    ).toBe(400)
    expect(
      (await demo.server.request('POST', '/api/check-users-roles', { cookie: demo.admin, raw: '[' })).status,
    ).toBe(400)
    expect(
      (
        await demo.server.call('POST', '/api/check-users-roles', demo.admin, {
          userIds: ['x'.repeat(1_100_000)],
          role: 'user',
        })
      ).status,
    ).toBe(413)
    const cross = await demo.server.call('POST', '/api/check-users-roles', demo.other, {
      userIds: ['user-admin'],
      role: 'administrator',
    })
    expect(cross.body).toEqual([{ userId: 'user-admin', hasRole: false }])
  })

  test('USER-02 USER-05 replication: a pushed add and location change apply; lastLogin stays the server’s', async () => {
    const userId = `pushed-${kind}-${++counter}`
    const email = `pushed.${kind}.${counter}@demo.plant`
    const res = await pushIntents(demo.server, demo.admin, [
      action(
        'addUser',
        { userId, email: ` ${email} `, locationPlantId: 'plant-demo', locationName: null },
        AUTHORS.admin,
      ),
      action(
        'setUserLocation',
        { userId, locationConfig: { locationName: 'corporate', locationPlantId: null } },
        AUTHORS.admin,
      ),
    ])
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied'])
    expect(await stored(userId)).toEqual({
      id: userId,
      email,
      lastLogin: null,
      role: 'user',
      locationConfig: { locationName: 'corporate', locationPlantId: null },
      customerId: 'cust-demo',
    })
    expect((await credentialsOf(userId))?.email).toBe(email)
    expect((await master(userId)).email).toBe(email)
  })

  test('USER-02 USER-03 replication rejections: a taken email 409, your own role 403, and nothing changes', async () => {
    const taken = `taken-${kind}-${++counter}`
    const res = await pushIntents(demo.server, demo.admin, [
      action(
        'addUser',
        {
          userId: taken,
          email: DEMO.userEmail.toUpperCase(),
          locationPlantId: 'plant-demo',
          locationName: null,
        },
        AUTHORS.admin,
      ),
      action('setUserRole', { userId: 'user-admin', role: 'user' }, AUTHORS.admin),
    ])
    expect(res.results.map(rejectionOf)).toEqual([
      { code: 'CONFLICT', status: 409, message: 'User with the email already exists' },
      { code: 'FORBIDDEN', status: 403, message: 'You cannot change your own role' },
    ])
    expect(await stored(taken)).toBeUndefined()
    expect(await credentialsOf(taken)).toBeUndefined()
    expect(await stored('user-admin')).toMatchObject({ email: DEMO.adminEmail, role: 'administrator' })
  })

  test('USER-04 replication: a pushed delete follows the user-deletion flag', async () => {
    const user = await addUser()
    await withFlags({ userDeletion: false }, async () => {
      const refused = await pushIntents(demo.server, demo.admin, [
        action('deleteUser', { userId: user.id }, AUTHORS.admin),
      ])
      expect(rejectionOf(refused.results[0])).toEqual({
        code: 'FORBIDDEN',
        status: 403,
        message: 'Forbidden resource',
      })
      expect(await stored(user.id)).toBeDefined()
    })
    const done = await pushIntents(demo.server, demo.admin, [
      action('deleteUser', { userId: user.id }, AUTHORS.admin),
    ])
    expect(done.results.map((r) => r.status)).toEqual(['applied'])
    expect((await master(user.id))._deleted).toBe(true)
    expect(await credentialsOf(user.id)).toBeUndefined()
  })

  test("Intent push: an action whose author is not the session's user is refused 403 and changes nothing", async () => {
    const user = await addUser()
    const res = await pushIntents(demo.server, demo.admin, [
      action('deleteUser', { userId: user.id }, AUTHORS.operator),
      action('setUserRole', { userId: user.id, role: 'administrator' }, AUTHORS.other),
    ])
    expect(res.status).toBe(200)
    expect(res.results.map(rejectionOf)).toEqual([
      { code: 'FORBIDDEN', status: 403, message: Messages.sync.notYourChange },
      { code: 'FORBIDDEN', status: 403, message: Messages.sync.notYourChange },
    ])
    expect(await stored(user.id)).toMatchObject({ email: user.email, role: 'user' })
    expect(await credentialsOf(user.id)).toBeDefined()
  })

  test('Intent push: a retried action id is applied once (the retry is answered, not replayed)', async () => {
    const user = await addUser()
    const corporate = action(
      'setUserLocation',
      { userId: user.id, locationConfig: { locationName: 'corporate', locationPlantId: null } },
      AUTHORS.admin,
    )
    const first = await pushIntents(demo.server, demo.admin, [corporate])
    expect(first.results.map((r) => r.status)).toEqual(['applied'])
    const revision = (await master(user.id)).revision
    // The user moves on; a late retry of the first action must not move them back.
    const moved = await demo.server.call<UserRow>('PATCH', `/api/users/${user.id}`, demo.admin, {
      locationName: null,
      locationPlantId: null,
    })
    expect(moved.status).toBe(200)
    const retry = await pushIntents(demo.server, demo.admin, [corporate])
    expect(retry.results.map((r) => [r.id, r.status])).toEqual([[corporate.id, 'applied']])
    expect((await stored(user.id))?.locationConfig).toEqual({ locationName: null, locationPlantId: null })
    expect((await master(user.id)).revision).toBe(revision + 1)
  })
})
