import type { CollectionName } from '../../db/collections'
import { Messages } from '../../../shared/validation/messages'

/** What the sync issues panel calls each kind of document. */
const COLLECTION_LABELS: Record<CollectionName, string> = {
  plants: 'Plant',
  lines: 'Line',
  stations: 'Station',
  signals: 'Signal',
  signalGroups: 'Signal group',
  monitors: 'Monitor',
  monitorRules: 'Monitor alert rules',
  signalLimits: 'Signal limits',
  teamsWebhooks: 'Microsoft Teams integration',
  relianceConfigs: 'ETQ Reliance integration',
  users: 'User',
  dataSources: 'Data source',
}

export const collectionLabel = (c: CollectionName): string => COLLECTION_LABELS[c]

/** Field names as the screens label them, where a screen has a label; otherwise a readable form. */
const FIELD_LABELS: Record<string, string> = {
  friendlyName: Messages.lines.friendlyNameLabel,
  ingestionThresholdHours: Messages.lines.noDataAlertLabel,
  alertViewingWindowDays: Messages.lines.alertDisplayedLabel,
  monitor_name: Messages.monitor.nameLabel,
  frequency: Messages.monitor.frequencyLabel,
  notes: Messages.monitor.notesLabel,
  feederLineIds: 'Feeder lines',
  excludedPartIds: 'Excluded parts',
  excludedModelNumbers: 'Excluded models',
  active: 'Active',
}

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field]
  if (known) return known
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A field value in words; ids of lines are shown by name when `names` knows them. */
export function formatValue(value: unknown, names: ReadonlyMap<string, string> = new Map()): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string') return names.get(value) ?? value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value))
    return value.length === 0 ? '(none)' : value.map((v) => formatValue(v, names)).join(', ')
  return JSON.stringify(value)
}
