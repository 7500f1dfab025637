import { Hono, type Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { isAdministrator, SignInInput } from '../../shared/schema/user'
import { Messages } from '../../shared/validation/messages'
import { requireSession } from '../auth/middleware'
import { verifyPassword } from '../auth/password'
import {
  createSession,
  deleteSession,
  SESSION_COOKIE,
  SESSION_DAYS,
  sessionForUser,
  type Session,
} from '../auth/session'
import { DomainError } from '../domain/domain-error'
import { markLastLogin } from '../domain/users'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { HttpRefusal } from '../http/errors'
import { clientAddress, isHttps } from '../http/request-policy'

/** POST /api/session (sign in), GET (who am I), DELETE (sign out); and the role check. */
export function sessionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.post('/session', async (c) => {
    const { email, password } = await readBody(c, SignInInput)
    const db = c.var.services.db
    const throttle = c.var.signInThrottle
    const address = clientAddress(c, c.var.policy)
    const wait = throttle.blockedFor(email, address)
    if (wait > 0) throw new HttpRefusal(429, 'TOO_MANY_REQUESTS', Messages.server.tooManySignIns(wait))
    const gateway = c.var.services.gateway
    if (gateway) {
      // Gateway mode: the authority checks the password; its session stays on this server.
      const signedIn = await gateway.signIn(email, password, address)
      if (!signedIn) {
        throttle.recordFailure(email, address)
        throw new DomainError(401, 'UNAUTHORIZED', Messages.server.invalidCredentials)
      }
      throttle.recordSuccess(email, address)
      setSessionCookie(c, signedIn.token)
      return c.json(sessionUser(signedIn.session))
    }
    const cred = await db
      .selectFrom('credentials')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst()
    // Known or not, one scrypt run: an unknown e-mail is checked against a dummy hash.
    const ok = await verifyPassword(password, cred?.password_hash)
    const session = ok && cred ? await sessionForUser(db, cred.customer_id, cred.user_id) : undefined
    if (!cred || !session) {
      throttle.recordFailure(email, address)
      throw new DomainError(401, 'UNAUTHORIZED', Messages.server.invalidCredentials)
    }
    throttle.recordSuccess(email, address)
    const token = await createSession(db, cred.user_id, cred.customer_id)
    await markLastLogin(c.var.services, session)
    setSessionCookie(c, token)
    return c.json(sessionUser(session))
  })

  app.get('/session', requireSession, (c) => c.json(sessionUser(c.var.session)))

  app.delete('/session', async (c) => {
    const token = getCookie(c, SESSION_COOKIE)
    const gateway = c.var.services.gateway
    if (token && gateway) await gateway.signOut(token)
    else if (token) await deleteSession(c.var.services.db, token)
    deleteCookie(c, SESSION_COOKIE, { path: '/' })
    return c.body(null, 204)
  })

  // SHELL-04: the stored user's role as of this request; a contributor is not an administrator.
  app.get('/check-current-user-roles', requireSession, (c) =>
    c.json({ isAdministrator: isAdministrator(c.var.session.role) }),
  )

  return app
}

function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c, c.var.policy),
    maxAge: SESSION_DAYS * 86_400,
  })
}

export function sessionUser(s: Session) {
  return {
    id: s.userId,
    email: s.email,
    role: s.role,
    customerId: s.customerId,
    plantId: s.plantId,
    locationConfig: {
      locationName: s.locationConfig.locationName,
      locationPlantId: s.locationConfig.locationPlantId,
    },
  }
}
