import { BehaviorSubject } from 'rxjs'
import type { RxStorage } from 'rxdb'
import { canAccessCollection, COLLECTIONS, type CollectionName } from '../../shared/sync/collections'
import type { FieldConflict } from '../../shared/sync/merge'
import type { Rejection } from '../../shared/sync/protocol'
import { databaseNameFor, openAppDatabase, type AppDatabase } from './app-database'
import { DeviceDb, type SessionUser, type SyncIssue } from './device-db'
import { reapplyIssue } from './issues'
import { replicateCollection, type CollectionReplication, type StreamItem } from './replication'
import { trackLocalStatus, trackReplication } from './status'
import { api, HttpError, type Transport } from './transport'

export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signed-out'; readonly reason?: 'expired' | 'signed-out' }
  | { readonly status: 'signed-in'; readonly user: SessionUser; readonly verified: boolean }

export interface SyncStatus {
  readonly online: boolean
  /** Documents written here that the server has not confirmed yet. */
  readonly pendingCount: number
  readonly lastSyncedAt: string | null
  /** First sync of this device: share of collections done, 0–1; null once done. */
  readonly initialProgress: number | null
  /** Replication waits for a sign-in (the session expired); pending changes are kept. */
  readonly paused: boolean
  /** A storage problem worth telling the user about (quota). */
  readonly storageError: string | null
}

export interface ControllerOptions {
  readonly transport: Transport
  readonly device?: DeviceDb
  readonly storage?: RxStorage<unknown, unknown>
  /** Defaults to true where the transport can open a stream. */
  readonly live?: boolean
  readonly isOnline?: () => boolean
}

type Listener = (collection: CollectionName, rejection: Rejection) => void

/**
 * Owns the session, the local database of the signed-in plant and its replication. Screens see it
 * through the hooks in data-context.tsx; nothing here renders.
 */
export class SyncController {
  readonly session$ = new BehaviorSubject<SessionState>({ status: 'loading' })
  readonly db$ = new BehaviorSubject<AppDatabase | undefined>(undefined)
  readonly status$: BehaviorSubject<SyncStatus>
  readonly device: DeviceDb
  private replications: CollectionReplication[] = []
  private streamHandle: { close(): void } | undefined
  private stopTracking: (() => void) | undefined
  private stopLocalTracking: (() => void) | undefined
  private readonly rejected = new Set<string>()
  private readonly listeners = new Set<Listener>()

  constructor(private readonly options: ControllerOptions) {
    this.device = options.device ?? new DeviceDb()
    this.status$ = new BehaviorSubject<SyncStatus>({
      online: options.isOnline?.() ?? true,
      pendingCount: 0,
      lastSyncedAt: null,
      initialProgress: null,
      paused: false,
      storageError: null,
    })
  }

  /** Restores the session: the server's answer when reachable, else the identity stored here. */
  async start(): Promise<void> {
    const stored = await this.device.identity.get('current')
    try {
      const user = await api.session(this.options.transport)
      await this.signedIn(user, true)
    } catch (err) {
      const unreachable = err instanceof HttpError && err.status === 0
      if (unreachable && stored) await this.signedIn(stored.user, false)
      else if (err instanceof HttpError && err.status === 401 && stored) {
        // Expired: keep the data and the pending changes (the local database stays open, so they
        // can be counted); they sync after the next sign-in.
        await this.openLocal(stored.user)
        this.session$.next({ status: 'signed-out', reason: 'expired' })
      } else this.session$.next({ status: 'signed-out' })
    }
  }

  async signIn(email: string, password: string): Promise<void> {
    const user = await api.signIn(this.options.transport, email, password)
    await this.signedIn(user, true)
  }

  async signOut(): Promise<void> {
    await api.signOut(this.options.transport).catch(() => undefined)
    await this.stopReplication()
    await this.device.identity.delete('current')
    this.session$.next({ status: 'signed-out', reason: 'signed-out' })
  }

  /** Announces rejections the way the online flow would (snackbar / dialog). */
  onRejection(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async reapply(issue: SyncIssue): Promise<void> {
    const db = this.db$.value
    if (!db || issue.id === undefined) return
    await reapplyIssue(db, issue)
    await this.device.issues.delete(issue.id)
  }

  async discard(issue: SyncIssue): Promise<void> {
    if (issue.id !== undefined) await this.device.issues.delete(issue.id)
  }

  /** The network came back (or the user asked): pull and push now instead of waiting for the retry. */
  resync(): void {
    this.emitAll('RESYNC')
    for (const r of this.replications) r.state.reSync()
  }

  setOnline(online: boolean): void {
    this.patchStatus({ online })
    if (!online) return
    const session = this.session$.value
    // A session restored offline was never verified: ask the server now, which starts replication.
    if (session.status === 'signed-in' && !session.verified) {
      void this.start()
      return
    }
    this.openStream()
    this.resync()
  }

  async close(): Promise<void> {
    await this.stopReplication()
    this.stopLocalTracking?.()
    this.stopLocalTracking = undefined
    await this.db$.value?.close()
    this.db$.next(undefined)
  }

  private async signedIn(user: SessionUser, verified: boolean): Promise<void> {
    await this.device.identity.put({ key: 'current', user, savedAt: new Date().toISOString() })
    const db = await this.openLocal(user)
    this.session$.next({ status: 'signed-in', user, verified })
    if (verified) await this.startReplication(db, user)
  }

  /** Opens (or keeps) the local database of the user's plant and tracks its pending changes. */
  private async openLocal(user: SessionUser): Promise<AppDatabase> {
    const name = databaseNameFor(user.customerId, user.plantId)
    let db = this.db$.value
    if (!db || db.name !== name) {
      await this.close()
      db = await openAppDatabase({
        name,
        ...(this.options.storage ? { storage: this.options.storage } : {}),
        conflicts: {
          conflict: (collection, docId, conflicts, attempted) =>
            void this.recordConflict(collection, docId, conflicts, attempted),
          takeRejected: (collection, docId) => this.rejected.delete(`${collection}/${docId}`),
        },
      })
      this.db$.next(db)
      this.stopLocalTracking = trackLocalStatus(db, this.device, (patch) => this.patchStatus(patch))
    }
    return db
  }

  private async startReplication(db: AppDatabase, user: SessionUser): Promise<void> {
    await this.stopReplication()
    // A device that never synced shows first-sync progress from before the first request.
    const firstSync = (await this.device.marks.get('lastSyncedAt')) === undefined
    this.patchStatus({ paused: false, ...(firstSync ? { initialProgress: 0 } : {}) })
    const live = this.options.live ?? this.options.transport.openStream !== undefined
    const identifier = `qm-sync-${user.customerId}-${user.plantId}`
    this.replications = COLLECTIONS.filter((c) => canAccessCollection(c, user.role)).map((collection) =>
      replicateCollection(
        db,
        collection,
        this.options.transport,
        {
          onRejection: (c, docId, rejection, attempted) =>
            void this.recordRejection(c, docId, rejection, attempted),
          onResult: (ok, error) => this.onResult(ok, error),
          markRejected: (c, docId) => this.rejected.add(`${c}/${docId}`),
        },
        { live, identifier },
      ),
    )
    this.stopTracking = trackReplication(this.replications, firstSync, (patch) => this.patchStatus(patch))
    if (live) this.openStream()
  }

  private async stopReplication(): Promise<void> {
    this.streamHandle?.close()
    this.streamHandle = undefined
    this.stopTracking?.()
    this.stopTracking = undefined
    await Promise.all(this.replications.map((r) => r.state.cancel()))
    this.replications = []
  }

  private openStream(): void {
    const transport = this.options.transport
    if (!transport.openStream || this.replications.length === 0) return
    this.streamHandle?.close()
    // Called on the transport so a class-based transport keeps its `this`.
    this.streamHandle = transport.openStream(
      (data) => {
        if (data === 'RESYNC') return this.emitAll('RESYNC')
        const event = JSON.parse(data) as { collection: CollectionName } & Exclude<StreamItem, 'RESYNC'>
        this.replications
          .find((r) => r.collection === event.collection)
          ?.stream.next({ documents: event.documents, checkpoint: event.checkpoint })
      },
      () => this.patchStatus({ online: this.options.isOnline?.() ?? this.status$.value.online }),
    )
  }

  private emitAll(item: StreamItem): void {
    for (const r of this.replications) r.stream.next(item)
  }

  private onResult(ok: boolean, error?: HttpError): void {
    if (ok) {
      const at = new Date().toISOString()
      this.patchStatus({ lastSyncedAt: at, online: true })
      void this.device.marks.put({ key: 'lastSyncedAt', at })
      return
    }
    if (error?.status === 401 && !this.status$.value.paused) {
      // The session expired: stop retrying with a dead cookie, keep every pending change.
      this.patchStatus({ paused: true })
      void this.stopReplication()
      this.session$.next({ status: 'signed-out', reason: 'expired' })
    } else if (error?.status === 0) this.patchStatus({ online: false })
  }

  private async recordRejection(
    collection: CollectionName,
    docId: string,
    rejection: Rejection,
    attempted: Record<string, unknown>,
  ) {
    await this.device.issues.add({
      kind: 'rejection',
      collection,
      docId,
      rejection,
      attempted,
      createdAt: new Date().toISOString(),
    } as SyncIssue)
    for (const l of this.listeners) l(collection, rejection)
  }

  private async recordConflict(
    collection: CollectionName,
    docId: string,
    conflicts: ReadonlyArray<FieldConflict>,
    attempted: Record<string, unknown>,
  ) {
    await this.device.issues.add({
      kind: 'conflict',
      collection,
      docId,
      conflicts,
      attempted,
      createdAt: new Date().toISOString(),
    } as SyncIssue)
  }

  private patchStatus(patch: Partial<SyncStatus>): void {
    this.status$.next({ ...this.status$.value, ...patch })
  }
}
