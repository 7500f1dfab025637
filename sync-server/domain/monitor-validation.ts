import type { Line } from '../../shared/schema/line'
import type { Monitor } from '../../shared/schema/monitor'
import { Messages } from '../../shared/validation/messages'
import { findDuplicateMonitor, sameMonitorSettings } from '../../shared/validation/monitor-duplicate'
import { validateMonitorReferences } from '../../shared/validation/monitor-references'
import type { Session } from '../auth/session'
import { listDocuments } from '../store/documents'
import type { DecodedChange, WriteContext } from './collection-rules'
import { badRequest, conflict, notFound } from './domain-error'
import { linesOf, visibleDocument } from './monitor-lookups'

/**
 * The monitor rules that need the database (the form rules ran in decode): the line exists in the
 * plant, the signals and groups are that line's, an inactive line's monitor is not started, and no
 * other monitor has the same settings (MON-07). Returns the monitor to store.
 */
export async function validateMonitorChange(
  ctx: WriteContext,
  change: DecodedChange<Monitor>,
): Promise<Monitor> {
  if (!change.next) throw badRequest(Messages.server.invalidRequest)
  const next = withSessionScope(change.next, ctx.session)
  const previous = change.previous?.data
  const filter = next.monitor_filter

  const line = await visibleDocument<Line>(ctx.tx, ctx.session, 'lines', filter.line_uuid)
  if (!line) throw notFound(Messages.lines.unableToFind)
  // One after the other: both run on the transaction's single connection.
  const signalLines = await linesOf(ctx.tx, ctx.session, 'signals', filter.signal_uuids)
  const groupLines = await linesOf(ctx.tx, ctx.session, 'signalGroups', filter.signal_group_uuids)
  const wasActive = previous?.active === true && previous.monitor_filter.line_uuid === filter.line_uuid
  const errors = validateMonitorReferences(
    next,
    { lineActive: line.data.active, signalLines, groupLines },
    wasActive,
  )
  const first = errors[0]
  if (first)
    throw badRequest(first.message, { issues: errors.map((e) => ({ path: e.path, message: e.message })) })

  // "Updating into" a duplicate: a monitor whose settings did not change may be renamed or toggled
  // even if it already collides with another (e.g. one made before this rule existed).
  if (!previous || !sameMonitorSettings(previous, next)) await assertNotDuplicate(ctx, next)
  return next
}

/** The monitor belongs to the session's customer and plant, whatever the client sent there. */
export function withSessionScope(monitor: Monitor, session: Session): Monitor {
  return {
    ...monitor,
    monitor_filter: { ...monitor.monitor_filter, cust_uuid: session.customerId, plant_uuid: session.plantId },
  }
}

async function assertNotDuplicate(ctx: WriteContext, next: Monitor): Promise<void> {
  const sameType = await listDocuments<Monitor>(ctx.tx, ctx.session.customerId, 'monitors', {
    plantId: ctx.session.plantId,
    fields: { monitor_type: next.monitor_type },
  })
  const duplicate = findDuplicateMonitor(
    next,
    sameType.map((d) => ({ ...d.data, monitor_uuid: d.id })),
  )
  if (!duplicate) return
  throw conflict('DUPLICATE_MONITOR', Messages.monitor.duplicateBody(duplicate.monitor_name), {
    task_uuid: duplicate.monitor_uuid,
    monitor_uuid: duplicate.monitor_uuid,
    monitor_name: duplicate.monitor_name,
  })
}
