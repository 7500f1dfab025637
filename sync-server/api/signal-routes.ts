import { Hono } from 'hono'
import {
  ResultClassificationsPatch,
  SignalAttributeUpdate,
  SignalSingleSideUpdate,
  type Signal,
  type SignalAttributes,
} from '../../shared/schema/signal'
import { StationPatch, type Station } from '../../shared/schema/station'
import { Messages } from '../../shared/validation/messages'
import { applyChange } from '../domain/apply-change'
import { notFound } from '../domain/domain-error'
import { findVisible } from '../domain/line-documents'
import { applySignalEdits } from '../domain/signal-batch'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { requireLine } from './line-lookups'
import { signalClassificationRoutes } from './signal-classification-routes'
import { signalLimitRoutes } from './signal-limit-routes'

/** The spec's snake_case attributes onto the Signal document; absent attributes stay as they are. */
const withAttributes =
  (a: SignalAttributes) =>
  (s: Signal): Signal => ({
    ...s,
    ...(a.quality_characteristic !== undefined && { qualityCharacteristic: a.quality_characteristic }),
    ...(a.upper_limit !== undefined && { upperLimit: a.upper_limit }),
    ...(a.lower_limit !== undefined && { lowerLimit: a.lower_limit }),
    ...(a.result !== undefined && { result: a.result }),
    ...(a.signal_entity_type !== undefined && { entityType: a.signal_entity_type }),
    ...(a.signal_friendly_name !== undefined && { friendlyName: a.signal_friendly_name }),
    ...(a.signal_active !== undefined && { isSignalActive: a.signal_active }),
  })

/**
 * Signal management (SM-04..SM-12): PATCH /stations/{id}, PATCH /signal-attribute-update,
 * PATCH /signals; classifications and limits in their own files.
 */
export function signalRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.patch('/stations/:id', async (c) => {
    const { session, services } = c.var
    const { final } = await readBody(c, StationPatch)
    const station = await findVisible<Station>(services.db, session, 'stations', c.req.param('id'))
    if (!station) throw notFound(Messages.signals.stationNotFound)
    await applyChange(services, session, 'stations', station.id, { ...station.data, id: station.id, final })
    return c.body(null, 204)
  })

  app.patch('/signal-attribute-update', async (c) => {
    const { session, services } = c.var
    const { signalRequest, signals } = await readBody(c, SignalAttributeUpdate)
    if (signalRequest.customer_uuid !== session.customerId || signalRequest.plant_uuid !== session.plantId) {
      throw notFound(Messages.server.notFound)
    }
    const line = await requireLine(services, session, signalRequest.line_uuid)
    const edits = signals.map((s) => ({ id: s.signal_uuid, edit: withAttributes(s.signal_attributes) }))
    return c.json(await applySignalEdits(services, session, edits, line.id))
  })

  app.patch('/signals', async (c) => {
    const { session, services } = c.var
    const updates = await readBody(c, SignalSingleSideUpdate)
    const edits = updates.map((u) => ({
      id: u.id,
      edit: (s: Signal): Signal => ({ ...s, singleSide: u.singleSide }),
    }))
    return c.json(await applySignalEdits(services, session, edits))
  })

  app.patch('/signal/result-classifications', async (c) => {
    const { session, services } = c.var
    const patch = await readBody(c, ResultClassificationsPatch)
    const edits = Object.entries(patch).map(([id, { resultClassifications }]) => ({
      id,
      edit: (s: Signal): Signal => ({ ...s, resultClassifications }),
    }))
    return c.json(await applySignalEdits(services, session, edits))
  })

  app.route('/', signalClassificationRoutes())
  app.route('/', signalLimitRoutes())
  return app
}
