import { Hono } from 'hono'
import { ALERT_VIEWING_WINDOW_DAYS_DEFAULT } from '../../shared/constants'
import { AlertViewingWindowUpdate, type Line } from '../../shared/schema/line'
import { callIntent } from './intent-call'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { listDocuments } from '../store/documents'
import { requireLine, requireOwnPlant } from './line-lookups'

/** The overview alert filter (LINE-04, LINE-08): read per plant, written per line. */
export function lineAlertWindowRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/notifications/notifications/plants/:plantId/alert-viewing-window', async (c) => {
    const { session, services } = c.var
    requireOwnPlant(session, c.req.param('plantId'))
    const lines = await listDocuments<Line>(services.db, session.customerId, 'lines', {
      plantId: session.plantId,
    })
    return c.json(
      lines.map((l) => ({
        lineId: l.id,
        alertViewingWindowDays: l.data.alertViewingWindowDays ?? ALERT_VIEWING_WINDOW_DAYS_DEFAULT,
      })),
    )
  })

  app.put('/notifications/notifications/lines/:lineId/alert-viewing-window', async (c) => {
    const { session, services } = c.var
    const { alertViewingWindowDays } = await readBody(c, AlertViewingWindowUpdate)
    const line = await requireLine(services, session, c.req.param('lineId'))
    await callIntent(c.var, 'updateLineSettings', {
      lineId: line.id,
      changes: { alertViewingWindowDays },
    })
    return c.json({ lineId: line.id, alertViewingWindowDays })
  })

  return app
}
