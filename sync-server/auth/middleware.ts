import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { Messages } from '../../shared/validation/messages'
import { DomainError, forbidden } from '../domain/domain-error'
import type { Services } from '../domain/services'
import type { AppEnv } from '../http/app-env'
import { loadSession, SESSION_COOKIE, type Session } from './session'

/** 401 'Unauthorized' without a valid session cookie; otherwise sets `session`. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE)
  const session = token === undefined ? undefined : await sessionOfToken(c.var.services, token)
  if (!session) throw new DomainError(401, 'UNAUTHORIZED', Messages.server.unauthorized)
  c.set('session', session)
  await next()
})

/**
 * The session of a cookie token as of now (SHELL-04): standalone, the stored user's role and plant
 * read afresh; in gateway mode the authority's answer, asked again after ROLE_CACHE_MS
 * (sync-server/gateway/sessions.ts). A long request (the change stream) asks again with it.
 */
export function sessionOfToken(services: Services, token: string): Promise<Session | undefined> {
  return services.gateway ? services.gateway.loadSession(token) : loadSession(services.db, token)
}

/** 403 'Forbidden resource' for anyone but an administrator. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  assertAdmin(c.var.session)
  await next()
})

export function assertAdmin(session: Session): void {
  if (session.role !== 'administrator') throw forbidden(Messages.server.forbidden)
}
