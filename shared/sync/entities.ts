import type { Plant } from '../schema/plant'
import type { Line } from '../schema/line'
import type { Station } from '../schema/station'
import type { Signal } from '../schema/signal'
import type { SignalGroupDocument } from '../schema/signal-group-document'
import type { Monitor } from '../schema/monitor'
import type { MonitorRulesDocument } from '../schema/monitor-rules-document'
import type { SignalLimitEntry } from '../schema/signal-limit'
import type { TeamsWebhook } from '../schema/teams-webhook'
import type { RelianceConfig } from '../schema/reliance-config'
import type { User } from '../schema/user'
import type { DataSource } from '../schema/data-source'
import { SERVER_FIELDS } from './protocol'

/**
 * The entity each replicated collection holds (the shared schema's type), and the one list of the
 * fields that are not entity data: what the server owns (revision, updatedAt, _deleted), what only
 * describes local state (pendingSince, saving) and what RxDB adds (_meta, _rev, _attachments). Merges,
 * diffs, pushes and intents all skip exactly these.
 */
export interface EntityTypes {
  plants: Plant
  lines: Line
  stations: Station
  signals: Signal
  signalGroups: SignalGroupDocument
  monitors: Monitor
  monitorRules: MonitorRulesDocument
  signalLimits: SignalLimitEntry
  teamsWebhooks: TeamsWebhook
  relianceConfigs: RelianceConfig
  users: User
  dataSources: DataSource
}

/** Local-only field: set while a document carries a change the server has not confirmed. */
export const PENDING_FIELD = 'pendingSince'
/** Local-only field: set while such a change is shown but not yet kept in the device's database. */
export const SAVING_FIELD = 'saving'

export const METADATA_FIELDS: ReadonlySet<string> = new Set<string>([
  ...SERVER_FIELDS,
  PENDING_FIELD,
  SAVING_FIELD,
  '_meta',
  '_rev',
  '_attachments',
])

export const isMetadataField = (field: string): boolean => METADATA_FIELDS.has(field)
