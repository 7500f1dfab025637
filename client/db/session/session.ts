import { BehaviorSubject } from 'rxjs'
import { ROLE_CACHE_MS } from '../../../shared/constants'
import { deepEqual } from '../../../shared/sync/deep-equal'
import { markOnce } from '../first-marks'
import type { DeviceDb, SessionUser } from '../storage/device-db'
import type { LocalStore } from '../storage/local-store'
import type { LastSyncedMark } from '../sync/last-synced-mark'
import type { Outbox } from '../sync/outbox'
import { firstSyncDone, identifierOf, visibleCollections, type ReplicationSet } from '../sync/replication-set'
import type { SyncStatusStore } from '../sync/status-store'
import { api, HttpError, type Transport } from '../sync/transport'
import type { LocalDatabase } from './local-database'
import { loadSessionCode } from './session-code-loader'
import { readSessionHint, writeSessionHint } from './session-hint'

export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signed-out'; readonly reason?: 'expired' | 'signed-out' }
  | { readonly status: 'signed-in'; readonly user: SessionUser; readonly verified: boolean }

/**
 * A broken change stream (the server ends a demoted administrator's, a network blip) asks who is
 * signed in, at most this often: the browser retries a stream every few seconds while it cannot connect.
 */
const STREAM_RECHECK_MS = 10_000

/**
 * How long a start waits for the server's answer before a device that holds its plant shows it from
 * the stored identity (the answer still verifies it). Long enough that a server answering normally
 * (tens of milliseconds, a second on bad Wi-Fi) never shows the unverified frame first.
 */
export const SLOW_SESSION_CHECK_MS = 3_000

/** Whether `answer` settled (answered or failed) within `ms`. */
async function answeredWithin(answer: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
  const settled = answer.then(
    () => true,
    () => true,
  )
  try {
    return await Promise.race([settled, late])
  } finally {
    clearTimeout(timer)
  }
}

export interface SessionParts {
  readonly transport: Transport
  readonly device: DeviceDb
  readonly outbox: Outbox
  readonly database: LocalDatabase
  readonly replications: ReplicationSet
  readonly status: SyncStatusStore
  readonly lastSynced: LastSyncedMark
  /** Sends what is pending now. */
  push(): Promise<void>
  /** Stops replicating and retrying (a sign-out, an expired session). */
  stopSync(): Promise<void>
  readonly isOnline?: () => boolean
  /** A cold start shows what the device stored before the database is open (local-database.ts). */
  readonly showStoredFirst?: boolean
  /** How often a signed-in device asks the server who it is (SHELL-04): ROLE_CACHE_MS by default. */
  readonly roleCheckMs?: number
  /** How long a start waits for the server before showing the stored identity (SLOW_SESSION_CHECK_MS). */
  readonly slowSessionMs?: number
}

/**
 * Who is signed in on this device: restored on start (the server's answer when reachable, else the
 * identity stored here, and offline the last session's hint before that), signed in and out, expired
 * on a 401 (pending changes kept for their author), and checked with the server every `roleCheckMs`
 * and on reconnect (SHELL-04), where a changed role is taken as a new sign-in.
 */
export class Session {
  readonly session$ = new BehaviorSubject<SessionState>({ status: 'loading' })
  private roleTimer: ReturnType<typeof setTimeout> | undefined
  private roleCheck: Promise<void> | undefined
  private lastRoleCheckAt = 0
  /** Whether a sign-in's open was asked for (possibly waiting for the first screen). */
  private opened = false
  private starting: Promise<void> | undefined
  /**
   * Counts the ends of sessions (sign-out, expiry, the controller closing): a sign-in still under
   * way when one comes — a role change's, a start's — neither shows its user nor starts replication.
   */
  private ended = 0

  constructor(private readonly parts: SessionParts) {}

  get user(): SessionUser | undefined {
    const s = this.session$.value
    return s.status === 'signed-in' ? s.user : undefined
  }

  /** Whether pushing makes sense: a verified session, not paused, no update required. */
  get verified(): boolean {
    const s = this.session$.value
    return s.status === 'signed-in' && s.verified
  }

  /** Restores the session: the server's answer when reachable, else the identity stored here. */
  start(): Promise<void> {
    // One check at a time: a re-check asked for while the server is slow to answer joins it.
    this.starting ??= this.startNow().finally(() => (this.starting = undefined))
    return this.starting
  }

  private async startNow(): Promise<void> {
    const { database, device, outbox, status, transport } = this.parts
    const since = this.ended
    void this.parts.lastSynced
      .read()
      .then((at) => at && status.dispatch({ type: 'last-synced-restored', at }))
    const hint = readSessionHint()
    const offline = this.parts.isOnline?.() === false
    if (hint && this.parts.showStoredFirst) {
      database.showStored(hint)
      // Offline the stored identity is the session (below); the hint's copy of it shows the frame
      // before the device database has answered.
      if (offline && hint.user && this.session$.value.status === 'loading') {
        outbox.setAuthor(hint.user.id)
        this.publish(hint.user, false, false)
      }
    } else if (hint && !database.db$.value) {
      // The local database opens while the server is asked (a cold start should not wait for Wi-Fi),
      // from the last session's hint even before the stored identity is read; a different answer
      // closes it again. A failure shows in the path that awaits it below.
      database.open(hint).catch(() => undefined)
    }
    const stored = await device.identity.get('current')
    if (stored && this.parts.showStoredFirst) database.showStored(stored.user)
    else if (stored) database.open(stored.user).catch(() => undefined)
    // No network at all: the server cannot answer, and the stored identity is the session.
    if (offline && stored) {
      const current = this.session$.value
      const shown = current.status === 'signed-in' && !current.verified && current.user.id === stored.user.id
      if (!shown || !this.opened) await this.signedIn(stored.user, false, since)
      return
    }
    try {
      const answer = api.session(transport)
      // A server that takes its time (starved, or a connection that hangs on plant Wi-Fi) does not
      // keep a device that holds its plant on a loading screen: after a moment the stored identity
      // is shown, unverified, as when the server cannot be reached; its answer verifies it when it
      // comes (found by the soak, issue 28).
      if (stored && !(await answeredWithin(answer, this.parts.slowSessionMs ?? SLOW_SESSION_CHECK_MS))) {
        const current = this.session$.value
        const shown = current.status === 'signed-in' && current.user.id === stored.user.id
        if (!shown) await this.signedIn(stored.user, false, since)
      }
      const user = await answer
      markOnce('qm:session-answered')
      await this.signedIn(user, true, since)
    } catch (err) {
      const unreachable = err instanceof HttpError && err.status === 0
      const current = this.session$.value
      const stillOffline =
        current.status === 'signed-in' && !current.verified && current.user.id === stored?.user.id
      // Re-checked while still unreachable (main.tsx asks every second at first): nothing changed.
      if (unreachable && stillOffline) return
      if (unreachable && stored) await this.signedIn(stored.user, false, since)
      else if (err instanceof HttpError && err.status === 401 && stored) {
        // Expired: keep the data and the pending changes (the local database stays open, so they
        // can be counted); they are sent after their author signs in again.
        await database.open(stored.user)
        outbox.setAuthor(stored.user.id)
        status.dispatch({ type: 'author', email: stored.user.email })
        this.session$.next({ status: 'signed-out', reason: 'expired' })
      } else this.session$.next({ status: 'signed-out' })
    }
  }

  /** The user started filling in the sign-in form: fetch the session's code meanwhile. */
  prepareSignIn(): void {
    void loadSessionCode().catch(() => undefined)
  }

  async signIn(email: string, password: string): Promise<void> {
    // The session's code downloads while the password is checked (if typing did not bring it yet).
    this.prepareSignIn()
    const since = this.ended
    const user = await api.signIn(this.parts.transport, email, password)
    await this.signedIn(user, true, since)
  }

  async signOut(): Promise<void> {
    this.ended++
    clearTimeout(this.roleTimer)
    await api.signOut(this.parts.transport).catch(() => undefined)
    await this.parts.stopSync()
    await this.parts.device.identity.delete('current')
    writeSessionHint(undefined)
    this.parts.database.forgetStoredView()
    this.session$.next({ status: 'signed-out', reason: 'signed-out' })
  }

  /** Any answer of the server: "last synced", the pause on 401, an update required, offline. */
  readonly onResult = (ok: boolean, error?: HttpError): void => {
    const { status, lastSynced } = this.parts
    if (ok) {
      const at = new Date().toISOString()
      status.dispatch({ type: 'synced', at })
      lastSynced.note(at)
      return
    }
    if (error?.status === 401 && !status.value.paused) {
      // The session expired: stop retrying with a dead cookie, keep every pending change.
      this.ended++
      status.dispatch({ type: 'expired' })
      void this.parts.stopSync()
      this.session$.next({ status: 'signed-out', reason: 'expired' })
    } else if (error?.status === 426) status.dispatch({ type: 'update-required' })
    else if (error?.status === 0) status.dispatch({ type: 'unreachable' })
  }

  /** The change stream broke: online or not, and maybe the role changed (the server ended it). */
  readonly onStreamError = (): void => {
    const online = this.parts.isOnline?.() ?? this.parts.status.value.online
    this.parts.status.dispatch({ type: 'online', online })
    if (online && Date.now() - this.lastRoleCheckAt > STREAM_RECHECK_MS) void this.recheck()
  }

  /**
   * SHELL-04: asks the server who is signed in and, when its answer differs from the session shown
   * — a role above all — takes it as a sign-in would: screens follow at once, replication restarts
   * with the collections the new role sees, and pending actions go up (an administrator's action
   * from a non-administrator is refused 403 and kept as a sync issue). An unreachable server
   * changes nothing; a 401 is the expired session it always was.
   */
  recheck(): Promise<void> {
    this.roleCheck ??= this.recheckNow()
      // A check cut short by a sign-out or a close (its database closed under it) has nothing to say.
      .catch(() => undefined)
      .finally(() => {
        this.roleCheck = undefined
      })
    return this.roleCheck
  }

  stop(): void {
    this.ended++
    clearTimeout(this.roleTimer)
  }

  private async recheckNow(): Promise<void> {
    const since = this.ended
    const shown = this.session$.value
    if (shown.status !== 'signed-in' || !shown.verified) return
    let user: SessionUser
    try {
      user = await api.session(this.parts.transport)
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) this.onResult(false, err)
      return
    }
    this.lastRoleCheckAt = Date.now()
    // Signed out, or signed in afresh, meanwhile: that answer is not about the session shown now.
    if (this.session$.value !== shown || deepEqual(shown.user, user)) return
    await this.signedIn(user, true, since)
  }

  /** The periodic check (SHELL-04): only while signed in; skipped while offline. */
  private scheduleRoleCheck(): void {
    clearTimeout(this.roleTimer)
    this.roleTimer = setTimeout(() => {
      const due = this.parts.status.value.online ? this.recheck() : Promise.resolve()
      void due.finally(() => {
        if (this.session$.value.status === 'signed-in') this.scheduleRoleCheck()
      })
    }, this.parts.roleCheckMs ?? ROLE_CACHE_MS)
    // In Node (tests, the convergence workers) a pending check must not keep the process alive.
    ;(this.roleTimer as { unref?: () => void }).unref?.()
  }

  /** `since`: how many sessions had ended when the caller began (a later end cancels this one). */
  private async signedIn(user: SessionUser, verified: boolean, since: number): Promise<void> {
    const { database, device, outbox, status } = this.parts
    if (since !== this.ended) return
    writeSessionHint(user)
    // A cold start of a device holding this plant shows what it stored (stored-view.ts, read with the
    // outbox) and opens the database once the first screen is drawn; otherwise screens wait for it.
    const fromStore = database.showsStored(user)
    const opened = database.openForSession(user)
    this.opened = true
    const [, db] = await Promise.all([
      device.identity.put({ key: 'current', user, savedAt: new Date().toISOString() }),
      fromStore ? database.outboxRead().then(() => undefined) : opened,
    ])
    // A device that never synced shows first-sync progress from the moment the frame appears, so
    // "no progress bar" never means "not started yet". Before the database is open that is what the
    // device recorded, confirmed once it is open (the database may have been deleted since).
    const done = (store: LocalStore) => firstSyncDone(database.code, store, device, user)
    const firstSync =
      verified &&
      !(await (db ? done(db) : device.pulledToTheEnd(identifierOf(user), visibleCollections(user))))
    if (since !== this.ended) return
    outbox.setAuthor(user.id)
    this.publish(user, verified, firstSync)
    const open = db ?? (await opened)
    if (!db && verified && !firstSync && !(await done(open))) status.dispatch({ type: 'first-sync-started' })
    // Before the first pull can overwrite them: changes the previous app version left pending. (After
    // the screens show: until then such a document still shows its old pending mark.)
    await database.code.adoptLegacyPending(open, outbox, user.id)
    if (verified && since === this.ended) {
      this.lastRoleCheckAt = Date.now()
      this.scheduleRoleCheck()
      await this.parts.replications.start(open, user)
      void this.parts.push()
    }
  }

  /** Shows the signed-in frame for `user` (a session equal to the one shown is not shown again). */
  private publish(user: SessionUser, verified: boolean, firstSync: boolean): void {
    this.parts.status.dispatch({ type: 'author', email: user.email, firstSync })
    markOnce('qm:signed-in')
    const current = this.session$.value
    if (current.status === 'signed-in' && current.verified === verified && deepEqual(current.user, user))
      return
    this.session$.next({ status: 'signed-in', user, verified })
  }
}
