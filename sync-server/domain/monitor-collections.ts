import { ValidMonitor, type Monitor } from '../../shared/schema/monitor'
import {
  ValidMonitorRulesDocument,
  type MonitorRulesDocument,
} from '../../shared/schema/monitor-rules-document'
import { SignalGroupDocument } from '../../shared/schema/signal-group-document'
import { Messages } from '../../shared/validation/messages'
import { getDocument } from '../store/documents'
import { decodeInput } from '../http/body'
import { refreshActiveMonitorCount } from './active-monitor-count'
import type { CollectionRules, DecodedChange } from './collection-rules'
import { badRequest, forbidden, notFound } from './domain-error'
import { deleteSideEffect, visibleDocument } from './monitor-lookups'
import { validateMonitorChange } from './monitor-validation'

/**
 * monitors (cap, svd, mvd; the client shape, keyed by monitor_uuid). Any signed-in user of the plant
 * may create, edit and delete monitors: the spec gives monitor screens no role rule.
 */
export const monitorsRules: CollectionRules<Monitor> = {
  collection: 'monitors',
  scope: 'plant',
  deletable: true,
  authorize: () => {},
  decode: (data) => decodeInput(ValidMonitor, data),
  validate: validateMonitorChange,
  async afterWrite(ctx, change, stored) {
    // LINE-08: both the line it left (a monitor moved or deleted) and the line it is on now.
    const lines = new Set([
      change.previous?.data.monitor_filter.line_uuid,
      stored.data.monitor_filter.line_uuid,
    ])
    for (const lineId of lines) if (lineId) await refreshActiveMonitorCount(ctx, lineId)
    if (change.next === undefined) {
      // A deleted monitor takes its alert rules with it, so no orphan replicates.
      const rules = await getDocument(ctx.tx, ctx.session.customerId, 'monitorRules', stored.id)
      if (rules && !rules.deleted) await deleteSideEffect(ctx, rules)
    }
  },
}

/** monitorRules: one document per monitor (keyed by its uuid), RULE-02's bounds on every rule. */
export const monitorRulesRules: CollectionRules<MonitorRulesDocument> = {
  collection: 'monitorRules',
  scope: 'plant',
  // Deleting the rules means "no rules set" (RULE-03); a client deleting a monitor may delete them too.
  deletable: true,
  authorize: () => {},
  decode: (data) => decodeInput(ValidMonitorRulesDocument, data),
  async validate(ctx, change) {
    const next = required(change)
    const monitor = await visibleDocument<Monitor>(ctx.tx, ctx.session, 'monitors', change.id)
    if (!monitor) throw notFound(Messages.monitor.notFound)
    return { ...next, monitorId: change.id }
  },
}

/** signalGroups: written by the server (seed, ingestion) only; clients read them. */
export const signalGroupRules: CollectionRules<SignalGroupDocument> = {
  collection: 'signalGroups',
  scope: 'plant',
  deletable: false,
  authorize: () => {
    throw forbidden(Messages.server.forbidden)
  },
  decode: (data) => decodeInput(SignalGroupDocument, data),
  validate: async (_ctx, change) => required(change),
}

function required<T>(change: DecodedChange<T>): T {
  if (change.next === undefined) throw badRequest(Messages.server.invalidRequest)
  return change.next
}
