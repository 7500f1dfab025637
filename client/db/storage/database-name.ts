/**
 * A safe local database name for a session: letters, digits and dashes only. One database per
 * signed-in customer and plant, so two accounts never mix their data.
 */
export const databaseNameFor = (customerId: string, plantId: string) =>
  `qm-${customerId}-${plantId}`.toLowerCase().replace(/[^a-z0-9-]/g, '-')
