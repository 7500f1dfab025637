import { sql, type Kysely } from 'kysely'
import type { Tables } from './tables'

/** A session row with what a request needs of its user: the user's document and its plant. */
export interface SessionRow {
  readonly user_id: string
  readonly customer_id: string
  readonly expires_at: Date
  /** The user's document. */
  readonly data: Record<string, unknown>
  readonly deleted: boolean
  /** The user's own plant when the customer has it, else the customer's first (by sequence). */
  readonly plant_id: string | null
}

/**
 * The session of a token's hash and its user, in one statement (every request asks it; three
 * statements cost ~1 ms a request on the embedded database). The plant is chosen as
 * sync-server/auth/session.ts's `sessionForUser` chooses it. Undefined: no such session, or its
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
    .select([
      's.user_id',
      's.customer_id',
      's.expires_at',
      'u.deleted',
      'u.data',
      sql<string | null>`(
        select p.id from documents p
         where p.customer_id = s.customer_id and p.collection = 'plants' and not p.deleted
         order by p.id = u.data->'locationConfig'->>'locationPlantId' desc nulls last, p.seq
         limit 1)`.as('plant_id'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst()
}
