import type { Monitor } from '../../shared/schema/monitor'
import type { Line } from '../../shared/schema/line'
import { getDocument, listDocuments } from '../store/documents'
import { writeSideEffect } from './apply-change'
import type { WriteContext } from './collection-rules'

/**
 * Keeps `activeMonitorsCount` of a line equal to the number of its active, non-deleted monitors
 * (LINE-08). Called after any write that can change it — a monitor saved or deleted, a line
 * (de)activated — inside the same transaction, so the count replicates with the change.
 */
export async function refreshActiveMonitorCount(ctx: WriteContext, lineId: string): Promise<void> {
  if (!lineId) return
  const line = await getDocument<Line>(ctx.tx, ctx.session.customerId, 'lines', lineId)
  if (!line || line.deleted) return
  const monitors = await listDocuments<Monitor>(ctx.tx, ctx.session.customerId, 'monitors', {
    plantId: line.plantId,
  })
  const count = monitors.filter((m) => m.data.monitor_filter.line_uuid === lineId && m.data.active).length
  if (line.data.activeMonitorsCount === count) return
  await writeSideEffect(ctx, 'lines', lineId, line.plantId, { ...line.data, activeMonitorsCount: count })
}
