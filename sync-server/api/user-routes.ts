import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import {
  AddUserWithCustomerInput,
  UpdateUserRoleInput,
  UserLocationConfig,
  type Role,
  type User,
} from '../../shared/schema/user'
import { CheckUsersRolesInput, DeleteUserInput } from '../../shared/schema/user-admin'
import { Messages } from '../../shared/validation/messages'
import { assertAdmin, requireAdmin } from '../auth/middleware'
import type { Session } from '../auth/session'
import { badRequest, notFound } from '../domain/domain-error'
import { isRecord } from '../domain/integration-scope'
import type { Services } from '../domain/services'
import type { AppEnv } from '../http/app-env'
import { decodeInput, readBody, readJson } from '../http/body'
import { getDocument, listDocuments, type StoredDocument } from '../store/documents'
import { callIntent } from './intent-call'

/**
 * User administration (USER-01..05, settings spec §7). Writes run the user intents a device pushes
 * (shared/intents/users.ts). Decision: every call here is for
 * administrators only, like the Users page and the users collection (403 'Forbidden resource').
 * A customerId that is not the caller's answers 404, as any other tenant's id does.
 */
export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/customer-users-for-user', requireAdmin, async (c) => {
    const { session, services } = c.var
    const docs = await listDocuments<User>(services.db, session.customerId, 'users')
    const users = docs.map(userAnswer).sort((a, b) => a.email.localeCompare(b.email))
    return c.json(users)
  })

  app.post('/add-user', requireAdmin, (c) => addUser(c, c.req.query('customerId') ?? ''))
  app.post('/administration/customers/:customerId/user', requireAdmin, (c) =>
    addUser(c, c.req.param('customerId')),
  )

  // POST adds the role, PUT removes it. Decision: 'user' is the base role every user holds, so
  // adding it changes nothing and removing it is ignored; removing 'administrator' leaves 'user'.
  // Only 'administrator' is added or removed: 'contributor' is held, never given (README Decisions).
  app.on(['POST', 'PUT'], '/update-user-roles', requireAdmin, async (c) => {
    const { session, services } = c.var
    const input = await readBody(c, UpdateUserRoleInput)
    const user = await userOfCustomer(services, session, input.customerId, input.userId)
    const role: Role =
      input.role !== 'administrator'
        ? user.data.role
        : c.req.method === 'POST'
          ? 'administrator'
          : user.data.role === 'administrator'
            ? 'user'
            : user.data.role
    // Nothing to change (a contributor stays one): the intent is not run, its answer is the user.
    if (role === user.data.role || role === 'contributor') return c.json(userAnswer(user))
    const written = await callIntent(c.var, 'setUserRole', { userId: user.id, role })
    return c.json(userAnswer(written.find<User>('users', user.id) ?? user))
  })

  // USER-05: the location select saves at once; both null is unassigned.
  app.patch('/users/:userId', requireAdmin, async (c) => {
    const { session, services } = c.var
    const user = await userOfCustomer(services, session, session.customerId, c.req.param('userId'))
    const locationConfig = await readBody(c, UserLocationConfig)
    const written = await callIntent(c.var, 'setUserLocation', {
      userId: user.id,
      locationConfig,
    })
    return c.json(userAnswer(written.find<User>('users', user.id) ?? user))
  })

  // USER-04: the delete flow (the intent needs the user-deletion flag and refuses deleting yourself).
  app.post('/users', requireAdmin, async (c) => {
    const { session, services } = c.var
    const input = await readBody(c, DeleteUserInput)
    const user = await userOfCustomer(services, session, input.customerId, input.userId)
    await callIntent(c.var, 'deleteUser', { userId: user.id })
    return c.body(null, 204)
  })

  // Unknown ids (or another customer's) simply do not hold the role.
  app.post('/check-users-roles', requireAdmin, async (c) => {
    const { session, services } = c.var
    const { userIds, role } = await readBody(c, CheckUsersRolesInput)
    const docs = await listDocuments<User>(services.db, session.customerId, 'users')
    const roles = new Map(docs.map((d) => [d.id, d.data.role]))
    return c.json(
      userIds.map((userId) => {
        const held = roles.get(userId)
        return { userId, hasRole: held !== undefined && (role === 'user' || held === role) }
      }),
    )
  })

  return app
}

/** USER-02: both add-user calls. Missing fields count as blank so they get the form's messages. */
async function addUser(c: Context<AppEnv>, customerId: string) {
  const { session } = c.var
  assertAdmin(session)
  const body = await readJson(c)
  if (!isRecord(body)) throw badRequest(Messages.server.invalidRequest)
  const input = decodeInput(AddUserWithCustomerInput, {
    email: body.email ?? '',
    locationPlantId: body.locationPlantId ?? '',
    locationName: body.locationName ?? null,
    customerId,
  })
  if (input.customerId !== session.customerId) throw notFound(Messages.server.notFound)
  const userId = randomUUID()
  const { email, locationPlantId, locationName } = input
  const written = await callIntent(c.var, 'addUser', {
    userId,
    email,
    locationPlantId,
    locationName,
  })
  // The user as written: a retried call (Idempotency-Key) answers the user its first call added.
  const saved = written.find<User>('users', userId) ?? written.first<User>('users')
  if (!saved) throw notFound(Messages.users.notFound)
  return c.json(userAnswer(saved), 201)
}

async function userOfCustomer(
  services: Services,
  session: Session,
  customerId: string,
  userId: string,
): Promise<StoredDocument<User>> {
  if (customerId !== session.customerId) throw notFound(Messages.server.notFound)
  const user = await getDocument<User>(services.db, session.customerId, 'users', userId)
  if (!user || user.deleted) throw notFound(Messages.users.notFound)
  return user
}

/** The user with the location also flattened, as the users grid reads it. */
function userAnswer(doc: StoredDocument<User>) {
  const { email, lastLogin, role, locationConfig, customerId } = doc.data
  return {
    id: doc.id,
    email,
    lastLogin,
    role,
    customerId,
    locationConfig,
    locationName: locationConfig.locationName,
    locationPlantId: locationConfig.locationPlantId,
  }
}
