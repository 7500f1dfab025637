import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { Subject } from 'rxjs'
import { Result, Schema } from 'effect'
import { DEFAULT_PULL_BATCH } from '../../shared/constants'
import { PullResponse, type Checkpoint, type ReplicatedDocument } from '../../shared/sync/protocol'
import type { AppDatabase } from './app-database'
import { PRIMARY_KEYS, type CollectionName } from './collections'
import { api, HttpError, type Transport } from './transport'

/**
 * Replication of one collection from the sync server into the local database (RxDB
 * replicateRxCollection, pull only): pull by checkpoint and live events from the shared stream. The
 * local database holds exactly the server's documents; what the user changed and the server has not
 * absorbed yet lives in the outbox (outbox.ts) and is laid over these documents when screens read
 * them. Changes go up as actions (intent-pusher.ts), never as documents, so RxDB keeps no push
 * bookkeeping per document — which is also what made a first sync slow.
 */
export type StreamItem = { documents: ReplicatedDocument[]; checkpoint: Checkpoint } | 'RESYNC'

export interface ReplicationHooks {
  /** Any answer, good or bad: drives "last synced", the pause on 401 and malformed-answer errors. */
  onResult(ok: boolean, error?: HttpError): void
}

export interface CollectionReplication {
  readonly collection: CollectionName
  readonly state: RxReplicationState<Record<string, unknown>, Checkpoint>
  readonly stream: Subject<StreamItem>
}

/** Bump to start every device's replication afresh (e.g. after the pull-only switch). */
const REPLICATION_VERSION = 'pull-v2'

export function replicateCollection(
  db: AppDatabase,
  collection: CollectionName,
  transport: Transport,
  hooks: ReplicationHooks,
  options: { live: boolean; identifier: string },
): CollectionReplication {
  const stream = new Subject<StreamItem>()
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
    replicationIdentifier: `${options.identifier}-${REPLICATION_VERSION}-${collection}`,
    collection: db.collections[collection] as never,
    live: options.live,
    retryTime: 5000,
    waitForLeadership: true,
    autoStart: true,
    pull: {
      batchSize: DEFAULT_PULL_BATCH,
      handler: (checkpoint, batchSize) =>
        guard(async () => {
          const raw = await api.pull(
            transport,
            collection,
            (checkpoint as Checkpoint | undefined) ?? null,
            batchSize,
          )
          const res = decodePull(collection, raw)
          return {
            documents: res.documents as never,
            checkpoint: res.checkpoint ?? (checkpoint as Checkpoint),
          }
        }),
      stream$: stream.asObservable() as never,
    },
  })
  return { collection, state, stream }
}

const decodePullResponse = Schema.decodeUnknownResult(PullResponse)

/**
 * A pull answer as the protocol says, with every document carrying its id and revision; anything
 * else is an error the sync status shows (HTTP status 0 with the reason), never a bad document.
 */
export function decodePull(collection: CollectionName, raw: unknown): PullResponse {
  const result = decodePullResponse(raw)
  if (Result.isFailure(result)) throw new HttpError(0, `The server sent a malformed ${collection} answer`)
  checkDocuments(collection, result.success.documents)
  return result.success
}

export function checkDocuments(
  collection: CollectionName,
  documents: ReadonlyArray<ReplicatedDocument>,
): void {
  const pk = PRIMARY_KEYS[collection]
  for (const d of documents) {
    if (typeof d[pk] !== 'string' || typeof d.revision !== 'number' || typeof d._deleted !== 'boolean') {
      throw new HttpError(0, `The server sent a malformed ${collection} document`)
    }
  }
}
