import { Hono } from 'hono'
import { requireSession } from '../auth/middleware'
import type { AppEnv } from '../http/app-env'
import { idempotencyKey } from '../http/idempotency-key'
import { gatewayStatusRoutes } from './gateway-routes'
import { integrationRoutes } from './integration-routes'
import { lineRoutes } from './line-routes'
import { monitorRoutes } from './monitor-routes'
import { plantRoutes } from './plant-routes'
import { signalRoutes } from './signal-routes'
import { userRoutes } from './user-routes'

/** Every REST call of the specification, behind a session. Grouped like the spec. */
export function apiRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', requireSession, idempotencyKey)
  app.route('/', monitorRoutes())
  app.route('/', lineRoutes())
  app.route('/', signalRoutes())
  app.route('/', integrationRoutes())
  app.route('/', userRoutes())
  app.route('/', plantRoutes())
  app.route('/', gatewayStatusRoutes())
  return app
}
