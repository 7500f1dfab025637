import { Hono } from 'hono'
import { SignalLimitsUpdate, type SignalLimitEntry } from '../../shared/schema/signal-limit'
import { findVisible } from '../domain/line-documents'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { listDocuments } from '../store/documents'
import { callIntent } from './intent-call'
import { requireLine } from './line-lookups'

const PATH = '/line-config/spc-signal-limits'

/**
 * Cap Limits (CAPL-01..04): GET and PUT /line-config/spc-signal-limits?line-id=. A PUT runs the
 * saveSignalLimits intent (shared/intents/limits.ts) on the entries it sends, all or nothing, and
 * answers them as saved (signals not listed keep their limits).
 */
export function signalLimitRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get(PATH, async (c) => {
    const { session, services } = c.var
    const line = await requireLine(services, session, c.req.query('line-id'))
    const entries = await listDocuments<SignalLimitEntry>(services.db, session.customerId, 'signalLimits', {
      plantId: session.plantId,
      fields: { lineUUID: line.id },
    })
    return c.json(entries.map((e) => e.data))
  })

  app.put(PATH, async (c) => {
    const { session, services } = c.var
    const entries = await readBody(c, SignalLimitsUpdate)
    const line = await requireLine(services, session, c.req.query('line-id'))
    await callIntent(c.var, 'saveSignalLimits', { lineId: line.id, entries })
    const saved: SignalLimitEntry[] = []
    for (const entry of entries) {
      const doc = await findVisible<SignalLimitEntry>(services.db, session, 'signalLimits', entry.signalUUID)
      if (doc) saved.push(doc.data)
    }
    return c.json(saved)
  })

  return app
}
