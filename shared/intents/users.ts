import { featureFlagsOf } from './plant-flags'
import { Schema } from 'effect'
import { AssignableRole, UserLocationConfig, type User } from '../schema/user'
import { normalizeEmail, validateAddUserForm } from '../validation/integration-rules'
import { Messages } from '../validation/messages'
import { resolveLocation } from '../validation/user-location'
import type { DocSet } from './doc-set'
import {
  IntentRejected,
  defineIntent,
  rejectForbidden,
  rejectInvalid,
  rejectNotFound,
  type DocumentRead,
  type IntentEnv,
} from './intent'

/**
 * Users (USER-02..05), administrators only: adding a user, their role, their location and deleting
 * them. The feature flags come from the actor's plant document (SHELL-03), which the device has too.
 * What only the server can know stays there: e-mail uniqueness across customers, the account
 * (credentials) and the sessions a deletion ends (sync-server/domain/user-collection.ts).
 */
const U = Messages.users

export const AddUserArgs = Schema.Struct({
  /** The new user's id, minted by the device. */
  userId: Schema.NonEmptyString,
  email: Schema.String,
  locationPlantId: Schema.String,
  locationName: Schema.NullOr(Schema.String),
})
export type AddUserArgs = typeof AddUserArgs.Type

export const SetUserRoleArgs = Schema.Struct({ userId: Schema.NonEmptyString, role: AssignableRole })
export type SetUserRoleArgs = typeof SetUserRoleArgs.Type

export const SetUserLocationArgs = Schema.Struct({
  userId: Schema.NonEmptyString,
  locationConfig: UserLocationConfig,
})
export type SetUserLocationArgs = typeof SetUserLocationArgs.Type

export const DeleteUserArgs = Schema.Struct({ userId: Schema.NonEmptyString })
export type DeleteUserArgs = typeof DeleteUserArgs.Type

/** USER-02: a new user with the role 'user', no login yet and a location (the form requires one). */
export const addUser = defineIntent<AddUserArgs>({
  name: 'addUser',
  args: AddUserArgs,
  adminOnly: true,
  // Every user of the customer: an e-mail another user holds is the spec's 409, which the device
  // (an administrator's device holds all users) can then say at once, offline too.
  reads: ({ locationPlantId }, env) => [{ collection: 'users', all: true }, plantReads(env, locationPlantId)],
  edits: () => [],
  apply(docs, args, env) {
    const first = validateAddUserForm({ ...args, customerId: env.actor.customerId })[0]
    if (first) rejectInvalid(first.message, { issues: [{ path: first.path, message: first.message }] })
    const location = { locationName: args.locationName, locationPlantId: args.locationPlantId.trim() }
    const user: User = {
      id: args.userId,
      email: args.email.trim(),
      lastLogin: null,
      role: 'user',
      locationConfig: checkedLocation(docs, env, undefined, location),
      customerId: env.actor.customerId,
    }
    const existing = docs.get('users', args.userId)
    if (existing) {
      // The same add again (a retried request) changes nothing; another one onto a taken id is refused.
      if (existing.email === user.email) return
      throw new IntentRejected(409, 'CONFLICT', Messages.server.conflict)
    }
    const email = normalizeEmail(user.email)
    if (docs.all('users').some((u) => normalizeEmail(u.email) === email))
      throw new IntentRejected(409, 'CONFLICT', U.emailExists)
    docs.put('users', user.id, user)
  },
  describe: ({ email }) => `Add user ${email.trim()}`,
})

/** USER-03: User or Administrator; an administrator cannot change their own role (README Decisions). */
export const setUserRole = defineIntent<SetUserRoleArgs>({
  name: 'setUserRole',
  args: SetUserRoleArgs,
  adminOnly: true,
  reads: ({ userId }) => [{ collection: 'users', ids: [userId] }],
  edits: ({ userId }) => [{ collection: 'users', id: userId }],
  apply(docs, { userId, role }, env) {
    const user = docs.get('users', userId) ?? rejectNotFound(U.notFound)
    if (user.role === role) return
    if (userId === env.actor.userId) throw new IntentRejected(403, 'FORBIDDEN', U.cannotChangeOwnRole)
    docs.put('users', userId, { ...user, role })
  },
  describe: ({ userId, role }, docs) =>
    `Make ${emailOf(docs, userId)} ${role === 'administrator' ? 'an administrator' : 'a user'}`,
})

/** USER-05: the Location select (needs the user-location flag to move an existing user). */
export const setUserLocation = defineIntent<SetUserLocationArgs>({
  name: 'setUserLocation',
  args: SetUserLocationArgs,
  adminOnly: true,
  reads: ({ userId, locationConfig }, env) => [
    { collection: 'users', ids: [userId] },
    plantReads(env, locationConfig.locationPlantId),
  ],
  edits: ({ userId }) => [{ collection: 'users', id: userId }],
  apply(docs, { userId, locationConfig }, env) {
    const user = docs.get('users', userId) ?? rejectNotFound(U.notFound)
    const location = checkedLocation(docs, env, user.locationConfig, locationConfig)
    docs.put('users', userId, { ...user, locationConfig: location })
  },
  describe: ({ userId }, docs) => `Change location of ${emailOf(docs, userId)}`,
})

/** USER-04: behind the user-deletion flag; nobody deletes themselves (README Decisions). */
export const deleteUser = defineIntent<DeleteUserArgs>({
  name: 'deleteUser',
  args: DeleteUserArgs,
  adminOnly: true,
  reads: ({ userId }, env) => [{ collection: 'users', ids: [userId] }, plantReads(env, null)],
  edits: () => [],
  apply(docs, { userId }, env) {
    if (!docs.get('users', userId)) rejectNotFound(U.notFound)
    if (userId === env.actor.userId) rejectForbidden(Messages.server.forbidden)
    if (!flagOn(docs, env, 'userDeletion')) rejectForbidden(Messages.server.forbidden)
    docs.remove('users', userId)
  },
  describe: ({ userId }, docs) => `Delete user ${emailOf(docs, userId)}`,
})

/** The actor's plant (feature flags) and the plant a location names. */
const plantReads = (env: IntentEnv, locationPlantId: string | null): DocumentRead => ({
  collection: 'plants',
  ids: [env.actor.plantId, ...(locationPlantId ? [locationPlantId.trim()] : [])],
})

const flagOn = (docs: DocSet, env: IntentEnv, flag: 'userDeletion' | 'userLocation') =>
  featureFlagsOf(docs, env)[flag]

function checkedLocation(
  docs: DocSet,
  env: IntentEnv,
  before: UserLocationConfig | undefined,
  next: UserLocationConfig,
): UserLocationConfig {
  const plant = next.locationPlantId === null ? undefined : docs.get('plants', next.locationPlantId)
  const outcome = resolveLocation({
    before,
    next,
    plant,
    userLocationFlag: flagOn(docs, env, 'userLocation'),
    actorLocation: env.actor.locationConfig,
  })
  if (outcome.ok) return outcome.location
  if (outcome.status === 400) return rejectInvalid(outcome.message)
  if (outcome.status === 403) return rejectForbidden(outcome.message)
  return rejectNotFound(outcome.message)
}

const emailOf = (docs: DocSet, userId: string) => docs.get('users', userId)?.email ?? userId
