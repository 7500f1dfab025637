import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { Messages } from '../../shared/validation/messages'
import { DomainError, forbidden } from '../domain/domain-error'
import type { AppEnv } from '../http/app-env'
import { loadSession, SESSION_COOKIE, type Session } from './session'

/** 401 'Unauthorized' without a valid session cookie; otherwise sets `session`. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE)
  const { db, gateway } = c.var.services
  // In gateway mode sessions are the authority's (sync-server/gateway/sessions.ts).
  const session = !token
    ? undefined
    : gateway
      ? await gateway.loadSession(token)
      : await loadSession(db, token)
  if (!session) throw new DomainError(401, 'UNAUTHORIZED', Messages.server.unauthorized)
  c.set('session', session)
  await next()
})

/** 403 'Forbidden resource' for anyone but an administrator. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  assertAdmin(c.var.session)
  await next()
})

export function assertAdmin(session: Session): void {
  if (session.role !== 'administrator') throw forbidden(Messages.server.forbidden)
}
