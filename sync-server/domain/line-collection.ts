import { Line } from '../../shared/schema/line'
import { findFeederCycle } from '../../shared/validation/line-rules'
import { Messages } from '../../shared/validation/messages'
import { decodeInput } from '../http/body'
import { listDocuments } from '../store/documents'
import { refreshActiveMonitorCount } from './active-monitor-count'
import type { CollectionRules, WriteContext } from './collection-rules'
import { badRequest, conflict } from './domain-error'
import { requireExisting } from './line-documents'
import { restoreLineMonitors, stopLineMonitors } from './line-monitor-stops'

/**
 * Lines (LINE-02..06). Clients change only the settings the line editor and the grid offer; name,
 * display name, isNewLine, lastIngestedTime and activeMonitorsCount are the server's.
 */
const L = Messages.lines

const sameSet = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => {
  const sa = new Set(a)
  const sb = new Set(b)
  return sa.size === sb.size && [...sa].every((x) => sb.has(x))
}

async function checkFeederLines(ctx: WriteContext, lineId: string, feederLineIds: ReadonlyArray<string>) {
  if (feederLineIds.includes(lineId)) throw badRequest(L.feederLineSelf, { lineId })
  const lines = await listDocuments<Line>(ctx.tx, ctx.session.customerId, 'lines', {
    plantId: ctx.session.plantId,
  })
  const known = new Set(lines.map((l) => l.id))
  const unknown = feederLineIds.find((id) => !known.has(id))
  if (unknown !== undefined) throw badRequest(L.feederLineNotFound, { lineId: unknown })
  const graph = lines.map((l) => ({ id: l.id, feederLineIds: l.data.feederLineIds ?? [] }))
  if (findFeederCycle(lineId, feederLineIds, graph)) throw conflict('CIRCULAR_FEEDER', L.circularDependency)
}

export const lineRules: CollectionRules<Line> = {
  collection: 'lines',
  scope: 'plant',
  deletable: false,
  authorize(_session, change) {
    requireExisting(change)
  },
  decode: (data) => decodeInput(Line, data),
  async validate(ctx, change) {
    const previous = requireExisting(change).data
    const next = change.next as Line
    const line: Line = {
      ...previous,
      id: change.id,
      active: next.active,
      friendlyName: next.friendlyName,
      ingestionThresholdHours: next.ingestionThresholdHours,
      alertViewingWindowDays: next.alertViewingWindowDays,
      // A feeder listed twice is the same link.
      feederLineIds: [...new Set(next.feederLineIds)],
      excludedPartIds: next.excludedPartIds,
      excludedModelNumbers: next.excludedModelNumbers,
    }
    // Only a feeder change is checked, so an unrelated edit never fails on the rest of the graph.
    if (!sameSet(previous.feederLineIds ?? [], line.feederLineIds)) {
      await checkFeederLines(ctx, change.id, line.feederLineIds)
    }
    return line
  },
  async afterWrite(ctx, change, stored) {
    const before = change.previous?.data.active
    if (before === undefined || before === stored.data.active) return
    if (stored.data.active) await restoreLineMonitors(ctx, stored.id, stored.plantId)
    else await stopLineMonitors(ctx, stored.id, stored.plantId)
    await refreshActiveMonitorCount(ctx, stored.id)
  },
}
