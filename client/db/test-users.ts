import type { SessionUser } from './storage/device-db'

/** A signed-in user of customer c1's plant p1, for the device's unit tests (imported by tests only). */
export const testUser = (role: SessionUser['role']): SessionUser => ({
  id: 'u1',
  email: 'u1@plant.test',
  role,
  customerId: 'c1',
  plantId: 'p1',
  locationConfig: { locationName: null, locationPlantId: null },
})
