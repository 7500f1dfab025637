import { Hono } from 'hono'
import { Schema } from 'effect'
import type { Line } from '../../shared/schema/line'
import {
  ActiveMonitorCountQuery,
  SignalGroupsRequest,
  type ActiveMonitorCount,
} from '../../shared/schema/monitor-requests'
import { SignalGroupFromWire } from '../../shared/schema/signal-group'
import type { SignalGroupDocument } from '../../shared/schema/signal-group-document'
import { Messages } from '../../shared/validation/messages'
import { notFound } from '../domain/domain-error'
import { visibleDocument } from '../domain/monitor-lookups'
import type { AppEnv } from '../http/app-env'
import { decodeInput, readBody } from '../http/body'
import { listDocuments } from '../store/documents'

const toWire = Schema.encodeSync(SignalGroupFromWire)

/** Per-line reads the monitor screens use: a line's signal groups and the plant's active monitor counts. */
export function monitorLineRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // SIG-01: the groups of a line in the snake_case wire form.
  app.post('/signal-groups', async (c) => {
    const { services, session } = c.var
    const { customerUuid, plantUuid, lineUuid } = await readBody(c, SignalGroupsRequest)
    // Another customer's or plant's ids answer like unknown ones: nothing about them leaks.
    if (customerUuid !== session.customerId || plantUuid !== session.plantId) {
      throw notFound(Messages.server.notFound)
    }
    const line = await visibleDocument<Line>(services.db, session, 'lines', lineUuid)
    if (!line) throw notFound(Messages.lines.unableToFind)
    const groups = await listDocuments<SignalGroupDocument>(services.db, session.customerId, 'signalGroups', {
      plantId: session.plantId,
      fields: { lineId: line.id },
    })
    return c.json(
      groups.map((g) =>
        toWire({
          signalGroupUuid: g.id,
          signalGroupName: g.data.signalGroupName,
          signalUuids: g.data.signalUuids,
        }),
      ),
    )
  })

  // LINE-08: the server-kept count of each line (refreshed on every monitor and line write).
  app.get('/plant/get-active-monitor-count', async (c) => {
    const { services, session } = c.var
    const { plantId } = decodeInput(ActiveMonitorCountQuery, { plantId: c.req.query('plantId') ?? '' })
    if (plantId !== session.plantId) throw notFound(Messages.server.notFound)
    const lines = await listDocuments<Line>(services.db, session.customerId, 'lines', { plantId })
    const counts: Array<ActiveMonitorCount> = lines.map((l) => ({
      lineId: l.id,
      activeTaskCount: l.data.activeMonitorsCount,
    }))
    return c.json(counts)
  })

  return app
}
