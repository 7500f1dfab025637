import { Hono } from 'hono'
import type { Monitor } from '../../shared/schema/monitor'
import { CapMonitorCreateInput, CapMonitorPatch } from '../../shared/schema/monitor-requests'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { notFound } from '../domain/domain-error'
import type { Services } from '../domain/services'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { listDocuments, type StoredDocument } from '../store/documents'
import { callIntent } from './intent-call'
import { requireMonitor, toTask } from './monitor-api-helpers'

/** The CAP service calls (monitors §7): the Cap Alerts toggle and its exclude switches. */
export function monitorCapRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // CAPA-02: switching a signal's cap alerts on creates its cap monitor if missing, and starts it.
  app.post('/monitors', async (c) => {
    const { services, session } = c.var
    const { signalId } = await readBody(c, CapMonitorCreateInput)
    const newMonitorId = crypto.randomUUID()
    const written = await callIntent(c.var, 'setCapAlert', {
      signalId,
      active: true,
      newMonitorId,
    })
    // A cap monitor this call created (or, retried, created the first time: revision 1).
    const touched = written.first<Monitor>('monitors')
    if (touched && (touched.id === written.idFor(newMonitorId) || touched.revision === 1))
      return c.json({ uuid: touched.id }, 201)
    const existing = await capMonitorOf(services, session, signalId)
    if (!existing) throw notFound(Messages.monitor.notFound)
    return c.json({ uuid: existing.id }, 200)
  })

  // Any monitor's active flag and exclude switches; the admin grids' toggle (MADM-03) uses it too.
  app.patch('/monitors/:monitorUuid', async (c) => {
    const { services, session } = c.var
    const patch = await readBody(c, CapMonitorPatch)
    const monitorId = c.req.param('monitorUuid')
    await callIntent(c.var, 'updateMonitorSwitches', { monitorId, ...patch })
    return c.json(toTask(await requireMonitor(services, session, monitorId)))
  })

  return app
}

/** The signal's cap monitor in the session plant, if it has one. */
async function capMonitorOf(
  services: Services,
  session: Session,
  signalId: string,
): Promise<StoredDocument<Monitor> | undefined> {
  const capMonitors = await listDocuments<Monitor>(services.db, session.customerId, 'monitors', {
    plantId: session.plantId,
    fields: { monitor_type: 'cap' },
  })
  return capMonitors.find((m) => m.data.monitor_filter.signal_uuids.includes(signalId))
}
