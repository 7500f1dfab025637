import { Schema } from 'effect'
import { Role } from './user'

/**
 * Wire bodies of the user-administration calls that user.ts does not hold (settings spec §7).
 * A new file so user.ts stays as committed; the two belong together.
 */

/** POST /api/users: the delete flow ("userId, customerId"). */
export const DeleteUserInput = Schema.Struct({
  userId: Schema.NonEmptyString,
  customerId: Schema.NonEmptyString,
})
export type DeleteUserInput = typeof DeleteUserInput.Type

/** POST /api/check-users-roles body. */
export const CheckUsersRolesInput = Schema.Struct({
  userIds: Schema.Array(Schema.String),
  role: Role,
})
export type CheckUsersRolesInput = typeof CheckUsersRolesInput.Type

/** POST /api/check-users-roles answer: one row per asked id, in the order asked. */
export const CheckUsersRolesAnswer = Schema.Array(
  Schema.Struct({
    userId: Schema.String,
    hasRole: Schema.Boolean,
  }),
)
export type CheckUsersRolesAnswer = typeof CheckUsersRolesAnswer.Type
