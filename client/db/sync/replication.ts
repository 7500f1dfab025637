import { Result, Schema } from 'effect'
import { DEFAULT_PULL_BATCH } from '../../../shared/constants'
import { LINE_FIELDS } from '../../../shared/sync/collections'
import { PullResponse, type Checkpoint, type ReplicatedDocument } from '../../../shared/sync/protocol'
import type { LocalStore } from '../storage/local-store'
import { PRIMARY_KEYS, type CollectionName } from '../collections'
import { checkpointKey, type DeviceDb } from '../storage/device-db'
import { PullReplication } from './pull-replication'
import { api, HttpError, type Transport } from './transport'

/**
 * Replication of one collection from the sync server into the local database, pull only: pages by
 * checkpoint and live items from the shared change stream (pull-replication.ts), stored straight
 * into the collection's storage (pulled-documents.ts). The local database holds exactly the server's
 * documents; what the user changed and the server has not absorbed yet lives in the outbox
 * (outbox.ts) and is laid over these documents when screens read them. Changes go up as actions
 * (intent-pusher.ts), never as documents.
 */
export type { StreamItem } from './pull-replication'
export type CollectionReplication = PullReplication

export interface ReplicationHooks {
  /** Any answer, good or bad: drives "last synced", the pause on 401 and malformed-answer errors. */
  onResult(ok: boolean, error?: HttpError): void
}

const RETRY_MS = 5000

export function replicateCollection(
  store: LocalStore,
  device: DeviceDb,
  collection: CollectionName,
  transport: Transport,
  hooks: ReplicationHooks,
  options: { identifier: string; batchSize?: number },
): CollectionReplication {
  const key = checkpointKey(options.identifier, collection)
  /**
   * A page parsed and decoded; during the first sync this shows in the performance timeline as
   * `qm:decode` (the client bench prints where a first sync's time goes), later ones are not recorded.
   */
  const decode = (text: string): PullResponse => {
    if (replication.initialReplicationDone) return parsePull(collection, text)
    const start = performance.now()
    try {
      return parsePull(collection, text)
    } finally {
      performance.measure(`qm:decode ${collection}`, { start, end: performance.now() })
    }
  }
  const replication: PullReplication = new PullReplication(
    collection,
    {
      pull: async (checkpoint, batchSize) =>
        decode(await api.pull(transport, collection, checkpoint, batchSize)),
      ...(LINE_FIELDS[collection]
        ? {
            pullLine: async (lineId: string, checkpoint: Checkpoint | null, batchSize: number) =>
              decode(await api.pull(transport, collection, checkpoint, batchSize, lineId)),
          }
        : {}),
      write: async (documents, fresh) => {
        await store.putNewer(collection, documents, fresh)
      },
      loadCheckpoint: async () => {
        const mark = await device.checkpoints.get(key)
        return mark && mark.storageToken === (await store.storageToken) ? mark.checkpoint : null
      },
      saveCheckpoint: async (checkpoint, complete) => {
        await device.checkpoints.put({ key, checkpoint, storageToken: await store.storageToken, complete })
      },
      loadComplete: async () => (await device.checkpoints.get(key))?.complete === true,
      onResult: hooks.onResult,
    },
    { batchSize: options.batchSize ?? DEFAULT_PULL_BATCH, retryMs: RETRY_MS },
  )
  return replication
}

/**
 * Whether every one of these collections was pulled to the end once into this database: if not, a
 * first sync is (still) under way — also after a reload in the middle of one — and screens say what
 * has not arrived yet.
 */
export async function firstSyncDone(
  store: LocalStore,
  device: DeviceDb,
  identifier: string,
  collections: ReadonlyArray<CollectionName>,
): Promise<boolean> {
  return device.pulledToTheEnd(identifier, collections, await store.storageToken)
}

const decodePullResponse = Schema.decodeUnknownResult(PullResponse)

/** A pull answer's text, parsed and decoded (decodePull); text that is not JSON is malformed too. */
function parsePull(collection: CollectionName, text: string): PullResponse {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new HttpError(0, `The server sent a malformed ${collection} answer`)
  }
  return decodePull(collection, raw)
}

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
