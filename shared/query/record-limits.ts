import { ENVIRONMENT_MAX_RECORDS, MIN_RECORDS } from '../constants'

/**
 * The largest record count: the environment's maximum, never below the minimum of 50. On its own
 * so the monitor filter's schema can bound its sample size without the query correction (FLT-04),
 * which corrects queries of that schema's shapes.
 */
export const maxRecords = (environmentMax: number = ENVIRONMENT_MAX_RECORDS): number =>
  Number.isFinite(environmentMax) ? Math.max(MIN_RECORDS, Math.floor(environmentMax)) : MIN_RECORDS
