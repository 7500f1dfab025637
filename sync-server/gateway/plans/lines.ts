import type { SetLineActiveArgs, UpdateLineSettingsArgs } from '../../../shared/intents/lines'
import { lineAnswered } from '../answers'
import type { PlanBuilder, PlanInput } from '../plan'
import { unitsTouched } from '../touched'
import { UPSTREAM } from '../upstream-paths'

/**
 * Line Management (shared/intents/lines.ts): one PATCH /api/lines/{lineId} with the fields the user
 * set. The authority stops or restarts the line's monitors itself; the monitors the intent changed
 * on the replica are read back (the line's list), the line comes with the answer.
 */
export const setLineActive: PlanBuilder<SetLineActiveArgs> = (input) =>
  patchLine(input, input.args.lineId, { active: input.args.active })

export const updateLineSettings: PlanBuilder<UpdateLineSettingsArgs> = (input) =>
  patchLine(input, input.args.lineId, input.args.changes)

function patchLine(input: PlanInput<unknown>, lineId: string, body: object) {
  return {
    steps: [
      {
        name: 'patch-line',
        request: () => ({ method: 'PATCH' as const, path: UPSTREAM.line(lineId), body }),
        expects: lineAnswered,
      },
    ],
    refresh: ([answer]: ReadonlyArray<unknown>) => {
      const known = [lineAnswered(answer)]
      return { known, read: unitsTouched(input.run.changes, input.run.docs, known) }
    },
  }
}
