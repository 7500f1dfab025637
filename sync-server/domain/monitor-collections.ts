import { ValidMonitor, type Monitor } from '../../shared/schema/monitor'
import {
  ValidMonitorRulesDocument,
  type MonitorRulesDocument,
} from '../../shared/schema/monitor-rules-document'
import { SignalGroupDocument } from '../../shared/schema/signal-group-document'
import { Messages } from '../../shared/validation/messages'
import { decodeInput } from './decode'
import type { CollectionRules, DecodedChange } from './collection-rules'
import { badRequest, forbidden } from './domain-error'

/**
 * Storage rules of monitors (cap, svd, mvd; the client shape, keyed by monitor_uuid) and their alert
 * rules. What a monitor must satisfy against other documents — its line, its signals, duplicates
 * (MON-07), the line's active count — is decided by the monitor intents (shared/intents/monitors.ts),
 * which produce every monitor write; here each stored document is only decoded with its schema.
 * Any signed-in user of the plant may change monitors: the spec gives monitor screens no role rule.
 */
export const monitorsRules: CollectionRules<Monitor> = {
  collection: 'monitors',
  scope: 'plant',
  deletable: true,
  authorize: () => {},
  decode: (data) => decodeInput(ValidMonitor, data),
  validate: async (_ctx, change) => required(change),
}

/** monitorRules: one document per monitor (keyed by its uuid), RULE-02's bounds on every rule. */
export const monitorRulesRules: CollectionRules<MonitorRulesDocument> = {
  collection: 'monitorRules',
  scope: 'plant',
  // A deleted monitor takes its rules with it (deleteMonitor).
  deletable: true,
  authorize: () => {},
  decode: (data) => decodeInput(ValidMonitorRulesDocument, data),
  validate: async (_ctx, change) => ({ ...required(change), monitorId: change.id }),
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
