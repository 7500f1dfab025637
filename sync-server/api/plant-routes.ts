import { Hono } from 'hono'
import type { DataSource } from '../../shared/schema/data-source'
import { Messages } from '../../shared/validation/messages'
import { requireAdmin } from '../auth/middleware'
import { notFound } from '../domain/domain-error'
import { assertOwnPlant, sessionPlant } from '../domain/integration-scope'
import type { AppEnv } from '../http/app-env'
import { listDocuments } from '../store/documents'
import { callIntent } from './intent-call'

/** The plant's ingestor and its data sources (DS-01/03, monitors spec §7). */
export function plantRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // This product's own read of the plant (time zone, feature flags, ingestor): the specification
  // shows none. A gateway in front of this server replicates the plant from it (docs/gateway.md).
  app.get('/plants/:plantId', async (c) => {
    const { session, services } = c.var
    assertOwnPlant(session, c.req.param('plantId'))
    const plant = await sessionPlant(services.db, session)
    if (!plant) throw notFound(Messages.server.notFound)
    return c.json(plant)
  })

  // Decision: any signed-in user of the plant may read its ingestor id (it is in the replicated plant too).
  app.get('/plants/:plantId/ingestor', async (c) => {
    const { session, services } = c.var
    assertOwnPlant(session, c.req.param('plantId'))
    const plant = await sessionPlant(services.db, session)
    if (!plant?.ingestorId) throw notFound(Messages.server.notFound)
    return c.json({ id: plant.ingestorId })
  })

  app.get('/plants/:plantId/data-sources', requireAdmin, async (c) => {
    const { session, services } = c.var
    assertOwnPlant(session, c.req.param('plantId'))
    const docs = await listDocuments<DataSource>(services.db, session.customerId, 'dataSources', {
      plantId: session.plantId,
    })
    const sources = docs.map((d) => ({ ...d.data, id: d.id }))
    // DS-01: cards sorted by name (id breaks ties so the order is stable).
    sources.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    return c.json(sources)
  })

  app.delete('/data-sources/:id', requireAdmin, async (c) => {
    await callIntent(c.var, 'deleteDataSource', { dataSourceId: c.req.param('id') })
    return c.body(null, 204)
  })

  return app
}
