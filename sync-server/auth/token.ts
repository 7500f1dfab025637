import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Session tokens, whoever keeps the session (the embedded mode's `sessions`, gateway mode's
 * `gateway_sessions`): 32 random bytes in the cookie, only their hash in the database, so a copy of
 * the database signs nobody in.
 */
export const newSessionToken = (): string => randomBytes(32).toString('base64url')

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url')

/** `Authorization: Bearer <token>` as given equals the expected one, compared in constant time. */
export function sameBearer(authorization: string, token: string): boolean {
  const a = Buffer.from(authorization)
  const b = Buffer.from(`Bearer ${token}`)
  return a.length === b.length && timingSafeEqual(a, b)
}
