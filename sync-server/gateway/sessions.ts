import type { Kysely } from 'kysely'
import { ROLE_CACHE_MS } from '../../shared/constants'
import { SessionUser } from '../../shared/schema/user'
import { Messages } from '../../shared/validation/messages'
import { SESSION_DAYS, type Session } from '../auth/session'
import { hashToken, newSessionToken } from '../auth/token'
import { DomainError } from '../domain/domain-error'
import type { GatewaySignIn } from '../domain/services'
import { HttpRefusal } from '../http/errors'
import {
  createGatewaySession,
  deleteGatewaySession,
  deleteGatewaySessionsWithCookie,
  ensureCustomer,
  findGatewaySession,
  updateGatewayIdentity,
} from '../store/gateway-sessions'
import type { Tables } from '../store/tables'
import { AuthorityRefusal, AuthorityUnauthorized, type AuthorityClient } from './authority-client'
import { AuthorityMalformed, decode } from './authority-reads'
import { UPSTREAM } from './upstream-paths'
import { AuthorityUnavailable } from '../domain/domain-error'

/**
 * Sign-in is the authority's (gateway mode, docs/gateway.md). The gateway forwards the credentials,
 * keeps the authority's session cookie next to a session of its own, and gives the device only its
 * own cookie. The identity (role, plant) is the authority's answer, re-checked every ROLE_CACHE_MS;
 * the authority answering 401 ends the gateway's session too, so the device asks for a sign-in and
 * keeps its pending changes for their author.
 */
export class GatewaySessions {
  /** The authority cookie behind each loaded session (a request's session object is its own key). */
  private readonly cookies = new WeakMap<Session, string>()

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly client: AuthorityClient,
    /** A plant was signed in to: start replicating it (the poller), and wait for its first read. */
    private readonly onPlant: (customerId: string, plantId: string) => Promise<void>,
  ) {}

  async signIn(email: string, password: string, forwardedFor: string): Promise<GatewaySignIn | undefined> {
    let answer
    try {
      answer = await this.client.request(
        undefined,
        { method: 'POST', path: UPSTREAM.session, body: { email, password } },
        { forwardedFor, throttleIsRefusal: true },
      )
    } catch (err) {
      if (err instanceof AuthorityUnauthorized) return undefined
      if (err instanceof AuthorityRefusal && err.status === 429)
        throw new HttpRefusal(429, 'TOO_MANY_REQUESTS', err.message)
      if (err instanceof AuthorityRefusal)
        throw new DomainError(400, 'VALIDATION', err.message || Messages.server.invalidRequest, err.details)
      throw err
    }
    const user = decode(SessionUser, answer.body, 'session')
    const cookie = cookiePairs(answer.setCookie)
    if (cookie === '') throw new AuthorityMalformed('sign-in answer (no session cookie)')
    await ensureCustomer(this.db, user.customerId)
    const token = newSessionToken()
    await createGatewaySession(this.db, hashToken(token), {
      customerId: user.customerId,
      userId: user.id,
      plantId: user.plantId,
      role: user.role,
      identity: user as unknown as Record<string, unknown>,
      authorityCookie: cookie,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    })
    await this.onPlant(user.customerId, user.plantId)
    const session = toSession(user)
    this.cookies.set(session, cookie)
    return { token, session }
  }

  /** Our session for a cookie token; its identity re-read from the authority when older than ROLE_CACHE_MS. */
  async loadSession(token: string): Promise<Session | undefined> {
    const tokenHash = hashToken(token)
    const row = await findGatewaySession(this.db, tokenHash)
    if (!row || row.expiresAt.getTime() < Date.now()) return undefined
    let identity = row.identity
    if (Date.now() - row.checkedAt.getTime() > ROLE_CACHE_MS) {
      try {
        const answer = await this.client.request(row.authorityCookie, {
          method: 'GET',
          path: UPSTREAM.session,
        })
        const user = decode(SessionUser, answer.body, 'session')
        identity = user as unknown as Record<string, unknown>
        await updateGatewayIdentity(this.db, tokenHash, { role: user.role, plantId: user.plantId, identity })
      } catch (err) {
        if (err instanceof AuthorityUnauthorized) {
          await deleteGatewaySession(this.db, tokenHash)
          return undefined
        }
        // Unreachable or malformed: the identity confirmed last stands until the next check.
        if (!(err instanceof AuthorityUnavailable || err instanceof AuthorityMalformed)) throw err
      }
    }
    const session = toSession(decode(SessionUser, identity, 'stored session'))
    this.cookies.set(session, row.authorityCookie)
    return session
  }

  /** The authority's cookie of a session this class loaded. */
  cookieOf(session: Session): string {
    const cookie = this.cookies.get(session)
    if (!cookie) throw new DomainError(401, 'UNAUTHORIZED', Messages.server.unauthorized)
    return cookie
  }

  async signOut(token: string): Promise<void> {
    const row = await findGatewaySession(this.db, hashToken(token))
    await deleteGatewaySession(this.db, hashToken(token))
    if (!row) return
    // Best effort: the authority's session ends with ours, or expires on its own.
    await this.client
      .request(row.authorityCookie, { method: 'DELETE', path: UPSTREAM.session })
      .catch(() => undefined)
  }

  /** The authority refused this cookie: every session of ours that used it is over. */
  async ended(cookie: string): Promise<void> {
    await deleteGatewaySessionsWithCookie(this.db, cookie)
  }
}

const toSession = (user: SessionUser): Session => ({
  userId: user.id,
  email: user.email,
  role: user.role,
  customerId: user.customerId,
  plantId: user.plantId,
  locationConfig: user.locationConfig,
})

/** `name=value` pairs of Set-Cookie headers, as a Cookie header sends them back. */
export function cookiePairs(setCookie: ReadonlyArray<string>): string {
  return (
    setCookie
      .map((c) => c.split(';')[0]!.trim())
      // A cookie with an empty value (`name=`) is one being cleared; a value may itself end in '='.
      .filter((pair) => pair.indexOf('=') > 0 && pair.indexOf('=') < pair.length - 1)
      .join('; ')
  )
}
