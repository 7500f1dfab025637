import { Hono } from 'hono'
import {
  AssociatedResultClassificationsRequest,
  type AssociatedResultClassificationsResponse,
} from '../../shared/schema/associated-result-classifications'
import type { Signal } from '../../shared/schema/signal'
import { Messages } from '../../shared/validation/messages'
import { notFound } from '../domain/domain-error'
import { findVisible } from '../domain/line-documents'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'

/**
 * POST /signal/associated-result-classifications: for each signal, the classifications of the RESULT
 * signals associated to it — a measurement's linked results; a RESULT signal's own (it is its own
 * result); nothing for other signals. Any id that is not a signal of the caller's plant answers 404.
 */
export function signalClassificationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.post('/signal/associated-result-classifications', async (c) => {
    const { session, services } = c.var
    const ids = await readBody(c, AssociatedResultClassificationsRequest)
    const cache = new Map<string, Signal | undefined>()
    const load = async (id: string) => {
      if (!cache.has(id))
        cache.set(id, (await findVisible<Signal>(services.db, session, 'signals', id))?.data)
      return cache.get(id)
    }
    const answer: Record<string, AssociatedResultClassificationsResponse[string]> = {}
    for (const id of ids) {
      const signal = await load(id)
      if (!signal) throw notFound(Messages.signals.signalNotFound)
      const resultIds = signal.entityType === 'RESULT' ? [signal.id] : signal.result
      const classifications = []
      for (const resultId of resultIds) {
        const result = await load(resultId)
        if (result?.entityType !== 'RESULT') continue
        for (const r of result.resultClassifications) classifications.push({ signalId: result.id, ...r })
      }
      answer[id] = { associatedResultClassifications: classifications }
    }
    return c.json(answer)
  })

  return app
}
