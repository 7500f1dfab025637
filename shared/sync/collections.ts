/**
 * The replicated collections (ARCHITECTURE.md: at most 12, so RxDB's free edition keeps one slot free
 * for a migration). Their names appear in /sync/:collection/… URLs.
 */
export const COLLECTIONS = [
  'plants',
  'lines',
  'stations',
  'signals',
  'signalGroups',
  'monitors',
  'monitorRules',
  'signalLimits',
  'teamsWebhooks',
  'relianceConfigs',
  'users',
  'dataSources',
] as const
export type CollectionName = (typeof COLLECTIONS)[number]

/** Only administrators pull, push or stream these. */
export const ADMIN_ONLY_COLLECTIONS: ReadonlySet<CollectionName> = new Set(['users', 'dataSources'])

/**
 * The field of each document that holds its id (the spec's own names where it has them). The
 * server's trigger that renders each row's replicated JSON names these too
 * (sync-server/store/migrations.ts, version 7): a change here needs a migration that replaces it
 * (replication.test.ts compares every collection's pull with toReplicated).
 */
export const PRIMARY_KEYS = {
  plants: 'id',
  lines: 'id',
  stations: 'id',
  signals: 'id',
  signalGroups: 'signalGroupUuid',
  monitors: 'monitor_uuid',
  monitorRules: 'monitorId',
  signalLimits: 'signalUUID',
  teamsWebhooks: 'id',
  relianceConfigs: 'id',
  users: 'id',
  dataSources: 'id',
} as const satisfies Record<CollectionName, string>

/**
 * The field naming the line a document belongs to, for the line-scoped collections: the device
 * indexes it (line screens query by line) and a first sync can pull one line ahead of the rest.
 */
export const LINE_FIELDS: Partial<Record<CollectionName, string>> = {
  stations: 'lineId',
  signals: 'lineId',
  signalGroups: 'lineId',
  signalLimits: 'lineUUID',
  teamsWebhooks: 'lineId',
  relianceConfigs: 'lineId',
}

export const isCollectionName = (name: string): name is CollectionName =>
  (COLLECTIONS as ReadonlyArray<string>).includes(name)

/** SHELL-04: only an administrator (not a user, not a contributor) sees the admin-only collections. */
export const canAccessCollection = (collection: CollectionName, role: string): boolean =>
  role === 'administrator' || !ADMIN_ONLY_COLLECTIONS.has(collection)
