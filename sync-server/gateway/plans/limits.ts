import type { SaveSignalLimitsArgs } from '../../../shared/intents/limits'
import { limitsAnswered } from '../answers'
import type { PlanBuilder } from '../plan'
import { UPSTREAM } from '../upstream-paths'

/**
 * Cap Limits (shared/intents/limits.ts): Save Changes is one PUT of the edited entries; the answer
 * holds the entries as saved, and an entry sent but not answered (its rows all emptied) is gone.
 */
export const saveSignalLimits: PlanBuilder<SaveSignalLimitsArgs> = ({ args }) => ({
  steps: [
    {
      name: 'put-signal-limits',
      request: () => ({ method: 'PUT', path: UPSTREAM.signalLimits(args.lineId), body: args.entries }),
      expects: (body) => limitsAnswered([], body),
    },
  ],
  refresh: ([answer]) => ({
    known: [
      limitsAnswered(
        args.entries.map((e) => e.signalUUID),
        answer,
      ),
    ],
    read: [],
  }),
})
