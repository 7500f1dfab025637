import { Hono } from 'hono'
import { changesFromAttributes } from '../../shared/intents/signal-associations'
import {
  ResultClassificationsPatch,
  SignalAttributeUpdate,
  SignalSingleSideUpdate,
  type Signal,
} from '../../shared/schema/signal'
import { StationPatch } from '../../shared/schema/station'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { notFound } from '../domain/domain-error'
import { findVisible } from '../domain/line-documents'
import type { Services } from '../domain/services'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { callIntent } from './intent-call'
import { requireLine } from './line-lookups'
import { signalClassificationRoutes } from './signal-classification-routes'
import { signalLimitRoutes } from './signal-limit-routes'

/** The signals a call edited, as stored after it (each once, in the order first named). */
async function savedSignals(services: Services, session: Session, ids: ReadonlyArray<string>) {
  const saved: Signal[] = []
  for (const id of new Set(ids)) {
    const doc = await findVisible<Signal>(services.db, session, 'signals', id)
    if (doc) saved.push(doc.data)
  }
  return saved
}

/**
 * Signal management (SM-04..SM-12): PATCH /stations/{id}, PATCH /signal-attribute-update,
 * PATCH /signals; classifications and limits in their own files. Each call runs ONE intent
 * (shared/intents/stations.ts, signals.ts, signal-associations.ts), so a call is all or nothing.
 */
export function signalRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.patch('/stations/:id', async (c) => {
    const { final } = await readBody(c, StationPatch)
    await callIntent(c.var, 'setStationFinal', { stationId: c.req.param('id'), final })
    return c.body(null, 204)
  })

  app.patch('/signal-attribute-update', async (c) => {
    const { session, services } = c.var
    const { signalRequest, signals } = await readBody(c, SignalAttributeUpdate)
    if (signalRequest.customer_uuid !== session.customerId || signalRequest.plant_uuid !== session.plantId) {
      throw notFound(Messages.server.notFound)
    }
    const line = await requireLine(services, session, signalRequest.line_uuid)
    await callIntent(c.var, 'updateSignals', {
      lineId: line.id,
      signals: signals.map((s) => ({
        signalId: s.signal_uuid,
        changes: changesFromAttributes(s.signal_attributes),
      })),
    })
    return c.json(
      await savedSignals(
        services,
        session,
        signals.map((s) => s.signal_uuid),
      ),
    )
  })

  app.patch('/signals', async (c) => {
    const { session, services } = c.var
    const updates = await readBody(c, SignalSingleSideUpdate)
    await callIntent(c.var, 'setSignalDistribution', {
      signals: updates.map((u) => ({ signalId: u.id, singleSide: u.singleSide })),
    })
    return c.json(
      await savedSignals(
        services,
        session,
        updates.map((u) => u.id),
      ),
    )
  })

  app.patch('/signal/result-classifications', async (c) => {
    const { session, services } = c.var
    const patch = await readBody(c, ResultClassificationsPatch)
    const signals = Object.entries(patch).map(([signalId, { resultClassifications }]) => ({
      signalId,
      resultClassifications,
    }))
    await callIntent(c.var, 'saveResultClassifications', { signals })
    return c.json(await savedSignals(services, session, Object.keys(patch)))
  })

  app.route('/', signalClassificationRoutes())
  app.route('/', signalLimitRoutes())
  return app
}
