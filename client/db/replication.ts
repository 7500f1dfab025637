import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { Subject } from 'rxjs'
import { DEFAULT_PULL_BATCH } from '../../shared/constants'
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
          const answer = await api.push(transport, collection, payload)
          return answer.map((master) => {
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
        }),
    },
  })
  return { collection, state, stream }
}
