import type { SetStationFinalArgs } from '../../../shared/intents/stations'
import { NO_CALLS, type PlanBuilder } from '../plan'
import { unitsTouched } from '../touched'
import { UPSTREAM } from '../upstream-paths'

/**
 * Stations (shared/intents/stations.ts): the Final Station switch, PATCH /api/stations/{id}. The
 * answer is a bare 204 and the specification reads stations only with their line's signals, so the
 * line's tree is read back.
 */
export const setStationFinal: PlanBuilder<SetStationFinalArgs> = ({ args, run }) => {
  if (run.changes.length === 0) return NO_CALLS
  return {
    steps: [
      {
        name: 'patch-station',
        request: () => ({
          method: 'PATCH',
          path: UPSTREAM.station(args.stationId),
          body: { final: args.final },
        }),
      },
    ],
    refresh: () => ({ known: [], read: unitsTouched(run.changes, run.docs) }),
  }
}
