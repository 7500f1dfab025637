import { Hono } from 'hono'
import { CAP_TASK_DEFAULT_ALERT_THRESHOLD, CAP_TASK_DEFAULT_FREQUENCY_MINUTES } from '../../shared/constants'
import { newMonitorDraft, type Monitor } from '../../shared/schema/monitor'
import { CapMonitorCreateInput, CapMonitorPatch } from '../../shared/schema/monitor-requests'
import type { Signal } from '../../shared/schema/signal'
import { Messages } from '../../shared/validation/messages'
import { nextDefaultMonitorName } from '../../shared/validation/monitor-rules'
import type { Session } from '../auth/session'
import { DomainError, notFound } from '../domain/domain-error'
import { visibleDocument } from '../domain/monitor-lookups'
import type { Services } from '../domain/services'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { listDocuments, type StoredDocument } from '../store/documents'
import { requireMonitor, save, toTask } from './monitor-api-helpers'

/** The CAP service calls (monitors §7): the Cap Alerts toggle and its exclude switches. */
export function monitorCapRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // CAPA-02: switching a signal's cap alerts on creates its cap monitor if missing, and starts it.
  app.post('/monitors', async (c) => {
    const { services, session } = c.var
    const { signalId } = await readBody(c, CapMonitorCreateInput)
    const signal = await visibleDocument<Signal>(services.db, session, 'signals', signalId)
    if (!signal) throw notFound(Messages.signals.signalNotFound)
    const { monitor, created } = await switchOnCapMonitor(services, session, signal)
    return c.json({ uuid: monitor.id }, created ? 201 : 200)
  })

  // Any monitor's active flag and exclude switches; the admin grids' toggle (MADM-03) uses it too.
  app.patch('/monitors/:monitorUuid', async (c) => {
    const { services, session } = c.var
    const patch = await readBody(c, CapMonitorPatch)
    const existing = await requireMonitor(services, session, c.req.param('monitorUuid'))
    const next: Monitor = {
      ...existing.data,
      monitor_uuid: existing.id,
      active: patch.active ?? existing.data.active,
      use_excluded_model_numbers: patch.useExcludedModelNumbers ?? existing.data.use_excluded_model_numbers,
      use_excluded_part_ids: patch.useExcludedPartIds ?? existing.data.use_excluded_part_ids,
    }
    const stored = await save(services, session, 'monitors', existing.id, next, existing.revision)
    return c.json(toTask(stored))
  })

  return app
}

async function switchOnCapMonitor(
  services: Services,
  session: Session,
  signal: StoredDocument<Signal>,
  retried = false,
): Promise<{ monitor: StoredDocument<Monitor>; created: boolean }> {
  const capMonitors = await listDocuments<Monitor>(services.db, session.customerId, 'monitors', {
    plantId: session.plantId,
    fields: { monitor_type: 'cap' },
  })
  const ofLine = capMonitors.filter((m) => m.data.monitor_filter.line_uuid === signal.data.lineId)
  const existing = ofLine.find((m) => m.data.monitor_filter.signal_uuids.includes(signal.id))
  if (existing) {
    if (existing.data.active) return { monitor: existing, created: false }
    const next = { ...existing.data, monitor_uuid: existing.id, active: true }
    return { monitor: await save(services, session, 'monitors', existing.id, next), created: false }
  }
  const id = crypto.randomUUID()
  const draft = newMonitorDraft('cap', {
    cust_uuid: session.customerId,
    plant_uuid: session.plantId,
    line_uuid: signal.data.lineId,
  })
  const monitor: Monitor = {
    ...draft,
    monitor_uuid: id,
    monitor_name: nextDefaultMonitorName(
      'cap',
      ofLine.map((m) => m.data.monitor_name),
    ),
    frequency: CAP_TASK_DEFAULT_FREQUENCY_MINUTES,
    monitor_filter: {
      ...draft.monitor_filter,
      signal_uuids: [signal.id],
      alert_threshold: CAP_TASK_DEFAULT_ALERT_THRESHOLD,
    },
  }
  try {
    return { monitor: await save(services, session, 'monitors', id, monitor), created: true }
  } catch (err) {
    // Two toggles at once: the other request created it first (MON-07 says so); switch that one on.
    if (retried || !(err instanceof DomainError) || err.code !== 'DUPLICATE_MONITOR') throw err
    return switchOnCapMonitor(services, session, signal, true)
  }
}
