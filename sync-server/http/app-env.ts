import type { Session } from '../auth/session'
import type { Services } from '../domain/services'

/** Hono context variables set by the middleware. */
export interface AppEnv {
  Variables: {
    services: Services
    session: Session
  }
}
