import type { AppDatabase } from './app-database'
import type { SyncIssue } from './device-db'

/**
 * "Re-apply" of a sync issue: writes the user's values back as a new local change, which replicates
 * like any edit (and may be rejected again, with the same message, if the reason still holds).
 */
export async function reapplyIssue(db: AppDatabase, issue: SyncIssue): Promise<void> {
  const collection = db.collections[issue.collection]
  const current = await collection.findOne(issue.docId).exec()
  const pendingSince = new Date().toISOString()
  if (issue.kind === 'conflict') {
    const patch = Object.fromEntries(issue.conflicts.map((c) => [c.field, c.localValue]))
    if (current) await current.incrementalPatch({ ...patch, pendingSince } as never)
    return
  }
  const { _deleted: _d, _meta: _m, _rev: _r, _attachments: _a, ...entity } = issue.attempted
  const meta = current
    ? { revision: current.get('revision'), updatedAt: current.get('updatedAt') }
    : { revision: 0, updatedAt: '' }
  await collection.upsert({ ...entity, ...meta, pendingSince } as never)
}
