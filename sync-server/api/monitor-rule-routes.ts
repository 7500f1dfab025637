import { Hono } from 'hono'
import type { MonitorRules } from '../../shared/schema/alert-rule'
import { ValidMonitorRules, type MonitorRulesDocument } from '../../shared/schema/monitor-rules-document'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { visibleDocument } from '../domain/monitor-lookups'
import { callIntent } from './intent-call'
import { requireMonitor } from './monitor-api-helpers'

/** RULE-04: a monitor's alert rules, as the bare list the rule editor sends and shows. */
export function monitorRuleRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/notifications/monitor-rules/:monitorId', async (c) => {
    const { services, session } = c.var
    const monitor = await requireMonitor(services, session, c.req.param('monitorId'))
    const doc = await visibleDocument<MonitorRulesDocument>(services.db, session, 'monitorRules', monitor.id)
    // No rules stored yet: an empty list, which the editor shows as all rules off (RULE-01).
    const rules: MonitorRules = doc?.data.rules ?? []
    return c.json(rules)
  })

  app.patch('/notifications/monitor-rules/:monitorId', async (c) => {
    const { services, session } = c.var
    const rules = await readBody(c, ValidMonitorRules)
    const monitor = await requireMonitor(services, session, c.req.param('monitorId'))
    await callIntent(c.var, 'saveAlertRules', { monitorId: monitor.id, rules })
    const stored = await visibleDocument<MonitorRulesDocument>(
      services.db,
      session,
      'monitorRules',
      monitor.id,
    )
    return c.json(stored?.data.rules ?? rules)
  })

  return app
}
