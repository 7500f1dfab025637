import type { Kysely } from 'kysely'
import type { Role, UserLocationConfig } from '../../shared/schema/user'
import { getDocument, listDocuments } from '../store/documents'
import { sessionRow } from '../store/session-rows'
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

/**
 * The session for a cookie token, read fresh each time so role changes apply at once: the same
 * answer as sessionForUser for the session's user, in one statement (every request asks it; three
 * statements cost ~1 ms a request on the embedded database, docs/architecture.md).
 */
export async function loadSession(db: Kysely<Tables>, token: string): Promise<Session | undefined> {
  const row = await sessionRow(db, hashToken(token))
  if (!row || row.expires_at.getTime() < Date.now() || row.deleted || !row.plant_id) return undefined
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

interface UserData {
  readonly email: string
  readonly role: Role
  readonly locationConfig: UserLocationConfig
}

export async function sessionForUser(
  db: Kysely<Tables>,
  customerId: string,
  userId: string,
): Promise<Session | undefined> {
  const user = await getDocument<UserData>(db, customerId, 'users', userId)
  if (!user || user.deleted) return undefined
  const plants = await listDocuments(db, customerId, 'plants')
  const own = plants.find((p) => p.id === user.data.locationConfig.locationPlantId)
  // Corporate and unassigned users work in the customer's first plant.
  const plant = own ?? plants[0]
  if (!plant) return undefined
  return {
    userId,
    email: user.data.email,
    role: user.data.role,
    customerId,
    plantId: plant.id,
    locationConfig: user.data.locationConfig,
  }
}
