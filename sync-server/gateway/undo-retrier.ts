import type { Kysely } from 'kysely'
import { liveGatewaySessions } from '../store/gateway-sessions'
import { pruneSettledSteps, recordStep, stepsInState, type StepRow } from '../store/gateway-steps'
import type { Tables } from '../store/tables'
import type { AuthorityClient } from './authority-client'
import { undoStep } from './step-runner'

/**
 * Undos the authority did not answer when an action was refused (step-runner.ts) are tried again
 * every UNDO_RETRY_MS, last step first within an action, with the author's authority session or,
 * when it is over, another signed-in user's of the plant. Each attempt is counted in the step log;
 * a waiting or failed undo is reported in the server's log and by GET /api/gateway/status, so none
 * is forgotten (docs/gateway.md).
 */
/**
 * How long settled steps are kept: an action answered is answered again from the intent log; its
 * steps matter only if the gateway stopped between its last call and logging its verdict, and the
 * device then retries within moments, not weeks. A week leaves room for a long outage.
 */
export const STEP_RETENTION_MS = 7 * 86_400_000

export class UndoRetrier {
  private timer: ReturnType<typeof setInterval> | undefined
  private running = false

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly client: AuthorityClient,
    private readonly everyMs: number,
  ) {}

  private pass: Promise<number> | undefined

  start(): void {
    this.timer = setInterval(() => {
      this.pass = this.retry().catch((err: unknown) => {
        console.error('gateway: retrying undos failed:', err)
        return -1
      })
    }, this.everyMs)
    this.timer.unref()
  }

  /** Stops retrying; resolves once a pass under way has ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.pass
  }

  /** One pass over every waiting undo; answers how many are still waiting. */
  async retry(): Promise<number> {
    if (this.running) return -1
    this.running = true
    try {
      const waiting = await stepsInState(this.db, ['undo-pending'])
      const byAction = new Map<string, StepRow[]>()
      for (const row of waiting) {
        const key = `${row.customerId}/${row.actionId}`
        byAction.set(key, [...(byAction.get(key) ?? []), row])
      }
      let left = 0
      for (const rows of byAction.values()) {
        for (const row of rows.sort((a, b) => b.step - a.step)) {
          const outcome = await this.undo(row)
          if (outcome === 'unreachable') {
            left += rows.filter((r) => r.step <= row.step).length
            break
          }
          await recordStep(this.db, row, outcome)
        }
      }
      if (left > 0)
        console.warn(`gateway: ${left} undo${left === 1 ? '' : 's'} still waiting for the authority`)
      await pruneSettledSteps(this.db, new Date(Date.now() - STEP_RETENTION_MS))
      return left
    } finally {
      this.running = false
    }
  }

  private async undo(row: StepRow) {
    const sessions = await liveGatewaySessions(this.db, row.customerId, row.plantId)
    const own = sessions.find((s) => s.userId === row.userId) ?? sessions[0]
    if (!own) return 'unreachable' as const
    await recordStep(this.db, row, 'undo-pending') // counts the attempt
    return undoStep(this.client, own.authorityCookie, row)
  }
}
