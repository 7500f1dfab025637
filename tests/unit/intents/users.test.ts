import { describe, expect, test } from 'vitest'
import type { Actor } from '../../../shared/intents/intent'
import type { UserLocationConfig } from '../../../shared/schema/user'
import { plant, rejectionOf } from './admin-fixtures'
import { ADMIN_ACTOR, changesById, doc, run } from './intent-harness'

/** The user intents (shared/intents/users.ts): add, role, location, delete. */
const user = (
  id: string,
  locationConfig: UserLocationConfig = { locationName: 'Demo Plant', locationPlantId: 'plant-demo' },
) =>
  doc('users', id, {
    id,
    email: `${id}@demo.plant`,
    lastLogin: '2026-01-01T00:00:00.000Z',
    role: 'user',
    locationConfig,
    customerId: 'cust-demo',
  })
const admin = doc('users', 'user-admin', { ...user('user-admin').data, role: 'administrator' })
const provider = user('user-provider', { locationName: 'provider', locationPlantId: null })
const docs = (flags = { userLocation: true, userDeletion: true }) => [
  plant(flags),
  admin,
  user('u1'),
  provider,
]
const PROVIDER_ACTOR: Actor = {
  ...ADMIN_ACTOR,
  locationConfig: { locationName: 'provider', locationPlantId: null },
}
const reject = (status: number, code: string, message: string) => ({ status, code, message })
const FORBIDDEN = reject(403, 'FORBIDDEN', 'Forbidden resource')

describe('addUser', () => {
  test('USER-02 adds a user with the role user, no login, the plant location by its own name', async () => {
    const result = await run(docs(), 'addUser', {
      userId: 'new-1',
      email: ' new@demo.plant ',
      locationPlantId: 'plant-demo',
      locationName: 'Old label',
    })
    expect(result.changes).toEqual([
      {
        kind: 'put',
        collection: 'users',
        id: 'new-1',
        created: true,
        fields: expect.any(Array),
        data: {
          id: 'new-1',
          email: 'new@demo.plant',
          lastLogin: null,
          role: 'user',
          locationConfig: { locationName: 'Demo Plant', locationPlantId: 'plant-demo' },
          customerId: 'cust-demo',
        },
      },
    ])
    expect(result.description).toBe('Add user new@demo.plant')
  })

  test.each([
    ['a blank email', { email: ' ' }, reject(400, 'VALIDATION', 'Email is required')],
    ['an invalid email', { email: 'not-an-email' }, reject(400, 'VALIDATION', 'Email is invalid')],
    ['a blank plant', { locationPlantId: '' }, reject(400, 'VALIDATION', 'Location plant ID is required')],
    ['an unknown plant', { locationPlantId: 'plant-other' }, reject(404, 'NOT_FOUND', 'Not found')],
    ['a taken id', { userId: 'u1' }, reject(409, 'CONFLICT', 'The document was changed by someone else')],
    [
      "another user's email, in any case",
      { email: ' U1@Demo.Plant ' },
      reject(409, 'CONFLICT', 'User with the email already exists'),
    ],
  ])('USER-02 %s is refused', async (_name, change, expected) => {
    const args = { userId: 'new-2', email: 'x@demo.plant', locationPlantId: 'plant-demo', locationName: null }
    expect(await rejectionOf(run(docs(), 'addUser', { ...args, ...change }))).toEqual(expected)
  })
})

describe('setUserRole', () => {
  test.each([
    ['makes a user an administrator', 'u1', 'administrator', ADMIN_ACTOR, 'administrator'],
    ['keeps an unchanged role (no change)', 'u1', 'user', ADMIN_ACTOR, undefined],
    ['lets an administrator keep their own role', 'user-admin', 'administrator', ADMIN_ACTOR, undefined],
  ] as const)('USER-03 %s', async (_name, userId, role, actor, stored) => {
    const result = await run(docs(), 'setUserRole', { userId, role }, actor)
    expect(changesById(result.changes).get(`users/${userId}`)?.kind === 'put' ? role : undefined).toBe(stored)
  })

  test.each([
    ['your own role', 'user-admin', reject(403, 'FORBIDDEN', 'You cannot change your own role')],
    ['an unknown user', 'nobody', reject(404, 'NOT_FOUND', 'User not found')],
  ])('USER-03 changing %s is refused', async (_name, userId, expected) => {
    expect(await rejectionOf(run(docs(), 'setUserRole', { userId, role: 'user' }))).toEqual(expected)
  })
})

describe('setUserLocation', () => {
  const corporate = { locationName: 'corporate', locationPlantId: null }
  const unassigned = { locationName: null, locationPlantId: null }
  const atPlant = { locationName: 'Demo Plant', locationPlantId: 'plant-demo' }
  test.each([
    ['corporate', atPlant, corporate, corporate],
    ['unassigned (nulls)', corporate, unassigned, unassigned],
    [
      "the legacy name 'unassigned' as nulls",
      corporate,
      { locationName: 'unassigned', locationPlantId: null },
      unassigned,
    ],
    ['a plant by its own name', corporate, { locationName: 'x', locationPlantId: 'plant-demo' }, atPlant],
  ])('USER-05 saves %s', async (_name, before, locationConfig, stored) => {
    const result = await run([...docs(), user('u2', before)], 'setUserLocation', {
      userId: 'u2',
      locationConfig,
    })
    const change = changesById(result.changes).get('users/u2')
    expect(change?.kind === 'put' && change.data.locationConfig).toEqual(stored)
  })

  test.each([
    ['the user-location flag off', 'u1', corporate, { userLocation: false }, ADMIN_ACTOR, FORBIDDEN],
    [
      'an unknown plant',
      'u1',
      { locationName: 'P', locationPlantId: 'plant-other' },
      {},
      ADMIN_ACTOR,
      reject(404, 'NOT_FOUND', 'Not found'),
    ],
    [
      'a plant name without id',
      'u1',
      { locationName: 'Paris', locationPlantId: null },
      {},
      ADMIN_ACTOR,
      reject(400, 'VALIDATION', 'Location plant ID is required'),
    ],
    [
      'provider by someone not provider staff',
      'u1',
      { locationName: 'provider', locationPlantId: null },
      {},
      ADMIN_ACTOR,
      FORBIDDEN,
    ],
    ['moving provider staff out', 'user-provider', corporate, {}, PROVIDER_ACTOR, FORBIDDEN],
    ['an unknown user', 'nobody', corporate, {}, ADMIN_ACTOR, reject(404, 'NOT_FOUND', 'User not found')],
  ])('USER-05 %s is refused', async (_name, userId, locationConfig, flags, actor, expected) => {
    const documents = docs({ userLocation: true, userDeletion: true, ...flags })
    expect(await rejectionOf(run(documents, 'setUserLocation', { userId, locationConfig }, actor))).toEqual(
      expected,
    )
  })

  test('USER-05 provider staff may place someone at the provider location', async () => {
    const locationConfig = { locationName: 'provider', locationPlantId: null }
    const result = await run(docs(), 'setUserLocation', { userId: 'u1', locationConfig }, PROVIDER_ACTOR)
    const change = changesById(result.changes).get('users/u1')
    expect(change?.kind === 'put' && change.data.locationConfig).toEqual(locationConfig)
  })
})

describe('deleteUser', () => {
  test('USER-04 deletes the user (the server ends their account and sessions)', async () => {
    const result = await run(docs(), 'deleteUser', { userId: 'u1' })
    expect(result.changes).toEqual([{ kind: 'delete', collection: 'users', id: 'u1' }])
    expect(result.description).toBe('Delete user u1@demo.plant')
  })

  test.each([
    ['with the user-deletion flag off', 'u1', { userLocation: true, userDeletion: false }, FORBIDDEN],
    ['yourself', 'user-admin', undefined, FORBIDDEN],
    ['an unknown user', 'nobody', undefined, reject(404, 'NOT_FOUND', 'User not found')],
  ])('USER-04 deleting %s is refused', async (_name, userId, flags, expected) => {
    expect(await rejectionOf(run(docs(flags), 'deleteUser', { userId }))).toEqual(expected)
  })
})
