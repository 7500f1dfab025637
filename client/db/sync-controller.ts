import type { BehaviorSubject } from 'rxjs'
import type { IntentArgs, IntentName } from '../../shared/intents'
import type { Rejection } from '../../shared/sync/protocol'
import { LocalDatabase } from './session/local-database'
import { Session, type SessionState } from './session/session'
import type { OpenOptions } from './storage/app-database'
import { DeviceDb, type SyncIssue } from './storage/device-db'
import type { LocalStore } from './storage/local-store'
import type { StoredView } from './storage/stored-view'
import { ActionRunner } from './sync/action-runner'
import { LastSyncedMark } from './sync/last-synced-mark'
import type { LocalOutcome } from './sync/local-intents'
import { Outbox } from './sync/outbox'
import { PushLoop } from './sync/push-loop'
import { ReplicationSet } from './sync/replication-set'
import { SyncStatusStore } from './sync/status-store'
import type { SyncStatus } from './sync/sync-status'
import type { Transport } from './sync/transport'

export type { SessionState } from './session/session'
export type { SyncStatus } from './sync/sync-status'
export type { CollectionName } from './collections'

export interface ControllerOptions {
  readonly transport: Transport
  readonly device?: DeviceDb
  readonly storage?: OpenOptions['storage']
  /** Defaults to true where the transport can open a stream. */
  readonly live?: boolean
  readonly isOnline?: () => boolean
  /**
   * A cold start of a device holding the plant shows what the device stored before the local
   * database is open (stored-view.ts), and opens the database once the first screen is drawn
   * (`firstScreenShown`, or after a second). The browser app sets it.
   */
  readonly showStoredFirst?: boolean
  /** Where the stored view reads (the browser's IndexedDB by default; tests pass fake-indexeddb). */
  readonly indexedDB?: IDBFactory
  /** How often a signed-in device asks the server who it is (SHELL-04): 5 minutes by default. */
  readonly roleCheckMs?: number
  /** How long a start waits for the server before showing the stored identity (SLOW_SESSION_CHECK_MS). */
  readonly slowSessionMs?: number
}

/**
 * The device's data engine as screens see it (through react/): a facade over its parts, each with
 * its tests beside it — the session (session/session.ts), the local database and its cold-start open
 * (session/local-database.ts), the local store (storage/local-store.ts), the replications in their
 * order (sync/replication-set.ts), the outbox and its push loop (sync/outbox.ts, sync/push-loop.ts),
 * the actions and sync issues (sync/action-runner.ts), and the status (sync/sync-status.ts).
 */
export class SyncController {
  readonly device: DeviceDb
  readonly outbox: Outbox
  readonly session$: BehaviorSubject<SessionState>
  readonly db$: BehaviorSubject<LocalStore | undefined>
  readonly status$: BehaviorSubject<SyncStatus>
  private readonly status: SyncStatusStore
  private readonly lastSynced: LastSyncedMark
  private readonly database: LocalDatabase
  private readonly replications: ReplicationSet
  private readonly pushLoop: PushLoop
  private readonly actions: ActionRunner
  private readonly session: Session

  constructor(private readonly options: ControllerOptions) {
    const { transport } = options
    const device = (this.device = options.device ?? new DeviceDb())
    const outbox = (this.outbox = new Outbox(device))
    this.lastSynced = new LastSyncedMark(device.marks)
    const status = (this.status = new SyncStatusStore(options.isOnline?.() ?? true))
    this.status$ = status.status$
    const code = () => this.database.code
    this.database = new LocalDatabase(outbox, {
      ...(options.storage ? { storage: options.storage } : {}),
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      beforeClose: () => this.stopSync(),
      // Actions an older app version stored, in this version's arguments (those that cannot be are
      // sent as stored: the server's log decides, outbox.ts).
      beforeShown: (loaded) => outbox.upgradeStored(loaded.upgradeAction),
    })
    this.db$ = this.database.db$
    this.actions = new ActionRunner({
      device,
      outbox,
      store: () => this.db$.value,
      whenOpen: () => this.database.whenOpen(),
      user: () => this.session.user,
      code,
    })
    this.replications = new ReplicationSet({
      transport,
      device,
      live: options.live ?? transport.openStream !== undefined,
      code,
      dispatch: status.dispatch,
      status: () => status.value,
      onResult: (ok, error) => this.session.onResult(ok, error),
      onStreamError: () => this.session.onStreamError(),
    })
    // Subscribed to the outbox before any screen: a new action's request goes out before they render it.
    this.pushLoop = new PushLoop({
      transport,
      outbox,
      canPush: () => this.session.verified && !status.value.paused && !status.value.updateRequired,
      author: () => this.session.user?.id,
      status: () => status.value,
      dispatch: status.dispatch,
      isOnline: () => options.isOnline?.(),
      onResult: (ok, error) => this.session.onResult(ok, error),
      onRefused: this.actions.recordIssue,
      afterPush: () => {
        if (!this.replications.streaming) this.replications.resync()
      },
    })
    this.session = new Session({
      transport,
      device,
      outbox,
      database: this.database,
      replications: this.replications,
      status,
      lastSynced: this.lastSynced,
      push: () => this.pushLoop.pushNow(),
      stopSync: () => this.stopSync(),
      ...(options.isOnline ? { isOnline: options.isOnline } : {}),
      ...(options.showStoredFirst ? { showStoredFirst: true } : {}),
      ...(options.roleCheckMs !== undefined ? { roleCheckMs: options.roleCheckMs } : {}),
      ...(options.slowSessionMs !== undefined ? { slowSessionMs: options.slowSessionMs } : {}),
    })
    this.session$ = this.session.session$
  }

  /** The transport to the sync server (the few REST calls screens make themselves). */
  get transport(): Transport {
    return this.options.transport
  }

  /** On a cold start, until the local database is open: what the device stored, read directly. */
  get storedView(): StoredView | undefined {
    return this.database.storedView
  }

  /** Restores the session: the server's answer when reachable, else the identity stored here. */
  start = (): Promise<void> => this.session.start()
  /** The first screen is drawn: a cold start that showed stored documents opens the database now. */
  firstScreenShown = (): void => this.database.firstScreenShown()
  /** The user started filling in the sign-in form: fetch the session's code meanwhile. */
  prepareSignIn = (): void => this.session.prepareSignIn()
  signIn = (email: string, password: string): Promise<void> => this.session.signIn(email, password)
  signOut = (): Promise<void> => this.session.signOut()
  /** SHELL-04: asks the server who is signed in; a changed role is taken as a new sign-in. */
  recheckSession = (): Promise<void> => this.session.recheck()

  /** Runs a user action here (see local-intents.ts) and sends it when possible. */
  run<N extends IntentName>(name: N, args: IntentArgs<N>): Promise<LocalOutcome> {
    return this.actions.run(name, args)
  }

  /** Whether this device would refuse the action now (null: it would apply); nothing is kept. */
  check = (name: IntentName, args: unknown): Promise<Rejection | null> => this.actions.check(name, args)
  /** Announces refused and conflicting actions the way the online flow would (snackbar / dialog). */
  onIssue = (listener: (issue: SyncIssue) => void): (() => void) => this.actions.onIssue(listener)
  /** Re-apply: the action again on the current data, as a new action (with the user's edits). */
  reapply = (issue: SyncIssue, args?: unknown): Promise<LocalOutcome> => this.actions.reapply(issue, args)
  discard = (issue: SyncIssue): Promise<void> => this.actions.discard(issue)

  /** A screen shows this line: during a first sync its signals and limits come first. */
  prioritizeLine = (lineId: string): void => this.replications.prioritizeLine(lineId)

  /** The network came back (or the user asked): pull and push now instead of waiting for the retry. */
  resync(): void {
    this.replications.resync()
    void this.pushLoop.pushNow()
  }

  setOnline(online: boolean): void {
    this.status.dispatch({ type: 'online', online })
    if (!online) return
    // A session restored offline was never verified: ask the server now, which starts replication.
    const session = this.session$.value
    if (session.status === 'signed-in' && !session.verified) {
      void this.start()
      return
    }
    // The role may have changed while away (SHELL-04); what is pending goes up meanwhile.
    void this.recheckSession()
    this.replications.openStream()
    this.resync()
  }

  async close(): Promise<void> {
    this.pushLoop.stop()
    this.session.stop()
    // A "last synced" still waiting to be stored is stored now.
    await this.lastSynced.flush()
    await this.database.close(true)
  }

  private async stopSync(): Promise<void> {
    this.pushLoop.cancelRetry()
    await this.replications.stop()
  }
}
