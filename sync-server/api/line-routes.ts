import { Hono } from 'hono'
import { LinePatch, type Line } from '../../shared/schema/line'
import type { Signal } from '../../shared/schema/signal'
import type { Station } from '../../shared/schema/station'
import { signalsOfLine } from '../domain/line-documents'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { listDocuments } from '../store/documents'
import { compareNames } from '../../shared/text/name-order'
import { callIntent } from './intent-call'
import { lineAlertWindowRoutes } from './line-alert-window-routes'
import { lineView, requireLine, requireOwnPlant } from './line-lookups'

/**
 * Line management (LINE-02..06) and the stations tree of signal management:
 * GET /plants/{plantId}/lines, GET and PATCH /lines/{lineId}, GET /lines/{lineId}/stations.
 */
export function lineRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/plants/:plantId/lines', async (c) => {
    const { session, services } = c.var
    requireOwnPlant(session, c.req.param('plantId'))
    const lines = await listDocuments<Line>(services.db, session.customerId, 'lines', {
      plantId: session.plantId,
    })
    return c.json(lines.map(lineView).sort((a, b) => compareNames(a.displayName, b.displayName)))
  })

  app.get('/lines/:lineId', async (c) => {
    return c.json(lineView(await requireLine(c.var.services, c.var.session, c.req.param('lineId'))))
  })

  app.patch('/lines/:lineId', async (c) => {
    const { session, services } = c.var
    const patch = await readBody(c, LinePatch)
    const line = await requireLine(services, session, c.req.param('lineId'))
    await callIntent(c.var, 'updateLineSettings', { lineId: line.id, changes: patch })
    return c.json(lineView(await requireLine(services, session, line.id)))
  })

  app.get('/lines/:lineId/stations', async (c) => {
    const { session, services } = c.var
    const line = await requireLine(services, session, c.req.param('lineId'))
    const stations = await listDocuments<Station>(services.db, session.customerId, 'stations', {
      plantId: session.plantId,
      fields: { lineId: line.id },
    })
    const signals = await signalsOfLine(services.db, session, line.id)
    const byStation = new Map<string, Signal[]>()
    for (const s of signals)
      byStation.set(s.data.stationId, [...(byStation.get(s.data.stationId) ?? []), s.data])
    // Ids carry the station's position on the line (…-st-1, …-st-2); the sequence does not.
    const tree = stations
      .map((s) => ({
        ...s.data,
        id: s.id,
        children: (byStation.get(s.id) ?? []).sort((a, b) => compareNames(a.name, b.name)),
      }))
      .sort((a, b) => compareNames(a.id, b.id))
    return c.json(tree)
  })

  app.route('/', lineAlertWindowRoutes())
  return app
}
