import { Hono } from 'hono'
import { SignalLimitsUpdate, type SignalLimitEntry } from '../../shared/schema/signal-limit'
import { Messages } from '../../shared/validation/messages'
import { applyChange } from '../domain/apply-change'
import { badRequest } from '../domain/domain-error'
import { findVisible } from '../domain/line-documents'
import { prepareLimitEntry } from '../domain/signal-limit-collection'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { listDocuments } from '../store/documents'
import { requireLine } from './line-lookups'

const PATH = '/line-config/spc-signal-limits'

/**
 * Cap Limits (CAPL-01..04): GET and PUT /line-config/spc-signal-limits?line-id=. A PUT saves the
 * entries it sends (signals not listed keep their limits): every entry is checked first, then each
 * is written through applyChange.
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
    const ids = entries.map((e) => e.signalUUID)
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i)
    if (duplicate !== undefined) throw badRequest(Messages.server.invalidRequest, { signalUUID: duplicate })
    for (const entry of entries) {
      if (entry.lineUUID !== line.id) {
        throw badRequest(Messages.signals.signalNotFound, { signalUUID: entry.signalUUID })
      }
      const stored = await findVisible<SignalLimitEntry>(
        services.db,
        session,
        'signalLimits',
        entry.signalUUID,
      )
      await prepareLimitEntry(services.db, session, entry.signalUUID, entry, stored?.data)
    }
    const saved: SignalLimitEntry[] = []
    for (const entry of entries) {
      await applyChange(services, session, 'signalLimits', entry.signalUUID, entry)
      const doc = await findVisible<SignalLimitEntry>(services.db, session, 'signalLimits', entry.signalUUID)
      if (doc) saved.push(doc.data)
    }
    return c.json(saved)
  })

  return app
}
