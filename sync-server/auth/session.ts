import type { Kysely } from 'kysely'
import type { Role, UserLocationConfig } from '../../shared/schema/user'
import { sessionRow, userRow, type UserRow } from '../store/session-rows'
import type { Tables } from '../store/tables'
import { hashToken, newSessionToken } from './token'

/** Who is calling: everything a request handler needs to authorize and scope its queries. */
export interface Session {
  readonly userId: string
  readonly email: string
  readonly role: Role
  readonly customerId: string
  /** The plant whose documents this session reads and writes. */
  readonly plantId: string
  readonly locationConfig: UserLocationConfig
}

/** Long-lived so a tablet that was offline for weeks can still push its pending changes. */
export const SESSION_DAYS = 30
export const SESSION_COOKIE = 'qm_session'

export async function createSession(db: Kysely<Tables>, userId: string, customerId: string): Promise<string> {
  const token = newSessionToken()
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      customer_id: customerId,
      expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    })
    .execute()
  return token
}

export async function deleteSession(db: Kysely<Tables>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute()
}

/** The session for a cookie token, read fresh each time so role changes apply at once. */
export async function loadSession(db: Kysely<Tables>, token: string): Promise<Session | undefined> {
  const row = await sessionRow(db, hashToken(token))
  return row && row.expires_at.getTime() >= Date.now() ? sessionOf(row) : undefined
}

/** The session a sign-in of this user starts with (undefined: the user is gone, or has no plant). */
export async function sessionForUser(
  db: Kysely<Tables>,
  customerId: string,
  userId: string,
): Promise<Session | undefined> {
  const row = await userRow(db, customerId, userId)
  return row && sessionOf(row)
}

interface UserData {
  readonly email: string
  readonly role: Role
  readonly locationConfig: UserLocationConfig
}

function sessionOf(row: UserRow): Session | undefined {
  if (row.deleted || !row.plant_id) return undefined
  const user = row.data as unknown as UserData
  return {
    userId: row.user_id,
    email: user.email,
    role: user.role,
    customerId: row.customer_id,
    plantId: row.plant_id,
    locationConfig: user.locationConfig,
  }
}
