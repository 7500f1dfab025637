import { canAccessCollection, COLLECTIONS, type CollectionName } from '../../../shared/sync/collections'
import { BULK_COLLECTIONS } from '../collections'
import type { SessionCode } from '../session/session-code-loader'
import type { DeviceDb, SessionUser } from '../storage/device-db'
import type { LocalStore } from '../storage/local-store'
import type { CollectionReplication } from './replication'
import type { Yardstick } from './status'
import type { SyncEvent, SyncStatus } from './sync-status'
import { api, type HttpError, type Transport } from './transport'

export interface ReplicationSetOptions {
  readonly transport: Transport
  readonly device: DeviceDb
  /** Whether to open the change stream (where the transport can). */
  readonly live: boolean
  code(): SessionCode
  dispatch(event: SyncEvent): void
  status(): SyncStatus
  /** Any answer of a pull, good or bad. */
  onResult(ok: boolean, error?: HttpError): void
  /** The change stream broke (the server ended it, a network blip). */
  onStreamError(): void
}

/**
 * The replications of the signed-in session, one per collection its role sees, in their order: the
 * plant's structure first, the bulk collections behind it (`startInOrder`), and during a first sync
 * the line a screen shows ahead of the rest (`prioritizeLine`, remembered for replications started
 * later). Owns the change stream that feeds them and the first-sync progress they report.
 */
export class ReplicationSet {
  private replications: CollectionReplication[] = []
  private stream: { close(): void } | undefined
  private stopTracking: (() => void) | undefined
  private wantedLine: string | undefined
  /** Counts starts and stops: a start that a stop (or a later start) overtook makes nothing. */
  private generation = 0

  constructor(private readonly options: ReplicationSetOptions) {}

  /** The running replications, one per collection. */
  get all(): ReadonlyArray<CollectionReplication> {
    return this.replications
  }

  /** Whether a change stream is open (without one, a push asks for its documents by pulling). */
  get streaming(): boolean {
    return this.stream !== undefined
  }

  async start(store: LocalStore, user: SessionUser): Promise<void> {
    const stopped = this.stop()
    const generation = this.generation
    await stopped
    const { code, device, transport, dispatch } = this.options
    // A device that never synced shows first-sync progress from before the first request.
    const firstSync = !(await firstSyncDone(code(), store, device, user))
    // Stopped meanwhile (signed out, the session expired, the database closing): its store is gone.
    if (generation !== this.generation) return
    dispatch({ type: 'replication-started', firstSync })
    const identifier = identifierOf(user)
    const onResult = this.options.onResult
    const replications = visibleCollections(user).map((collection) =>
      code().replicateCollection(store, device, collection, transport, { onResult }, { identifier }),
    )
    this.replications = replications
    if (this.wantedLine) this.prioritizeLine(this.wantedLine)
    this.stopTracking = code().trackReplication(replications, firstSync, dispatch, async () => {
      const { counts } = await api.counts(transport)
      const stored = await Promise.all(replications.map((r) => store.count(r.collection)))
      return {
        total: counts as Yardstick['total'],
        stored: Object.fromEntries(replications.map((r, i) => [r.collection, stored[i]])),
      }
    })
    if (this.options.live) this.openStream()
    startInOrder(replications)
  }

  async stop(): Promise<void> {
    this.generation++
    this.stream?.close()
    this.stream = undefined
    this.stopTracking?.()
    this.stopTracking = undefined
    await Promise.all(this.replications.map((r) => r.cancel()))
    this.replications = []
  }

  /** During a first sync, this line's signals and limits come before the rest of the plant's. */
  prioritizeLine(lineId: string): void {
    this.wantedLine = lineId
    for (const r of this.replications) if (BULK_COLLECTIONS.has(r.collection)) r.prioritize(lineId)
  }

  /** Pull now (the network came back, a push without a stream). */
  resync(): void {
    for (const r of this.replications) r.reSync()
  }

  /** (Re)opens the change stream, when replicating. */
  openStream(): void {
    if (this.replications.length === 0) return
    this.stream?.close()
    this.stream = this.options.code().openChangeStream(
      this.options.transport,
      () => this.replications,
      () => this.options.onStreamError(),
    )
  }
}

/** Where a plant's replication keeps its checkpoints (device-db.ts). */
export const identifierOf = (user: SessionUser) => `qm-sync-${user.customerId}-${user.plantId}`

/** The collections the user's role sees. */
export const visibleCollections = (user: SessionUser): ReadonlyArray<CollectionName> =>
  COLLECTIONS.filter((c) => canAccessCollection(c, user.role))

/** Whether the user's collections were all pulled to the end once into this store. */
export const firstSyncDone = (code: SessionCode, store: LocalStore, device: DeviceDb, user: SessionUser) =>
  code.firstSyncDone(store, device, identifierOf(user), visibleCollections(user))

/**
 * The plant's structure (plants, lines, stations, monitors, rules, users…) first, so the first
 * screens are usable within a second; the bulk collections behind it: their first pages are
 * requested at once (the server answers them while the device stores the structure and draws the
 * first screen), and stored once the structure is.
 */
export function startInOrder(
  replications: ReadonlyArray<
    Pick<CollectionReplication, 'collection' | 'start' | 'awaitInitialReplication'>
  >,
): void {
  const first = replications.filter((r) => !BULK_COLLECTIONS.has(r.collection))
  const behind = replications.filter((r) => BULK_COLLECTIONS.has(r.collection))
  for (const r of first) r.start()
  const structureStored = Promise.all(first.map((r) => r.awaitInitialReplication()))
  for (const r of behind) r.start({ storeAfter: structureStored })
}
