import type { CollectionName } from '../../shared/sync/collections'
import type { CollectionRules } from './collection-rules'
import { lineRules, signalLimitRules, signalRules, stationRules } from './ingested-collection'
import { monitorRulesRules, monitorsRules, signalGroupRules } from './monitor-collections'
import {
  dataSourceRules,
  plantRules,
  relianceConfigRules,
  teamsWebhookRules,
  userRules,
} from './admin-collections'

/** The business rules of every replicated collection: the one place REST and replication both use. */
const REGISTRY = {
  plants: plantRules,
  lines: lineRules,
  stations: stationRules,
  signals: signalRules,
  signalGroups: signalGroupRules,
  monitors: monitorsRules,
  monitorRules: monitorRulesRules,
  signalLimits: signalLimitRules,
  teamsWebhooks: teamsWebhookRules,
  relianceConfigs: relianceConfigRules,
  users: userRules,
  dataSources: dataSourceRules,
} satisfies Record<CollectionName, { readonly collection: CollectionName }>

export function rulesFor(collection: CollectionName): CollectionRules<object> {
  // Each entry is typed for its own entity; callers handle documents generically.
  return REGISTRY[collection] as unknown as CollectionRules<object>
}
