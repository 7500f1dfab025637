import type { Kysely } from 'kysely'
import type { Tables } from './tables'

/**
 * Gateway mode's sessions (docs/gateway.md): our own session token, which the device holds, and
 * beside it the authority's session cookie and the identity the authority gave, which never leave
 * this server. Sessions are found by the hash of their token (sync-server/auth/token.ts), never the
 * token itself.
 */
export interface GatewaySessionRow {
  readonly customerId: string
  readonly userId: string
  readonly plantId: string
  readonly role: string
  readonly identity: Record<string, unknown>
  readonly authorityCookie: string
  readonly expiresAt: Date
  readonly checkedAt: Date
}

export async function createGatewaySession(
  db: Kysely<Tables>,
  tokenHash: string,
  row: Omit<GatewaySessionRow, 'checkedAt'>,
): Promise<void> {
  await db
    .insertInto('gateway_sessions')
    .values({
      token_hash: tokenHash,
      customer_id: row.customerId,
      user_id: row.userId,
      plant_id: row.plantId,
      role: row.role,
      identity: JSON.stringify(row.identity),
      authority_cookie: row.authorityCookie,
      expires_at: row.expiresAt,
      checked_at: new Date(),
    })
    .execute()
}

export async function findGatewaySession(
  db: Kysely<Tables>,
  tokenHash: string,
): Promise<GatewaySessionRow | undefined> {
  const row = await db
    .selectFrom('gateway_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return row ? fromRow(row) : undefined
}

/** The identity the authority confirmed again (a role may have changed). */
export async function updateGatewayIdentity(
  db: Kysely<Tables>,
  tokenHash: string,
  identity: { readonly role: string; readonly plantId: string; readonly identity: Record<string, unknown> },
): Promise<void> {
  await db
    .updateTable('gateway_sessions')
    .set({
      role: identity.role,
      plant_id: identity.plantId,
      identity: JSON.stringify(identity.identity),
      checked_at: new Date(),
    })
    .where('token_hash', '=', tokenHash)
    .execute()
}

export async function deleteGatewaySession(db: Kysely<Tables>, tokenHash: string): Promise<void> {
  await db.deleteFrom('gateway_sessions').where('token_hash', '=', tokenHash).execute()
}

/** Every session whose authority cookie the authority refused: they are all over. */
export async function deleteGatewaySessionsWithCookie(db: Kysely<Tables>, cookie: string): Promise<void> {
  await db.deleteFrom('gateway_sessions').where('authority_cookie', '=', cookie).execute()
}

/**
 * Live sessions of a plant, administrators first, then the most recently confirmed: the poller
 * reads the authority with one of them, and an undo retried later with its author's or another's.
 */
export async function liveGatewaySessions(
  db: Kysely<Tables>,
  customerId: string,
  plantId: string,
): Promise<ReadonlyArray<GatewaySessionRow>> {
  const rows = await db
    .selectFrom('gateway_sessions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('plant_id', '=', plantId)
    .where('expires_at', '>', new Date())
    .orderBy('checked_at', 'desc')
    .execute()
  const sessions = rows.map(fromRow)
  return [
    ...sessions.filter((s) => s.role === 'administrator'),
    ...sessions.filter((s) => s.role !== 'administrator'),
  ]
}

/** The plants that have a live session: the ones the gateway keeps replicated after a restart. */
export async function plantsWithSessions(
  db: Kysely<Tables>,
): Promise<ReadonlyArray<{ readonly customerId: string; readonly plantId: string }>> {
  const rows = await db
    .selectFrom('gateway_sessions')
    .select(['customer_id', 'plant_id'])
    .where('expires_at', '>', new Date())
    .distinct()
    .execute()
  return rows.map((r) => ({ customerId: r.customer_id, plantId: r.plant_id }))
}

/** A customer row for the documents' foreign key: the replica learns customers from sign-ins. */
export async function ensureCustomer(db: Kysely<Tables>, id: string): Promise<void> {
  await db
    .insertInto('customers')
    .values({ id, name: id })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

type Row = {
  customer_id: string
  user_id: string
  plant_id: string
  role: string
  identity: Record<string, unknown>
  authority_cookie: string
  expires_at: Date
  checked_at: Date
}

const fromRow = (r: Row): GatewaySessionRow => ({
  customerId: r.customer_id,
  userId: r.user_id,
  plantId: r.plant_id,
  role: r.role,
  identity: r.identity,
  authorityCookie: r.authority_cookie,
  expiresAt: r.expires_at,
  checkedAt: r.checked_at,
})
