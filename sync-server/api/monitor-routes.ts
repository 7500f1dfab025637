import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env'
import { monitorCapRoutes } from './monitor-cap-routes'
import { monitorLineRoutes } from './monitor-line-routes'
import { monitorRuleRoutes } from './monitor-rule-routes'
import { monitorTaskRoutes } from './monitor-task-routes'

/**
 * The monitor calls: tasks (create, update, get, delete, list), the CAP service, alert rules,
 * signal groups and active monitor counts. Mounted under /api behind the session middleware.
 */
export function monitorRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.route('/', monitorTaskRoutes())
  app.route('/', monitorCapRoutes())
  app.route('/', monitorRuleRoutes())
  app.route('/', monitorLineRoutes())
  return app
}
