import { Messages } from '../../shared/validation/messages'
import { listDocuments } from '../store/documents'
import type { WriteContext } from './collection-rules'
import { DomainError } from './domain-error'

/**
 * Emails are unique across customers, case-insensitively (sign-in finds one account by email).
 * The `credentials` table holds the lower-cased email with a unique index, so it is both the
 * cross-customer lookup and the guard against two customers claiming one address at once.
 */

/** A password hash no password matches: a user added by an administrator cannot sign in until one is set. */
export const NO_PASSWORD = '!'

const emailTaken = () => new DomainError(409, 'CONFLICT', Messages.users.emailExists)

/** Throws 409 'User with the email already exists' when another user holds `email`, else records it for `userId`. */
export async function claimEmail(ctx: WriteContext, userId: string, email: string): Promise<void> {
  const { tx, session } = ctx
  const lower = email.trim().toLowerCase()
  const holder = await tx
    .selectFrom('credentials')
    .select('user_id')
    .where('email', '=', lower)
    .executeTakeFirst()
  if (holder && holder.user_id !== userId) throw emailTaken()
  // Users seeded or replicated without credentials still count within their customer.
  const sameCustomer = await listDocuments<{ email: string }>(tx, session.customerId, 'users')
  if (sameCustomer.some((u) => u.id !== userId && u.data.email.trim().toLowerCase() === lower))
    throw emailTaken()

  const own = await tx
    .selectFrom('credentials')
    .select(['customer_id', 'email'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (own && own.customer_id !== session.customerId) {
    // A user id another customer already uses: refuse rather than touch their account.
    throw new DomainError(409, 'CONFLICT', Messages.server.conflict)
  }
  if (own?.email === lower) return
  try {
    if (own) {
      await tx.updateTable('credentials').set({ email: lower }).where('user_id', '=', userId).execute()
    } else {
      await tx
        .insertInto('credentials')
        .values({
          user_id: userId,
          customer_id: session.customerId,
          email: lower,
          password_hash: NO_PASSWORD,
        })
        .execute()
    }
  } catch (err) {
    // The unique index fires when another customer claimed the address concurrently; the
    // transaction is rolled back either way.
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}

/** Deleting a user ends their account: credentials and every session go with the document. */
export async function removeAccount(ctx: WriteContext, userId: string): Promise<void> {
  const { tx, session } = ctx
  await tx
    .deleteFrom('credentials')
    .where('user_id', '=', userId)
    .where('customer_id', '=', session.customerId)
    .execute()
  await tx
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('customer_id', '=', session.customerId)
    .execute()
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505'
}
