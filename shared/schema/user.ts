import { Schema } from 'effect'
import { ASSIGNABLE_ROLES, ROLES } from '../constants'
import { checkWith, fieldError } from '../validation/field-error'
import { isEmailLike, validateAddUserForm } from '../validation/integration-rules'
import { Messages } from '../validation/messages'
import { required } from '../validation/text-rules'
import { UtcIsoString } from './plant'

/** Users, roles, locations, the session and sign-in (USER-01..05, SHELL-04). */

export const Role = Schema.Literals(ROLES)
export type Role = typeof Role.Type

/** The roles an administrator gives (the Role dropdown, setUserRole). */
export const AssignableRole = Schema.Literals(ASSIGNABLE_ROLES)
export type AssignableRole = typeof AssignableRole.Type

/** SHELL-04: only an administrator sees Users and Data Sources; a contributor is not one. */
export const isAdministrator = (role: Role): boolean => role === 'administrator'

/**
 * Where a user works: a plant (name and id), 'corporate', the provider's own location, or
 * unassigned (both null; the legacy name 'unassigned' means the same). Also the
 * PATCH /api/users/{userId} body.
 */
export const UserLocationConfig = Schema.Struct({
  locationName: Schema.NullOr(Schema.String),
  locationPlantId: Schema.NullOr(Schema.String),
})
export type UserLocationConfig = typeof UserLocationConfig.Type

const Email = Schema.String.check(
  Schema.makeFilter((email: string) =>
    email.trim() === ''
      ? Messages.users.emailRequired
      : isEmailLike(email)
        ? true
        : Messages.users.emailInvalid,
  ),
)

export const User = Schema.Struct({
  id: Schema.NonEmptyString,
  email: Email,
  /** null: 'Never logged in'. */
  lastLogin: Schema.NullOr(UtcIsoString),
  role: Role,
  locationConfig: UserLocationConfig,
  customerId: Schema.NonEmptyString,
})
export type User = typeof User.Type

/**
 * Body of POST /api/add-user?customerId= and of the back-office
 * POST /api/administration/customers/{customerId}/user: the customer travels in the URL.
 */
export const AddUserInput = Schema.Struct({
  email: Schema.String,
  locationPlantId: Schema.String,
  locationName: Schema.NullOr(Schema.String),
})
export type AddUserInput = typeof AddUserInput.Type

/** The add-user form (and the server's check once it has the customer id from the URL). */
export const AddUserWithCustomerInput = Schema.Struct({
  ...AddUserInput.fields,
  customerId: Schema.String,
}).check(checkWith(validateAddUserForm))
export type AddUserWithCustomerInput = typeof AddUserWithCustomerInput.Type

/** POST (adds the role) or PUT (removes it) /api/update-user-roles. */
export const UpdateUserRoleInput = Schema.Struct({
  userId: Schema.NonEmptyString,
  role: Role,
  customerId: Schema.NonEmptyString,
})
export type UpdateUserRoleInput = typeof UpdateUserRoleInput.Type

/** GET /api/session answer: the signed-in user. */
export const SessionUser = Schema.Struct({
  id: Schema.NonEmptyString,
  email: Schema.String,
  role: Role,
  customerId: Schema.NonEmptyString,
  /** The plant the session reads and writes. */
  plantId: Schema.NonEmptyString,
  locationConfig: UserLocationConfig,
})
export type SessionUser = typeof SessionUser.Type

/** POST /api/session body. The password is only required, never shaped, so no hint leaks. */
export const SignInInput = Schema.Struct({
  email: Schema.String,
  password: Schema.String,
}).check(
  checkWith((input: { readonly email: string; readonly password: string }) => {
    const emailMissing = required(Messages.server.emailLabel, input.email)
    return [
      ...(emailMissing === undefined ? [] : [fieldError('email', emailMissing)]),
      ...(input.password === ''
        ? [fieldError('password', Messages.text.required(Messages.server.passwordLabel))]
        : []),
    ]
  }),
)
export type SignInInput = typeof SignInInput.Type
