import { BehaviorSubject } from 'rxjs'
import type { RxStorage } from 'rxdb'
import { ROLE_CACHE_MS } from '../../shared/constants'
import type { IntentArgs, IntentName } from '../../shared/intents'
import { canAccessCollection, COLLECTIONS, type CollectionName } from '../../shared/sync/collections'
import type { IntentOutcome } from '../../shared/sync/intent-protocol'
import type { Rejection } from '../../shared/sync/protocol'
import type { AppDatabase } from './app-database'
import { deepEqual } from '../../shared/sync/deep-equal'
import { BULK_COLLECTIONS } from './collections'
import { databaseNameFor } from './database-name'
import { DeviceDb, type SessionUser, type SyncIssue } from './device-db'
import { markOnce } from './first-marks'
import { IntentPusher } from './intent-pusher'
import { LastSyncedMark } from './last-synced-mark'
import type { LocalOutcome } from './local-intents'
import { Outbox } from './outbox'
import { isStored, type PendingAction } from './pending-changes'
import type { CollectionReplication } from './replication'
import { resolvable } from './resolvable'
import { loadSessionCode, type SessionCode } from './session-code-loader'
import { readSessionHint, writeSessionHint, type PlantRef } from './session-hint'
import { StoredView } from './stored-view'
import type { Yardstick } from './status'
import { api, HttpError, type Transport } from './transport'
import type { SyncStatus } from './sync-status'

export type { SyncStatus } from './sync-status'

export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signed-out'; readonly reason?: 'expired' | 'signed-out' }
  | { readonly status: 'signed-in'; readonly user: SessionUser; readonly verified: boolean }

export interface ControllerOptions {
  readonly transport: Transport
  readonly device?: DeviceDb
  readonly storage?: RxStorage<unknown, unknown>
  /** Defaults to true where the transport can open a stream. */
  readonly live?: boolean
  readonly isOnline?: () => boolean
  /**
   * A cold start of a device holding the plant shows what the device stored before the local
   * database is open (stored-view.ts), and opens the database once the first screen is drawn
   * (`firstScreenShown`, or after FIRST_SCREEN_WAIT_MS). The browser app sets it.
   */
  readonly showStoredFirst?: boolean
  /** Where the stored view reads (the browser's IndexedDB by default; tests pass fake-indexeddb). */
  readonly indexedDB?: IDBFactory
  /**
   * How often a signed-in device asks the server who it is (SHELL-04's role cache): ROLE_CACHE_MS,
   * 5 minutes, by default. Injectable so tests need not wait; it is also asked on every reconnect.
   */
  readonly roleCheckMs?: number
}

type Listener = (issue: SyncIssue) => void

const RETRY_MS = 5000

/** How long a cold start showing stored documents waits for the first screen before opening anyway. */
const FIRST_SCREEN_WAIT_MS = 1000

/**
 * A broken change stream (the server ends a demoted administrator's, a network blip) asks who is
 * signed in, at most this often: the browser retries a stream every few seconds while it cannot connect.
 */
const STREAM_RECHECK_MS = 10_000

/**
 * Owns the session, the local database of the signed-in plant, its replication from the server, and
 * the outbox of actions made here with the pusher that sends them. Screens see it through the hooks
 * in data-context.tsx; nothing here renders.
 */
export class SyncController {
  readonly session$ = new BehaviorSubject<SessionState>({ status: 'loading' })
  readonly db$ = new BehaviorSubject<AppDatabase | undefined>(undefined)
  readonly status$: BehaviorSubject<SyncStatus>
  readonly device: DeviceDb
  readonly outbox: Outbox
  private readonly pusher: IntentPusher
  private replications: CollectionReplication[] = []
  private streamHandle: { close(): void } | undefined
  private stopTracking: (() => void) | undefined
  private stopLocalTracking: (() => void) | undefined
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  /** The sync server's Retry-After of the last push, while the plant's server cannot be reached. */
  private retryAfterMs: number | undefined
  private readonly listeners = new Set<Listener>()
  private wantedLine: string | undefined
  private opening: { readonly name: string; readonly db: Promise<AppDatabase> } | undefined
  /** The open a sign-in asked for, possibly waiting for the first screen (`firstScreenShown`). */
  private pendingOpen: Promise<AppDatabase> | undefined
  /** The outbox's first read, when a stored view waits for it. */
  private outboxLoad: Promise<void> | undefined
  private readonly drawn = resolvable()
  private storedReads: StoredView | undefined
  private loaded: SessionCode | undefined
  private readonly lastSynced: LastSyncedMark
  /** The next periodic session check (SHELL-04), and the one running. */
  private roleTimer: ReturnType<typeof setTimeout> | undefined
  private roleCheck: Promise<void> | undefined
  private lastRoleCheckAt = 0

  constructor(private readonly options: ControllerOptions) {
    this.device = options.device ?? new DeviceDb()
    this.lastSynced = new LastSyncedMark(this.device.marks)
    this.outbox = new Outbox(this.device)
    this.status$ = new BehaviorSubject<SyncStatus>({
      online: options.isOnline?.() ?? true,
      pendingCount: 0,
      savingCount: 0,
      othersPendingCount: 0,
      pendingAuthorEmail: null,
      lastSyncedAt: null,
      initialProgress: null,
      paused: false,
      storageError: null,
      updateRequired: false,
      linesReady: [],
      authorityUnreachable: false,
    })
    this.pusher = new IntentPusher(options.transport, this.outbox, {
      canPush: () => {
        const s = this.session$.value
        const st = this.status$.value
        return s.status === 'signed-in' && s.verified && !st.paused && !st.updateRequired
      },
      author: () => this.currentUser()?.id,
      onResult: (ok, error) => this.onPushResult(ok, error),
      onRefused: (action, outcome) => this.recordIssue(action, outcome),
      afterPush: () => {
        if (!this.streamHandle) this.resyncAll()
      },
    })
    // Subscribed before any screen: a new action's request goes out before the screens render it.
    this.outbox.changed$.subscribe((tick) => {
      if (this.outbox.isActionTick(tick)) void this.pushNow()
      this.countPending()
    })
  }

  /**
   * On a cold start of a device that holds the signed-in plant, until its local database is open:
   * what the device stored, read directly (stored-view.ts), so screens show before the database.
   */
  get storedView(): StoredView | undefined {
    return this.storedReads
  }

  /** Restores the session: the server's answer when reachable, else the identity stored here. */
  async start(): Promise<void> {
    void this.restoreLastSynced()
    const hint = readSessionHint()
    const offline = this.options.isOnline?.() === false
    if (hint && this.options.showStoredFirst) {
      this.showStored(hint)
      // Offline the stored identity is the session (below); the hint's copy of it shows the frame
      // before the device database has answered.
      if (offline && hint.user && this.session$.value.status === 'loading') {
        this.outbox.setAuthor(hint.user.id)
        this.publish(hint.user, false, false)
      }
    } else if (hint && !this.db$.value) {
      // The local database opens while the server is asked (a cold start should not wait for Wi-Fi),
      // from the last session's hint even before the stored identity is read; a different answer
      // closes it again. A failure shows in the path that awaits it below.
      this.openLocal(hint).catch(() => undefined)
    }
    const stored = await this.device.identity.get('current')
    if (stored && this.options.showStoredFirst) this.showStored(stored.user)
    else if (stored) this.openLocal(stored.user).catch(() => undefined)
    // No network at all: the server cannot answer, and the stored identity is the session.
    if (offline && stored) {
      const current = this.session$.value
      const shown = current.status === 'signed-in' && !current.verified && current.user.id === stored.user.id
      if (!shown || !this.pendingOpen) await this.signedIn(stored.user, false)
      return
    }
    try {
      const user = await api.session(this.options.transport)
      markOnce('qm:session-answered')
      await this.signedIn(user, true)
    } catch (err) {
      const unreachable = err instanceof HttpError && err.status === 0
      const current = this.session$.value
      const stillOffline =
        current.status === 'signed-in' && !current.verified && current.user.id === stored?.user.id
      // Re-checked while still unreachable (main.tsx asks every second at first): nothing changed.
      if (unreachable && stillOffline) return
      if (unreachable && stored) await this.signedIn(stored.user, false)
      else if (err instanceof HttpError && err.status === 401 && stored) {
        // Expired: keep the data and the pending changes (the local database stays open, so they
        // can be counted); they are sent after their author signs in again.
        await this.openLocal(stored.user)
        this.outbox.setAuthor(stored.user.id)
        this.patchStatus({ pendingAuthorEmail: stored.user.email })
        this.session$.next({ status: 'signed-out', reason: 'expired' })
      } else this.session$.next({ status: 'signed-out' })
    }
  }

  /**
   * The first screen is drawn (the settings section host says so): a cold start that showed what the
   * device stored opens the local database now, after the frame is painted, instead of competing
   * with the first screen's rendering for the main thread.
   */
  firstScreenShown(): void {
    const painted = () => setTimeout(this.drawn.resolve, 0)
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(painted)
    else painted()
  }

  /** Starts reading what the device stored of this plant, with the outbox (stored-view.ts). */
  private showStored(plant: PlantRef): void {
    const name = databaseNameFor(plant.customerId, plant.plantId)
    if (this.db$.value?.name === name || this.storedReads?.databaseName === name) return
    this.outboxLoad ??= this.outbox.load()
    this.storedReads = new StoredView(name, this.outboxLoad, this.options.indexedDB)
    this.storedReads.prefetch()
  }

  /** The user started filling in the sign-in form: fetch the session's code meanwhile. */
  prepareSignIn(): void {
    void loadSessionCode().catch(() => undefined)
  }

  async signIn(email: string, password: string): Promise<void> {
    // The session's code downloads while the password is checked (if typing did not bring it yet).
    this.prepareSignIn()
    const user = await api.signIn(this.options.transport, email, password)
    await this.signedIn(user, true)
  }

  async signOut(): Promise<void> {
    clearTimeout(this.roleTimer)
    await api.signOut(this.options.transport).catch(() => undefined)
    await this.stopReplication()
    await this.device.identity.delete('current')
    writeSessionHint(undefined)
    this.storedReads = undefined
    this.session$.next({ status: 'signed-out', reason: 'signed-out' })
  }

  /** Runs a user action here (see local-intents.ts) and sends it when possible. */
  async run<N extends IntentName>(name: N, args: IntentArgs<N>): Promise<LocalOutcome> {
    // No extra turn once the database is open: the action shows in the task of the user's input.
    const db = this.db$.value ?? (await this.localDatabase())
    const user = this.currentUser()
    if (!user) throw new Error('The local database is not open')
    // A saved action was sent when it showed (the outbox's action tick, see the constructor).
    return this.code.runLocally(db, this.outbox, { ...user, userId: user.id }, name, args)
  }

  /** Whether this device would refuse the action now (null: it would apply); nothing is kept. */
  async check(name: IntentName, args: unknown): Promise<Rejection | null> {
    const db = await this.localDatabase()
    const user = this.currentUser()
    if (!user) throw new Error('The local database is not open')
    return this.code.checkLocally(db, this.outbox, { ...user, userId: user.id }, name, args)
  }

  /** Announces refused and conflicting actions the way the online flow would (snackbar / dialog). */
  onIssue(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Re-apply: runs the action again on the current data, as a new action — with `args` when the user
   * edited what they had tried (a rejection the server would repeat as is).
   */
  async reapply(issue: SyncIssue, args: unknown = issue.action.args): Promise<LocalOutcome> {
    const outcome = await this.run(issue.action.name as IntentName, args as never)
    if (outcome.status !== 'refused' && issue.id !== undefined) await this.device.issues.delete(issue.id)
    return outcome
  }

  async discard(issue: SyncIssue): Promise<void> {
    if (issue.id !== undefined) await this.device.issues.delete(issue.id)
  }

  /**
   * Data Sources' Refresh (DS-01): asks the server for the plant's sources — an HttpError says why it
   * could not (status 0: unreachable) — then pulls whatever changed.
   */
  async refreshDataSources(plantId: string): Promise<void> {
    await api.dataSources(this.options.transport, plantId)
    this.resync()
  }

  /** DS-01: the plant's ingestor id from the server; an HttpError says why not (status 0: unreachable). */
  async fetchIngestorId(plantId: string): Promise<string> {
    return (await api.ingestor(this.options.transport, plantId)).id
  }

  /**
   * A screen shows this line: during a first sync its signals and limits come before the rest of the
   * plant's (status.linesReady says when they are stored). Nothing to do once they are all here.
   */
  prioritizeLine(lineId: string): void {
    // Kept for replications started later (a sign-in still on its way).
    this.wantedLine = lineId
    for (const r of this.replications) if (BULK_COLLECTIONS.has(r.collection)) r.prioritize(lineId)
  }

  /** The network came back (or the user asked): pull and push now instead of waiting for the retry. */
  resync(): void {
    this.resyncAll()
    void this.pushNow()
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
    // The role may have changed while away (SHELL-04); what is pending goes up meanwhile, and a
    // refused administrator action is kept as a sync issue either way.
    void this.recheckSession()
    this.openStream()
    this.resync()
  }

  /**
   * SHELL-04: asks the server who is signed in (GET /api/session) and, when its answer differs from
   * the session shown — a role above all — takes it as a sign-in would: the screens follow at once
   * (a demoted administrator loses Users and Data Sources, menu items and pages, without a reload),
   * replication restarts with the collections the new role sees, and pending actions go up, where
   * the server refuses an administrator's action from a non-administrator with 403 'Forbidden
   * resource' and the device keeps it as a sync issue. Runs every `roleCheckMs` and on reconnect;
   * an unreachable server changes nothing, a 401 is the expired session it always was.
   */
  recheckSession(): Promise<void> {
    this.roleCheck ??= this.recheckNow().finally(() => {
      this.roleCheck = undefined
    })
    return this.roleCheck
  }

  private async recheckNow(): Promise<void> {
    const shown = this.session$.value
    if (shown.status !== 'signed-in' || !shown.verified) return
    let user: SessionUser
    try {
      user = await api.session(this.options.transport)
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) this.onResult(false, err)
      return
    }
    this.lastRoleCheckAt = Date.now()
    // Signed out, or signed in afresh, meanwhile: that answer is not about the session shown now.
    if (this.session$.value !== shown || deepEqual(shown.user, user)) return
    await this.signedIn(user, true)
  }

  /** The periodic check (SHELL-04): only while signed in; skipped while offline. */
  private scheduleRoleCheck(): void {
    clearTimeout(this.roleTimer)
    this.roleTimer = setTimeout(() => {
      const due = this.status$.value.online ? this.recheckSession() : Promise.resolve()
      void due.finally(() => {
        if (this.session$.value.status === 'signed-in') this.scheduleRoleCheck()
      })
    }, this.options.roleCheckMs ?? ROLE_CACHE_MS)
    // In Node (tests, the convergence workers) a pending check must not keep the process alive.
    ;(this.roleTimer as { unref?: () => void }).unref?.()
  }

  async close(): Promise<void> {
    clearTimeout(this.roleTimer)
    this.opening = undefined
    // A "last synced" still waiting to be stored is stored now.
    await this.lastSynced.flush()
    await this.closeDatabase()
  }

  /** Closes the open local database; an opening in progress (`opening`) is not forgotten. */
  private async closeDatabase(): Promise<void> {
    await this.stopReplication()
    this.stopLocalTracking?.()
    this.stopLocalTracking = undefined
    await this.db$.value?.close()
    this.db$.next(undefined)
  }

  /**
   * The open local database, or the one opening: a screen drawn from the stored view
   * (stored-view.ts) can be used before the database is open, and its first action waits for it.
   */
  private async localDatabase(): Promise<AppDatabase> {
    const db = this.db$.value ?? (await (this.opening?.db ?? this.pendingOpen))
    if (!db) throw new Error('The local database is not open')
    return db
  }

  /** The session's code (session-code.ts); loaded before the first local database opens. */
  private get code(): SessionCode {
    if (!this.loaded) throw new Error('The local database is not open')
    return this.loaded
  }

  private currentUser(): SessionUser | undefined {
    const s = this.session$.value
    return s.status === 'signed-in' ? s.user : undefined
  }

  private async pushNow(): Promise<void> {
    clearTimeout(this.retryTimer)
    await this.pusher.push()
    const user = this.currentUser()
    // A push the server did not answer (it crashed, say) set the status offline; while the device's
    // network is up, retrying goes on: the stream's reconnection sets the status back without
    // pushing, and what was pending waited for the user's next action (found by the soak, issue 28).
    const online = this.status$.value.online || this.options.isOnline?.() === true
    if (user && this.outbox.state.pending(user.id).length > 0 && online) {
      // While the plant's server cannot be reached, as soon as the sync server says to try again.
      this.retryTimer = setTimeout(() => void this.pushNow(), this.retryAfterMs ?? RETRY_MS)
    }
  }

  private async signedIn(user: SessionUser, verified: boolean): Promise<void> {
    writeSessionHint(user)
    // A cold start of a device holding this plant shows what it stored (stored-view.ts, read with the
    // outbox) and opens the database once the first screen is drawn; otherwise screens wait for it.
    const fromStore = this.storedReads?.databaseName === databaseNameFor(user.customerId, user.plantId)
    const opened = fromStore
      ? Promise.race([this.drawn.promise, delay(FIRST_SCREEN_WAIT_MS)]).then(() => this.openLocal(user))
      : this.openLocal(user)
    this.pendingOpen = opened
    opened.catch(() => undefined) // Awaited below.
    const [, db] = await Promise.all([
      this.device.identity.put({ key: 'current', user, savedAt: new Date().toISOString() }),
      fromStore ? (this.outboxLoad ?? this.outbox.load()).then(() => undefined) : opened,
    ])
    this.outbox.setAuthor(user.id)
    // A device that never synced shows first-sync progress from the moment the frame appears, so
    // "no progress bar" never means "not started yet". Before the database is open that is what the
    // device recorded, confirmed once it is open (the database may have been deleted since).
    const firstSync =
      verified &&
      !(await (db
        ? this.firstSyncDone(db, user)
        : this.device.pulledToTheEnd(identifierOf(user), visibleCollections(user))))
    this.publish(user, verified, firstSync)
    const open = db ?? (await opened)
    if (!db && verified && !firstSync && !(await this.firstSyncDone(open, user)))
      this.patchStatus({ initialProgress: 0 })
    // Before the first pull can overwrite them: changes the previous app version left pending. (After
    // the screens show: until then such a document still shows its old pending mark.)
    await this.code.adoptLegacyPending(open, this.outbox, user.id)
    if (verified) {
      this.lastRoleCheckAt = Date.now()
      this.scheduleRoleCheck()
      await this.startReplication(open, user)
      void this.pushNow()
    }
  }

  /** Shows the signed-in frame for `user` (a session equal to the one shown is not shown again). */
  private publish(user: SessionUser, verified: boolean, firstSync: boolean): void {
    this.patchStatus({ pendingAuthorEmail: user.email, ...(firstSync ? { initialProgress: 0 } : {}) })
    markOnce('qm:signed-in')
    const current = this.session$.value
    if (current.status === 'signed-in' && current.verified === verified && deepEqual(current.user, user))
      return
    this.session$.next({ status: 'signed-in', user, verified })
  }

  /**
   * Opens (or keeps) the local database of the user's plant and its outbox. Concurrent calls for the
   * same plant share one opening (start() begins it while the session check is still out).
   */
  private openLocal(user: PlantRef): Promise<AppDatabase> {
    const name = databaseNameFor(user.customerId, user.plantId)
    if (this.opening?.name === name) return this.opening.db
    const db = this.openLocalNow(name)
    this.opening = { name, db }
    db.catch(() => {
      if (this.opening?.db === db) this.opening = undefined
    })
    return db
  }

  private async openLocalNow(name: string): Promise<AppDatabase> {
    let db = this.db$.value
    if (!db || db.name !== name) {
      this.loaded = await loadSessionCode()
      this.outbox.keepAfterSend = this.loaded.argsKeptAfterSend
      await this.closeDatabase()
      const opening = performance.now()
      db = await this.code.openAppDatabase({
        name,
        ...(this.options.storage ? { storage: this.options.storage } : {}),
      })
      performance.measure('qm:open-database', { start: opening, end: performance.now() })
      // Superseded while it opened (the hint named another plant than the stored identity), or
      // closed: this one is not the device's database.
      if (this.opening?.name !== name) {
        await db.close()
        if (this.opening) return this.opening.db
        throw new Error('The local database was closed while it opened')
      }
      await this.outbox.load()
      await this.upgradeStoredActions()
      this.db$.next(db)
      // Screens read the database from now on; what the stored view read is let go.
      this.storedReads = undefined
      this.stopLocalTracking = this.code.trackAbsorption(db, this.outbox)
    }
    return db
  }

  private async startReplication(db: AppDatabase, user: SessionUser): Promise<void> {
    await this.stopReplication()
    // A device that never synced shows first-sync progress from before the first request.
    const firstSync = !(await this.firstSyncDone(db, user))
    this.patchStatus({ paused: false, ...(firstSync ? { initialProgress: 0 } : {}) })
    const live = this.options.live ?? this.options.transport.openStream !== undefined
    const identifier = identifierOf(user)
    const replications = visibleCollections(user).map((collection) =>
      this.code.replicateCollection(
        db,
        this.device,
        collection,
        this.options.transport,
        { onResult: (ok, error) => this.onResult(ok, error) },
        { identifier },
      ),
    )
    this.replications = replications
    if (this.wantedLine) this.prioritizeLine(this.wantedLine)
    this.stopTracking = this.code.trackReplication(
      replications,
      firstSync,
      (patch) => this.patchStatus(patch),
      () => this.status$.value,
      () => this.yardstick(db, replications),
    )
    if (live) this.openStream()
    startInOrder(replications)
  }

  /** The server's document counts and what this database holds already (a first sync resumed). */
  private async yardstick(
    db: AppDatabase,
    replications: ReadonlyArray<CollectionReplication>,
  ): Promise<Yardstick> {
    const { counts } = await api.counts(this.options.transport)
    const stored = await Promise.all(replications.map((r) => db.collections[r.collection].count().exec()))
    return {
      total: counts as Yardstick['total'],
      stored: Object.fromEntries(replications.map((r, i) => [r.collection, stored[i]])),
    }
  }

  private firstSyncDone(db: AppDatabase, user: SessionUser): Promise<boolean> {
    return this.code.firstSyncDone(db, this.device, identifierOf(user), visibleCollections(user))
  }

  private async stopReplication(): Promise<void> {
    this.streamHandle?.close()
    this.streamHandle = undefined
    this.stopTracking?.()
    this.stopTracking = undefined
    clearTimeout(this.retryTimer)
    await Promise.all(this.replications.map((r) => r.cancel()))
    this.replications = []
  }

  private openStream(): void {
    if (this.replications.length === 0) return
    this.streamHandle?.close()
    this.streamHandle = this.code.openChangeStream(
      this.options.transport,
      () => this.replications,
      () => {
        const online = this.options.isOnline?.() ?? this.status$.value.online
        this.patchStatus({ online })
        // The server ends the stream of a session whose role no longer sees what it streamed.
        if (online && Date.now() - this.lastRoleCheckAt > STREAM_RECHECK_MS) void this.recheckSession()
      },
    )
  }

  private resyncAll(): void {
    for (const r of this.replications) r.reSync()
  }

  /** A push's outcome: besides what every answer says, whether the plant's server took it. */
  private onPushResult(ok: boolean, error?: HttpError): void {
    const unreachable = !ok && error?.authorityUnreachable === true
    this.retryAfterMs = unreachable ? error?.retryAfterMs : undefined
    if (unreachable !== this.status$.value.authorityUnreachable)
      this.patchStatus({ authorityUnreachable: unreachable })
    // The sync server answered, so the device is online (unless it went offline meanwhile); nothing
    // was synced, so "last synced" stays.
    if (unreachable) this.patchStatus({ online: this.options.isOnline?.() ?? true })
    else this.onResult(ok, error)
  }

  private onResult(ok: boolean, error?: HttpError): void {
    if (ok) {
      const at = new Date().toISOString()
      this.patchStatus({ lastSyncedAt: at, online: true })
      this.lastSynced.note(at)
      return
    }
    if (error?.status === 401 && !this.status$.value.paused) {
      // The session expired: stop retrying with a dead cookie, keep every pending change.
      this.patchStatus({ paused: true })
      void this.stopReplication()
      this.session$.next({ status: 'signed-out', reason: 'expired' })
    } else if (error?.status === 426) this.patchStatus({ updateRequired: true })
    else if (error?.status === 0) this.patchStatus({ online: false })
  }

  /**
   * The "last synced" this device stored, shown until an answer gives a newer one: an app opened
   * offline says when it last synced instead of "not yet", which would suggest it never did.
   */
  private async restoreLastSynced(): Promise<void> {
    const at = await this.lastSynced.read()
    if (at && this.status$.value.lastSyncedAt === null) this.patchStatus({ lastSyncedAt: at })
  }

  /** Actions an older app version stored: upgraded, or kept as sync issues that say why not. */
  private async upgradeStoredActions(): Promise<void> {
    for (const { action, reason } of await this.outbox.upgradeStored(this.code.upgradeAction)) {
      const rejection = { code: 'VALIDATION', status: 400, message: reason } as const
      await this.recordIssue(action, { id: action.id, status: 'rejected', rejection })
    }
  }

  private async recordIssue(
    action: PendingAction,
    outcome: Exclude<IntentOutcome, { status: 'applied' }>,
  ): Promise<void> {
    const base = {
      action: {
        name: action.name,
        args: action.args,
        description: action.description,
        author: action.author,
      },
      rejection: outcome.rejection as Rejection,
      createdAt: new Date().toISOString(),
    }
    const issue: SyncIssue =
      outcome.status === 'conflict'
        ? { ...base, kind: 'conflict', conflicts: outcome.conflicts }
        : { ...base, kind: 'rejection' }
    const id = await this.device.issues.add(issue)
    for (const l of this.listeners) l({ ...issue, id: id as number })
  }

  private countPending(): void {
    // The outbox shows and counts only its current author's actions (see Outbox.setAuthor).
    // Only kept actions are counted as pending: one still being written is "saving" (issue 28).
    const all = this.outbox.state.pending()
    const mine = all.filter(isStored).length
    const saving = all.length - mine
    const others = this.outbox.othersPending
    // Most ticks (an absorbed action, an answer) leave the counts as they were: no new status.
    const st = this.status$.value
    if (st.pendingCount === mine && st.savingCount === saving && st.othersPendingCount === others) return
    this.patchStatus({ pendingCount: mine, savingCount: saving, othersPendingCount: others })
  }

  private patchStatus(patch: Partial<SyncStatus>): void {
    this.status$.next({ ...this.status$.value, ...patch })
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const identifierOf = (user: SessionUser) => `qm-sync-${user.customerId}-${user.plantId}`
const visibleCollections = (user: SessionUser) => COLLECTIONS.filter((c) => canAccessCollection(c, user.role))

/**
 * The plant's structure (plants, lines, stations, monitors, rules, users…) first, so the first
 * screens are usable within a second; the bulk collections behind it: their first pages are
 * requested at once (the server answers them while the device stores the structure and draws the
 * first screen), and stored once the structure is.
 */
function startInOrder(replications: ReadonlyArray<CollectionReplication>): void {
  const first = replications.filter((r) => !BULK_COLLECTIONS.has(r.collection))
  const behind = replications.filter((r) => BULK_COLLECTIONS.has(r.collection))
  for (const r of first) r.start()
  const structureStored = Promise.all(first.map((r) => r.awaitInitialReplication()))
  for (const r of behind) r.start({ storeAfter: structureStored })
}

export type { CollectionName }
