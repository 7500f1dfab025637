import { normalizeEmail } from '../../shared/validation/integration-rules'
import { Messages } from '../../shared/validation/messages'
import { listDocuments } from '../store/documents'
import type { WriteContext } from './collection-rules'
import { DomainError } from './domain-error'

/**
 * Where an e-mail is unique (README "Decisions"):
 * - within a customer, among its users: the spec's 409 'User with the email already exists';
 * - across customers, as a sign-in: the `credentials` table holds the lower-cased e-mail under a
 *   unique index, so sign-in finds one account. The first customer to claim an address keeps it.
 *   Another customer may still add a user with that address, but that user gets no sign-in row; the
 *   answer is the same as for any new address, so no customer learns which e-mails another has.
 * Credentials are keyed by (customer, user id): another customer reusing a user id touches nothing here.
 */

/** A password hash no password matches: a user added by an administrator cannot sign in until one is set. */
export const NO_PASSWORD = '!'

const emailTaken = () => new DomainError(409, 'CONFLICT', Messages.users.emailExists)

export { normalizeEmail }

/** Throws 409 when another user of the customer holds `email`; else makes it `userId`'s sign-in if no customer has it. */
export async function claimEmail(ctx: WriteContext, userId: string, email: string): Promise<void> {
  const { tx, session } = ctx
  const lower = normalizeEmail(email)
  const sameCustomer = await listDocuments<{ email: string }>(tx, session.customerId, 'users')
  if (sameCustomer.some((u) => u.id !== userId && normalizeEmail(u.data.email) === lower)) throw emailTaken()

  const own = await tx
    .selectFrom('credentials')
    .select(['email', 'password_hash'])
    .where('customer_id', '=', session.customerId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (own?.email === lower) return
  if (own) {
    await tx
      .deleteFrom('credentials')
      .where('customer_id', '=', session.customerId)
      .where('user_id', '=', userId)
      .execute()
  }
  // 'do nothing' rather than catching the unique violation: on PostgreSQL a failed statement
  // would abort the whole transaction, and a concurrent claim by another customer waits here.
  await tx
    .insertInto('credentials')
    .values({
      user_id: userId,
      customer_id: session.customerId,
      email: lower,
      password_hash: own?.password_hash ?? NO_PASSWORD,
    })
    .onConflict((oc) => oc.doNothing())
    .execute()
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
