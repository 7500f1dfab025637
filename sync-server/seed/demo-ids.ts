/**
 * Fixed ids of the demo plant, so tests, the README and people can name them. Everything else the
 * seed makes (stations, signals, monitors, …) has deterministic ids derived from these.
 */
export const DEMO_IDS = {
  customer: 'cust-demo',
  plant: 'plant-demo',
  ingestor: 'ingestor-demo',
  lines: {
    assembly: 'line-assembly',
    machining: 'line-machining',
    paint: 'line-paint',
    /** Inactive: its monitors are stopped. */
    packaging: 'line-packaging',
  },
  users: {
    admin: 'user-admin',
    operator: 'user-operator',
  },
  /** A second customer with its own plant, line and administrator: tenant isolation on real rows. */
  other: {
    customer: 'cust-other',
    plant: 'plant-other',
    line: 'line-other',
    admin: 'user-other-admin',
    adminEmail: 'admin@other.plant',
    adminPassword: 'other-admin-1',
  },
} as const
