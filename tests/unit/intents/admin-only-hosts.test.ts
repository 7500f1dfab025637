import { describe, expect, test } from 'vitest'
import { checkLocally, runLocally } from '../../../client/db/sync/local-intents'
import { INTENTS, type IntentName } from '../../../shared/intents'
import type { Actor } from '../../../shared/intents/intent'
import type { Role } from '../../../shared/schema/user'
import type { Session } from '../../../sync-server/auth/session'
import { prepareIntent } from '../../../sync-server/domain/apply-intent'
import type { Services } from '../../../sync-server/domain/services'

/**
 * SHELL-04: who may run an action is decided once (the intent's `adminOnly`, shared/intents) and
 * judged alike by the device's dry run (client/db/sync/local-intents.ts) and the server (apply-intent.ts):
 * for every intent and both roles, the two refuse with the same status, code and words. Arguments
 * are left empty, so an action the role may run is refused for its arguments instead — by both.
 */
const actorOf = (role: Role): Actor & Session => ({
  userId: 'user-1',
  email: 'someone@plant',
  role,
  customerId: 'cust-1',
  plantId: 'plant-1',
  locationConfig: { locationName: null, locationPlantId: null },
})

// The role check answers before any document is read: neither host needs its database here.
const noDatabase = undefined as never
const services = { clock: { now: () => new Date() } } as unknown as Services

const serverVerdict = (role: Role, name: IntentName) => {
  const prepared = prepareIntent(services, actorOf(role), { name, args: {} })
  if (!('refusal' in prepared)) return undefined
  const { status, code, message } = prepared.refusal
  return { status, code, message }
}

const deviceVerdict = async (role: Role, name: IntentName) => {
  const outcome = await runLocally(noDatabase, noDatabase, actorOf(role), name, {} as never)
  const checked = await checkLocally(noDatabase, noDatabase, actorOf(role), name, {})
  expect(checked).toEqual(outcome.status === 'refused' ? outcome.rejection : null)
  return outcome.status === 'refused' ? outcome.rejection : undefined
}

const FORBIDDEN = { status: 403, code: 'FORBIDDEN', message: 'Forbidden resource' }
// The spec's administrator-only areas: Users and Data Sources.
const ADMIN_ONLY = new Set(['addUser', 'setUserRole', 'setUserLocation', 'deleteUser', 'deleteDataSource'])

describe('SHELL-04 the device and the server refuse the same actions to the same roles', () => {
  for (const name of Object.keys(INTENTS) as IntentName[]) {
    test(`SHELL-04 ${name}`, async () => {
      for (const role of ['user', 'administrator'] as const) {
        const server = serverVerdict(role, name)
        expect(await deviceVerdict(role, name), role).toEqual(server)
        if (role === 'user' && ADMIN_ONLY.has(name)) expect(server).toEqual(FORBIDDEN)
        else expect(server?.status, role).toBe(400)
      }
    })
  }
})
