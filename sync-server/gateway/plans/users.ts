import { Schema } from 'effect'
import type {
  AddUserArgs,
  DeleteUserArgs,
  SetUserLocationArgs,
  SetUserRoleArgs,
} from '../../../shared/intents/users'
import { User } from '../../../shared/schema/user'
import { normalizeEmail } from '../../../shared/validation/integration-rules'
import { decode } from '../authority-reads'
import { goneAnswered, idIn, userAnswered } from '../answers'
import { NO_CALLS, NOT_DONE, type PlanBuilder } from '../plan'
import { UPSTREAM } from '../upstream-paths'

/**
 * Users (shared/intents/users.ts), administrators only: the settings specification's calls. A role
 * is added with POST /api/update-user-roles and removed with PUT (the administrator role; 'user' is
 * every user's base role).
 */
export const addUser: PlanBuilder<AddUserArgs> = ({ args, run, session }) => {
  if (!run.changes.some((c) => c.collection === 'users')) return NO_CALLS // the same add again
  const email = args.email.trim()
  return {
    steps: [
      {
        name: 'add-user',
        creates: true,
        request: () => ({
          method: 'POST',
          path: UPSTREAM.addUser(session.customerId),
          body: { email, locationPlantId: args.locationPlantId.trim(), locationName: args.locationName },
        }),
        expects: userAnswered,
        // An add whose answer was lost: the customer's users hold the address if it arrived.
        probe: async (read) => {
          const users = decode(
            Schema.Array(User),
            (await read({ method: 'GET', path: UPSTREAM.users })) ?? [],
            'list of users',
          )
          return users.find((u) => normalizeEmail(u.email) === normalizeEmail(email)) ?? NOT_DONE
        },
      },
    ],
    refresh: ([answer]) => ({ known: [userAnswered(answer)], read: [] }),
    replaced: ([answer]) => {
      const id = idIn(answer)
      return id === args.userId ? [] : [{ collection: 'users', from: args.userId, to: id }]
    },
  }
}

export const setUserRole: PlanBuilder<SetUserRoleArgs> = ({ args, run, session }) => {
  if (!run.changes.some((c) => c.collection === 'users')) return NO_CALLS
  return {
    steps: [
      {
        name: args.role === 'administrator' ? 'add-administrator-role' : 'remove-administrator-role',
        request: () => ({
          method: args.role === 'administrator' ? 'POST' : 'PUT',
          path: UPSTREAM.userRoles,
          body: { userId: args.userId, role: 'administrator', customerId: session.customerId },
        }),
        expects: userAnswered,
      },
    ],
    refresh: ([answer]) => ({ known: [userAnswered(answer)], read: [] }),
  }
}

export const setUserLocation: PlanBuilder<SetUserLocationArgs> = ({ args }) => ({
  steps: [
    {
      name: 'patch-user-location',
      request: () => ({ method: 'PATCH', path: UPSTREAM.user(args.userId), body: args.locationConfig }),
      expects: userAnswered,
    },
  ],
  refresh: ([answer]) => ({ known: [userAnswered(answer)], read: [] }),
})

export const deleteUser: PlanBuilder<DeleteUserArgs> = ({ args, session }) => ({
  steps: [
    {
      name: 'delete-user',
      request: () => ({
        method: 'POST',
        path: UPSTREAM.deleteUser,
        body: { userId: args.userId, customerId: session.customerId },
      }),
      probe: async (read) => {
        const users = decode(
          Schema.Array(User),
          (await read({ method: 'GET', path: UPSTREAM.users })) ?? [],
          'list of users',
        )
        return users.some((u) => u.id === args.userId) ? NOT_DONE : null
      },
    },
  ],
  refresh: () => ({ known: [goneAnswered([['users', args.userId]])], read: [] }),
})
