import type { RxConflictHandler, WithDeleted } from 'rxdb'
import { deepEqual } from '../../shared/sync/deep-equal'
import { threeWayMerge, type FieldConflict } from '../../shared/sync/merge'
import { PRIMARY_KEYS, type CollectionName } from './collections'

/** Receives what a merge could not keep, for the "Sync issues" panel. */
export interface ConflictSink {
  conflict(
    collection: CollectionName,
    docId: string,
    conflicts: ReadonlyArray<FieldConflict>,
    attempted: Record<string, unknown>,
  ): void
  /** True when the server rejected this master's push: the attempt is kept elsewhere, the master wins whole. */
  takeRejected(collection: CollectionName, docId: string): boolean
}

type Doc = WithDeleted<Record<string, unknown>>

/** Everything but the server time: two states are the same when entity, revision and pending mark agree. */
const comparable = (d: Doc) => {
  const { updatedAt: _u, _meta: _m, _rev: _r, _attachments: _a, ...rest } = d as Record<string, unknown>
  return rest
}

/**
 * RxDB's conflict handler for one collection, implementing the policy of shared/sync/merge.ts.
 * Runs when a push finds the server's state differs from what the client assumed.
 */
export function makeConflictHandler(
  collection: CollectionName,
  sink: ConflictSink,
): RxConflictHandler<Record<string, unknown>> {
  return {
    isEqual: (a, b) => deepEqual(comparable(a as Doc), comparable(b as Doc)),
    async resolve(input) {
      const master = input.realMasterState as Doc
      const local = input.newDocumentState as Doc
      const docId = String(master[PRIMARY_KEYS[collection]] ?? local[PRIMARY_KEYS[collection]])
      if (sink.takeRejected(collection, docId)) return master
      const { merged, conflicts, keptLocal } = threeWayMerge(
        input.assumedMasterState as Doc | undefined,
        local,
        master,
      )
      if (conflicts.length > 0) sink.conflict(collection, docId, conflicts, local)
      // Still pending if a local change survived the merge and has to be pushed again.
      const result: Record<string, unknown> = { ...merged }
      if (keptLocal.length > 0 && local.pendingSince) result.pendingSince = local.pendingSince
      else delete result.pendingSince
      return result as Doc
    },
  }
}
