import { Hono } from 'hono'
import type { Monitor } from '../../shared/schema/monitor'
import { DeleteTaskInput, GetMonitorByIdInput, MonitorListQuery } from '../../shared/schema/monitor-requests'
import { ValidMonitorDraftFromTaskInput, ValidMonitorFromTask } from '../../shared/schema/monitor-task'
import type { Line } from '../../shared/schema/line'
import { Messages } from '../../shared/validation/messages'
import { notFound } from '../domain/domain-error'
import { visibleDocument } from '../domain/monitor-lookups'
import type { AppEnv } from '../http/app-env'
import { decodeInput, readBody } from '../http/body'
import { listDocuments } from '../store/documents'
import { callIntent } from './intent-call'
import { requireMonitor, toTask } from './monitor-api-helpers'

/** The task endpoints (ARCHITECTURE.md table): the server's task shape on the wire (MON-08). */
export function monitorTaskRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.post('/tasks/create-task', async (c) => {
    const { services, session } = c.var
    const draft = await readBody(c, ValidMonitorDraftFromTaskInput)
    // An offline client mints the uuid of a monitor it creates; keep it so both sides name one document.
    const monitor: Monitor = { ...draft, monitor_uuid: draft.monitor_uuid ?? crypto.randomUUID() }
    const written = await callIntent(c.var, 'createMonitor', { monitor })
    // Answered from what was written: a retried call (Idempotency-Key) carries its first monitor, and
    // an authority behind a gateway names the monitor itself.
    const created = written.first<Monitor>('monitors')
    const id = created?.id ?? written.idFor(monitor.monitor_uuid)
    return c.json(toTask(await requireMonitor(services, session, id)), 201)
  })

  app.put('/tasks/update-task', async (c) => {
    const { services, session } = c.var
    const monitor = await readBody(c, ValidMonitorFromTask)
    await callIntent(c.var, 'updateMonitor', { monitor })
    return c.json(toTask(await requireMonitor(services, session, monitor.monitor_uuid)))
  })

  app.post('/tasks/get-monitor-by-id', async (c) => {
    const { taskId } = await readBody(c, GetMonitorByIdInput)
    return c.json(toTask(await requireMonitor(c.var.services, c.var.session, taskId)))
  })

  app.delete('/tasks/delete-task', async (c) => {
    const { monitor_uuid } = await readBody(c, DeleteTaskInput)
    await callIntent(c.var, 'deleteMonitor', { monitorId: monitor_uuid })
    return c.body(null, 204)
  })

  app.get('/tasks', async (c) => {
    const { services, session } = c.var
    const { lineId, type } = decodeInput(MonitorListQuery, {
      lineId: c.req.query('lineId') ?? '',
      type: c.req.query('type') ?? '',
    })
    const line = await visibleDocument<Line>(services.db, session, 'lines', lineId)
    if (!line) throw notFound(Messages.lines.unableToFind)
    const monitors = await listDocuments<Monitor>(services.db, session.customerId, 'monitors', {
      plantId: session.plantId,
      fields: { monitor_type: type },
    })
    const tasks = monitors
      .filter((m) => m.data.monitor_filter.line_uuid === lineId)
      .sort((a, b) => a.data.monitor_name.localeCompare(b.data.monitor_name) || a.id.localeCompare(b.id))
      .map(toTask)
    return c.json(tasks)
  })

  return app
}
