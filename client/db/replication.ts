import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { Subject } from 'rxjs'
import { DEFAULT_PULL_BATCH } from '../../shared/constants'
import { deepEqual, entityFields } from '../../shared/sync/deep-equal'
import type { Checkpoint, Rejection, ReplicatedDocument } from '../../shared/sync/protocol'
import type { AppDatabase } from './app-database'
import { PRIMARY_KEYS, type CollectionName } from './collections'
import { api, HttpError, type Transport } from './transport'

/**
 * Replication of one collection with the sync server (RxDB replicateRxCollection): pull by
 * checkpoint, push with the server's conflict answers, live events from the shared stream.
 */
export type StreamItem = { documents: ReplicatedDocument[]; checkpoint: Checkpoint } | 'RESYNC'

export interface ReplicationHooks {
  /** A pushed row the server refused; `attempted` is what the user wrote. */
  onRejection(
    collection: CollectionName,
    docId: string,
    rejection: Rejection,
    attempted: Record<string, unknown>,
  ): void
  /** Any answer, good or bad: drives "last synced" and the pause on 401. */
  onResult(ok: boolean, error?: HttpError): void
  /** Rejected ids the conflict handler must resolve to the master whole. */
  markRejected(collection: CollectionName, docId: string): void
}

export interface CollectionReplication {
  readonly collection: CollectionName
  readonly state: RxReplicationState<Record<string, unknown>, Checkpoint>
  readonly stream: Subject<StreamItem>
}

/** The server fields that are never part of a pushed entity (pendingSince is local only). */
const stripLocal = (doc: Record<string, unknown>) => {
  const { pendingSince: _p, ...rest } = doc
  return rest
}

/** Same entity and deletion state: pushing `next` over `master` changes nothing on the server. */
const sameDocument = (master: Record<string, unknown>, next: Record<string, unknown>) =>
  master._deleted === next._deleted && deepEqual(entityFields(master), entityFields(next))

export function replicateCollection(
  db: AppDatabase,
  collection: CollectionName,
  transport: Transport,
  hooks: ReplicationHooks,
  options: { live: boolean; identifier: string },
): CollectionReplication {
  const stream = new Subject<StreamItem>()
  const pk = PRIMARY_KEYS[collection]
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      const result = await fn()
      hooks.onResult(true)
      return result
    } catch (err) {
      hooks.onResult(false, err instanceof HttpError ? err : new HttpError(0, String(err)))
      throw err
    }
  }
  // What was handed to RxDB: the newest checkpoint, and during a confirmation each document's revision.
  let newest = 0
  let handedRevisions: Map<string, number> | undefined
  const handed = (
    documents: ReadonlyArray<ReplicatedDocument>,
    checkpoint: Checkpoint | null | undefined,
  ) => {
    if (checkpoint && checkpoint.seq > newest) newest = checkpoint.seq
    const revisions = handedRevisions
    if (!revisions) return
    for (const d of documents) {
      const id = String(d[pk])
      revisions.set(id, Math.max(Number(d.revision), revisions.get(id) ?? 0))
    }
  }
  let confirmFrom: number | undefined
  let confirming = false
  /**
   * RxDB skips a pulled or streamed version of a document while it holds a local change of it not
   * yet recorded as pushed, and moves its checkpoint past it. A version arriving while a push is in
   * flight — the push's own result, or another device's later edit — would never come again: the
   * document would stay pending, on a stale revision. So after an accepted push, once RxDB has
   * recorded it, pull again from a checkpoint taken before the push and hand that to the stream.
   * A repeated version is harmless; one older than a version handed meanwhile is dropped (it would
   * overwrite the newer one). Offline, this waits for the next RESYNC.
   */
  const confirm = async () => {
    if (confirming) return
    confirming = true
    try {
      while (confirmFrom !== undefined && !state.isStopped()) {
        await state.awaitInSync()
        const from = confirmFrom
        confirmFrom = undefined
        handedRevisions = new Map()
        const documents: ReplicatedDocument[] = []
        let checkpoint: Checkpoint = { seq: from }
        try {
          for (;;) {
            const page = await api.pull(transport, collection, checkpoint, DEFAULT_PULL_BATCH)
            documents.push(...page.documents)
            checkpoint = page.checkpoint ?? checkpoint
            if (page.documents.length < DEFAULT_PULL_BATCH) break
          }
        } catch {
          confirmFrom = Math.min(confirmFrom ?? from, from)
          return
        }
        const later = handedRevisions
        const current = documents.filter((d) => Number(d.revision) >= (later.get(String(d[pk])) ?? 0))
        if (current.length > 0) stream.next({ documents: current, checkpoint })
      }
    } finally {
      handedRevisions = undefined
      confirming = false
    }
  }
  stream.subscribe((item) => {
    if (item !== 'RESYNC') handed(item.documents, item.checkpoint)
    else if (confirmFrom !== undefined) void confirm()
  })
  const state = replicateRxCollection<Record<string, unknown>, Checkpoint>({
    replicationIdentifier: `${options.identifier}-${collection}`,
    collection: db.collections[collection] as never,
    live: options.live,
    retryTime: 5000,
    waitForLeadership: true,
    autoStart: true,
    pull: {
      batchSize: DEFAULT_PULL_BATCH,
      handler: (checkpoint, batchSize) =>
        guard(async () => {
          const res = await api.pull(
            transport,
            collection,
            (checkpoint as Checkpoint | undefined) ?? null,
            batchSize,
          )
          handed(res.documents, res.checkpoint)
          return {
            documents: res.documents as never,
            checkpoint: res.checkpoint ?? (checkpoint as Checkpoint),
          }
        }),
      stream$: stream.asObservable() as never,
    },
    push: {
      batchSize: 100,
      handler: (rows) =>
        guard(async () => {
          const payload = rows.map((r) => ({
            assumedMasterState: r.assumedMasterState
              ? stripLocal(r.assumedMasterState as Record<string, unknown>)
              : null,
            newDocumentState: stripLocal(r.newDocumentState as Record<string, unknown>),
          }))
          const before = newest
          const answer = await api.push(transport, collection, payload)
          const answered = new Set(answer.map((master) => String(master[pk])))
          // A row that changes nothing (an edit undone before it synced) is accepted without a new
          // version, so no pulled document would ever clear its pending mark: answer it with its master,
          // which is the assumed one (the server matched its revision), and the merge clears the mark.
          const unchanged = payload.flatMap(({ assumedMasterState, newDocumentState }) =>
            assumedMasterState &&
            !answered.has(String(newDocumentState[pk])) &&
            sameDocument(assumedMasterState, newDocumentState)
              ? [assumedMasterState as never]
              : [],
          )
          const masters = answer.map((master) => {
            const { _rejection, ...doc } = master
            if (_rejection) {
              const id = String(doc[pk])
              const attempted = rows.find(
                (r) => String((r.newDocumentState as Record<string, unknown>)[pk]) === id,
              )
              hooks.markRejected(collection, id)
              hooks.onRejection(
                collection,
                id,
                _rejection,
                (attempted?.newDocumentState ?? {}) as Record<string, unknown>,
              )
            }
            return doc as never
          })
          if (answered.size + unchanged.length < payload.length) {
            confirmFrom = Math.min(confirmFrom ?? before, before)
            void confirm()
          }
          return [...masters, ...unchanged]
        }),
    },
  })
  return { collection, state, stream }
}
