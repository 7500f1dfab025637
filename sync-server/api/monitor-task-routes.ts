import { Hono } from 'hono'
import type { Monitor } from '../../shared/schema/monitor'
import { DeleteTaskInput, GetMonitorByIdInput, MonitorListQuery } from '../../shared/schema/monitor-requests'
import { ValidMonitorDraftFromTaskInput, ValidMonitorFromTask } from '../../shared/schema/monitor-task'
import type { Line } from '../../shared/schema/line'
import { deepEqual } from '../../shared/sync/deep-equal'
import { Messages } from '../../shared/validation/messages'
import { conflict, notFound } from '../domain/domain-error'
import { isVisible, visibleDocument } from '../domain/monitor-lookups'
import { withSessionScope } from '../domain/monitor-validation'
import type { AppEnv } from '../http/app-env'
import { decodeInput, readBody } from '../http/body'
import { getDocument, listDocuments } from '../store/documents'
import { requireMonitor, save, toTask } from './monitor-api-helpers'

/** The task endpoints (ARCHITECTURE.md table): the server's task shape on the wire (MON-08). */
export function monitorTaskRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.post('/tasks/create-task', async (c) => {
    const { services, session } = c.var
    const draft = await readBody(c, ValidMonitorDraftFromTaskInput)
    // An offline client mints the uuid of a monitor it creates; keep it so both sides name one document.
    const id = draft.monitor_uuid ?? crypto.randomUUID()
    const monitor: Monitor = withSessionScope({ ...draft, monitor_uuid: id }, session)
    const existing = await getDocument<Monitor>(services.db, session.customerId, 'monitors', id)
    if (existing && !existing.deleted && isVisible(existing, session)) {
      // A retried create is answered again; any other create onto a taken uuid is refused.
      if (deepEqual(existing.data, monitor)) return c.json(toTask(existing), 201)
      throw conflict('CONFLICT', Messages.server.conflict, { task_uuid: id })
    }
    const stored = await save(services, session, 'monitors', id, monitor)
    return c.json(toTask(stored), 201)
  })

  app.put('/tasks/update-task', async (c) => {
    const { services, session } = c.var
    const monitor = await readBody(c, ValidMonitorFromTask)
    const existing = await requireMonitor(services, session, monitor.monitor_uuid)
    const stored = await save(services, session, 'monitors', existing.id, monitor, existing.revision)
    return c.json(toTask(stored))
  })

  app.post('/tasks/get-monitor-by-id', async (c) => {
    const { taskId } = await readBody(c, GetMonitorByIdInput)
    return c.json(toTask(await requireMonitor(c.var.services, c.var.session, taskId)))
  })

  app.delete('/tasks/delete-task', async (c) => {
    const { services, session } = c.var
    const { monitor_uuid } = await readBody(c, DeleteTaskInput)
    const existing = await requireMonitor(services, session, monitor_uuid)
    await save(services, session, 'monitors', existing.id, undefined, existing.revision)
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
