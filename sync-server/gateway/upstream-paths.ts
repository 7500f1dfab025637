/**
 * Every path the gateway calls on the authority, in one place a plant can adapt to its services.
 * The specification's paths where it shows them; where it says "not shown" (lists of lines, signals,
 * signal groups, monitors; the task endpoints; the plant), this product's own REST paths (the
 * ARCHITECTURE table), so an instance of this product in its embedded mode can be the authority.
 * Only the REST API (`/api/...`) is called, never the replication routes.
 */
const e = encodeURIComponent

export const UPSTREAM = {
  // Sessions (this product's own: the specification shows no sign-in call)
  session: '/api/session',
  // The plant and its lines (not shown in the specification)
  plant: (plantId: string) => `/api/plants/${e(plantId)}`,
  lines: (plantId: string) => `/api/plants/${e(plantId)}/lines`,
  line: (lineId: string) => `/api/lines/${e(lineId)}`,
  /** Stations with their signals (children): the signal list of a line. */
  lineStations: (lineId: string) => `/api/lines/${e(lineId)}/stations`,
  station: (stationId: string) => `/api/stations/${e(stationId)}`,
  signalGroups: '/api/signal-groups',
  // Monitors (task endpoints not shown in the specification)
  tasks: (lineId: string, type: string) => `/api/tasks?lineId=${e(lineId)}&type=${e(type)}`,
  createTask: '/api/tasks/create-task',
  updateTask: '/api/tasks/update-task',
  getMonitorById: '/api/tasks/get-monitor-by-id',
  deleteTask: '/api/tasks/delete-task',
  capMonitors: '/api/monitors',
  capMonitor: (monitorId: string) => `/api/monitors/${e(monitorId)}`,
  monitorRules: (monitorId: string) => `/api/notifications/monitor-rules/${e(monitorId)}`,
  // Signals and limits
  signalAttributeUpdate: '/api/signal-attribute-update',
  signals: '/api/signals',
  resultClassifications: '/api/signal/result-classifications',
  signalLimits: (lineId: string) => `/api/line-config/spc-signal-limits?line-id=${e(lineId)}`,
  // Integrations
  /** `include=url`: this product's addition to the specification's list (which has no URL). */
  teamsWebhooks: (plantId: string) => `/api/notifications/teams-webhooks/plants/${e(plantId)}?include=url`,
  teamsWebhookOfLine: (plantId: string, lineId: string) =>
    `/api/notifications/teams-webhooks/plants/${e(plantId)}/lines/${e(lineId)}`,
  teamsWebhook: (webhookId: string) => `/api/notifications/teams-webhooks/${e(webhookId)}`,
  relianceConfigs: (plantId: string) => `/api/reliance-configuration/plants/${e(plantId)}`,
  relianceConfig: (lineId: string) => `/api/reliance-configuration/lines/${e(lineId)}`,
  // Users and data sources
  users: '/api/customer-users-for-user',
  addUser: (customerId: string) => `/api/add-user?customerId=${e(customerId)}`,
  userRoles: '/api/update-user-roles',
  user: (userId: string) => `/api/users/${e(userId)}`,
  deleteUser: '/api/users',
  dataSources: (plantId: string) => `/api/plants/${e(plantId)}/data-sources`,
  dataSource: (dataSourceId: string) => `/api/data-sources/${e(dataSourceId)}`,
} as const
