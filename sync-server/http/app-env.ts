import type { Session } from '../auth/session'
import type { SignInThrottle } from '../auth/sign-in-throttle'
import type { Services } from '../domain/services'
import type { RequestPolicy } from './request-policy'

/** Hono context variables set by the middleware. */
export interface AppEnv {
  Variables: {
    services: Services
    session: Session
    policy: RequestPolicy
    signInThrottle: SignInThrottle
    /** The request's Idempotency-Key header, on state-changing calls (idempotency-key.ts). */
    idempotencyKey?: string
    /** What the keyed request was (user, method, path, body), so a key reused for another is refused. */
    idempotencyFingerprint?: string
  }
}
