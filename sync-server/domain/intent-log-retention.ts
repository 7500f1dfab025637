import type { Kysely } from 'kysely'
import { INTENT_LOG_PRUNE_EVERY_MS, INTENT_LOG_RETENTION_DAYS } from '../../shared/constants'
import { pruneIntentLog } from '../store/intent-store'
import type { Tables } from '../store/tables'

/**
 * Keeps the intent log bounded (docs/operations.md): deletes the verdicts older than
 * INTENT_LOG_RETENTION_DAYS now, then once every INTENT_LOG_PRUNE_EVERY_MS while the server runs.
 * A failed pass is reported and tried again at the next one; it never stops the server. Several
 * instances on one database may all prune: the deletes do not conflict. Answers a stop function
 * that waits for a pass under way.
 */
export function keepIntentLogBounded(
  db: Kysely<Tables>,
  options: { readonly days?: number; readonly everyMs?: number } = {},
): { readonly firstPass: Promise<number>; stop(): Promise<void> } {
  const days = options.days ?? INTENT_LOG_RETENTION_DAYS
  let pass: Promise<number> = Promise.resolve(0)
  const run = () => {
    pass = pass.then(() =>
      pruneIntentLog(db, days).catch((err: unknown) => {
        console.error('pruning the intent log failed:', err instanceof Error ? err.message : err)
        return -1
      }),
    )
    return pass
  }
  const firstPass = run()
  const timer = setInterval(run, options.everyMs ?? INTENT_LOG_PRUNE_EVERY_MS)
  timer.unref()
  return {
    firstPass,
    async stop() {
      clearInterval(timer)
      await pass
    },
  }
}
