import { sql, type Kysely } from 'kysely'
import type { Tables } from './tables'

/** A user as a session needs it: the user's document and the plant the user works in. */
export interface UserRow {
  readonly user_id: string
  readonly customer_id: string
  /** The user's document. */
  readonly data: Record<string, unknown>
  readonly deleted: boolean
  /**
   * The plant the user works in: its own plant when the customer has it; corporate and unassigned
   * users (or a plant since removed) work in the customer's first plant, by sequence. Null: the
   * customer has no plant.
   */
  readonly plant_id: string | null
}

/** The user's session row, with the session's expiry. */
export interface SessionRow extends UserRow {
  readonly expires_at: Date
}

/**
 * The session of a token's hash and its user, in one statement: every request asks it, and three
 * statements cost ~1 ms a request on the embedded database. Undefined: no such session, or its
 * user is not stored.
 */
export async function sessionRow(db: Kysely<Tables>, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('documents as u', (join) =>
      join
        .onRef('u.customer_id', '=', 's.customer_id')
        .on('u.collection', '=', 'users')
        .onRef('u.id', '=', 's.user_id'),
    )
    .select(['s.user_id', 's.customer_id', 's.expires_at', 'u.deleted', 'u.data', plantOfUser])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** A user by id, as a new session (a sign-in) reads it. Undefined: the user is not stored. */
export async function userRow(
  db: Kysely<Tables>,
  customerId: string,
  userId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('documents as u')
    .select(['u.id as user_id', 'u.customer_id', 'u.deleted', 'u.data', plantOfUser])
    .where('u.customer_id', '=', customerId)
    .where('u.collection', '=', 'users')
    .where('u.id', '=', userId)
    .executeTakeFirst()
}

/** UserRow's `plant_id`, for a query whose users' documents are `u`. */
const plantOfUser = sql<string | null>`(
  select p.id from documents p
   where p.customer_id = u.customer_id and p.collection = 'plants' and not p.deleted
   order by p.id = u.data->'locationConfig'->>'locationPlantId' desc nulls last, p.seq
   limit 1)`.as('plant_id')
