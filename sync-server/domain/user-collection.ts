import { User } from '../../shared/schema/user'
import { Messages } from '../../shared/validation/messages'
import { decodeInput } from './decode'
import type { CollectionRules } from './collection-rules'
import { forbidden } from './domain-error'
import { claimEmail, removeAccount } from './user-credentials'

/**
 * Storage of users (USER-02..05): customer-wide, administrators only. Roles, locations, the feature
 * flags and "not yourself" are the user intents' (shared/intents/users.ts). What stays here is what a
 * device cannot decide: the e-mail is unique across customers (claimEmail), lastLogin and customerId
 * are the server's, and a deleted user's account and sessions end with the document.
 */
export const userRules: CollectionRules<User> = {
  collection: 'users',
  scope: 'customer',
  deletable: true,
  authorize(session) {
    if (session.role !== 'administrator') throw forbidden(Messages.server.forbidden)
  },
  decode: (data) => decodeInput(User, data),
  async validate(ctx, { id, previous, next }) {
    if (!next) throw new Error('validate without a document')
    const email = next.email.trim()
    await claimEmail(ctx, id, email)
    return {
      ...next,
      id,
      email,
      lastLogin: previous?.data.lastLogin ?? null,
      customerId: ctx.session.customerId,
    }
  },
  async afterWrite(ctx, { id, next }) {
    if (next === undefined) await removeAccount(ctx, id)
  },
}
