import { Schema } from 'effect'
import { SessionUser as SessionUserSchema } from '../../../shared/schema/user'
import type { SessionUser } from '../storage/device-db'

/**
 * Who signed in last on this device and into which plant's local database, kept synchronously
 * readable (localStorage) so a cold start can act before the device database has answered: start
 * reading what the device stored (stored-view.ts), and — offline, where the stored identity is the
 * session anyway — show the frame at once. Only a hint: the stored identity (device-db.ts) decides, and
 * a wrong hint only costs an extra read. Holds no secret: the session itself is an HttpOnly cookie.
 */
const KEY = 'qm-last-plant'

export interface PlantRef {
  readonly customerId: string
  readonly plantId: string
}

export interface SessionHint extends PlantRef {
  /** The user (absent in hints written by an earlier version of the app). */
  readonly user?: SessionUser
}

export function readSessionHint(): SessionHint | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(KEY)
    const hint = raw ? (JSON.parse(raw) as Partial<SessionHint>) : undefined
    if (typeof hint?.customerId !== 'string' || typeof hint.plantId !== 'string') return undefined
    const plant = { customerId: hint.customerId, plantId: hint.plantId }
    const user = hint.user
    return isUserOf(user, plant) ? { ...plant, user } : plant
  } catch {
    return undefined
  }
}

export function writeSessionHint(user: SessionUser | undefined): void {
  try {
    if (user)
      globalThis.localStorage?.setItem(
        KEY,
        JSON.stringify({ customerId: user.customerId, plantId: user.plantId, user }),
      )
    else globalThis.localStorage?.removeItem(KEY)
  } catch {
    // Private mode or storage full: the hint is an optimisation only.
  }
}

/** A user as the server describes one (shared/schema/user.ts), of that plant; anything else is ignored. */
function isUserOf(user: unknown, plant: PlantRef): user is SessionUser {
  return isSessionUser(user) && user.customerId === plant.customerId && user.plantId === plant.plantId
}

const isSessionUser = Schema.is(SessionUserSchema)
