import { BehaviorSubject } from 'rxjs'
import type { CollectionName } from '../../../shared/sync/collections'
import { deepEqual } from '../../../shared/sync/deep-equal'
import type { ArgsUpgrade } from '../../../shared/intents/upgrade'
import { replaceStrings } from '../../../shared/sync/replace-ids'
import type { DeviceDb } from '../storage/device-db'
import { PendingChanges, PROVISIONAL_SEQ, type PendingAction } from './pending-changes'

/**
 * The device's outbox: pending actions kept in the device database (so they survive reloads,
 * browser restarts and app updates) and mirrored in memory for the synchronous reads every screen
 * makes. Writing the action is the one local write of a user action: it is stored, or it did not
 * happen. Only the signed-in author's actions are laid over the documents and sent; another user's
 * stay stored (counted in `othersPending`) until that user signs in here again. `changed$` ticks
 * after every change, so reads re-apply the actions.
 *
 * A new action shows before its write completes (the screens see it in the same task) and is
 * `sendable` at once (the pusher sends it in the next task). Until its write
 * completes it holds a provisional `seq` after every stored one, and an answer to it waits for the
 * write (`written`), so the row settled is the stored one, under its stored seq. A failed write takes
 * it back out and rejects `add`, so the caller tells the user (if it was sent already, the server
 * may still apply it; its documents then arrive like any change). Writes of one outbox complete in
 * the order they were made, so the stored seqs keep the provisional order.
 *
 * Until then the screens mark it "Saving", not "Pending", and the pending count leaves it out: a tab
 * killed mid-write loses the actions still being written (IndexedDB commits a transaction only once
 * the page asks), never one the screen said was kept (issue 28, tests/e2e/tab-killed.spec.ts).
 *
 * Once the server has answered an action, the stored copy keeps only `argsKeptAfterSend` of its
 * arguments: a write-only secret (ETQ Reliance) lives on the device only while it waits to be sent.
 */
export class Outbox {
  readonly state = new PendingChanges()
  readonly changed$ = new BehaviorSubject<number>(0)
  private stored: PendingAction[] = []
  /** Actions shown whose write is under way, by id; each promise settles (never rejects) with it. */
  private readonly writes = new Map<string, Promise<void>>()
  private provisional = 0
  private author: string | undefined
  private tick = 0
  private actionTick = -1

  /**
   * The arguments an answered action keeps (shared/intents' argsKeptAfterSend). Set by the
   * controller with the session's code, which is loaded before any action can be sent or answered.
   */
  keepAfterSend: (name: string, args: unknown) => unknown = (_name, args) => args

  constructor(private readonly device: DeviceDb) {}

  /** Actions of other users waiting on this device. */
  get othersPending(): number {
    return this.stored.filter((a) => a.author !== this.author && !a.acknowledged).length
  }

  /** The author's pending actions, in order: what may be sent (see the class comment). */
  sendable(author: string): ReadonlyArray<PendingAction> {
    return this.state.pending(author)
  }

  async load(): Promise<void> {
    const loaded = await this.device.outbox.toArray()
    // An action still being written is kept: it is not lost because the list was read meanwhile.
    const known = new Set(loaded.map((a) => a.id))
    this.stored = [...loaded, ...this.stored.filter((a) => this.writes.has(a.id) && !known.has(a.id))]
    this.select()
  }

  setAuthor(author: string | undefined): void {
    if (author === this.author) return
    this.author = author
    this.select()
  }

  /**
   * Shows a new action's effect at once and stores it (its seq comes from the device database);
   * resolves once it is stored. A failed write takes the action back out and rejects.
   */
  async add(action: Omit<PendingAction, 'seq'>): Promise<PendingAction> {
    const shown = { ...action, seq: PROVISIONAL_SEQ + ++this.provisional } as PendingAction
    // The write is asked for first: the device database works on it while the screens render.
    const writing = this.device.outbox.add({ ...action } as PendingAction)
    const write = this.settleWrite(action, writing)
    this.writes.set(
      action.id,
      write.then(
        () => undefined,
        () => undefined,
      ),
    )
    this.stored.push(shown)
    this.state.add(shown)
    this.emit(true)
    return write
  }

  private async settleWrite(
    action: Omit<PendingAction, 'seq'>,
    writing: Promise<number>,
  ): Promise<PendingAction> {
    let seq: number
    try {
      seq = await writing
    } catch (err) {
      this.writes.delete(action.id)
      this.stored = this.stored.filter((a) => a.id !== action.id)
      this.state.drop(action.id)
      this.emit(true)
      throw err
    }
    this.writes.delete(action.id)
    const stored = { ...action, seq } as PendingAction
    // Only the seq changed (an answer waits for the write, see `written`), but with it the mark:
    // "Saving" becomes "Pending" and the action is counted. A tick, not an action tick.
    this.stored = this.stored.map((a) => (a.id === action.id ? stored : a))
    if (this.state.all.some((a) => a.id === action.id)) {
      this.state.replace(this.state.all.map((a) => (a.id === action.id ? stored : a)))
      this.emit()
    }
    return stored
  }

  /** Resolves once the writes of these actions (those still under way) have completed or failed. */
  private async written(ids: Iterable<string>): Promise<void> {
    const waits: Array<Promise<void>> = []
    for (const id of ids) {
      const w = this.writes.get(id)
      if (w) waits.push(w)
    }
    if (waits.length > 0) await Promise.all(waits)
  }

  async acknowledge(id: string, revisions: Readonly<Record<string, number>>): Promise<void> {
    await this.acknowledgeAll([{ id, revisions }])
  }

  /**
   * Settles a push's applied actions at once: one write of the device database and one tick, so a
   * batch of answers re-renders the screens once, not once per action.
   */
  async acknowledgeAll(
    answers: ReadonlyArray<{ readonly id: string; readonly revisions: Readonly<Record<string, number>> }>,
  ): Promise<void> {
    // An action is sent as soon as it shows; its answer is settled once it is stored.
    await this.written(answers.map((a) => a.id))
    const acked = new Map<string, PendingAction>()
    for (const { id, revisions } of answers) {
      const answered = this.state.acknowledge(id, revisions)
      if (answered) acked.set(id, this.forgetSent(answered))
    }
    if (acked.size > 0) {
      this.state.replace(this.state.all.map((a) => acked.get(a.id) ?? a))
      this.stored = this.stored.map((a) => acked.get(a.id) ?? a)
      await this.device.outbox.bulkPut([...acked.values()])
    }
    this.emit()
  }

  /**
   * Gateway mode: documents the server's authority created under ids of its own. Every action held
   * here (pending or answered) names them by those ids from now on — its arguments, base values and
   * changes — so a later action reaches the document the authority has, and an answered one is
   * laid over it until its documents arrive.
   */
  async replaceIds(replaced: ReadonlyMap<string, string>): Promise<void> {
    await this.written(this.stored.map((a) => a.id))
    const rewritten = new Map<string, PendingAction>()
    for (const action of this.stored) {
      const next = replaceStrings(action, replaced)
      if (!deepEqual(next, action)) rewritten.set(action.id, { ...next, id: action.id, seq: action.seq })
    }
    if (rewritten.size === 0) return
    this.stored = this.stored.map((a) => rewritten.get(a.id) ?? a)
    this.state.replace(this.state.all.map((a) => rewritten.get(a.id) ?? a))
    await this.device.outbox.bulkPut([...rewritten.values()])
    this.emit()
  }

  /**
   * Brings the actions an older app version stored to the arguments this version's intents take
   * (shared/intents/upgrade.ts), before any is sent or re-applied here; the server upgrades what it
   * receives the same way. An answered action is left as it is (the server has it). One that cannot
   * be upgraded is left as it was stored and sent so: it may have been sent before and answered by
   * the server (its answer lost), and only the server's log knows — the server answers it from its
   * log, or refuses it with the reason the device would give (found by the soak, issue 28). Their
   * `changes` (what they show until answered) stay as they were recorded.
   */
  async upgradeStored(
    upgrade: (name: string, version: number | undefined, args: unknown) => ArgsUpgrade,
  ): Promise<void> {
    await this.written(this.stored.map((a) => a.id))
    const upgraded = new Map<string, PendingAction>()
    for (const action of this.stored) {
      if (action.acknowledged) continue
      const result = upgrade(action.name, action.version, action.args)
      if (result.ok && result.upgraded)
        upgraded.set(action.id, { ...action, version: result.version, args: result.args })
    }
    if (upgraded.size === 0) return
    this.stored = this.stored.map((a) => upgraded.get(a.id) ?? a)
    this.state.replace(this.state.all.map((a) => upgraded.get(a.id) ?? a))
    await this.device.outbox.bulkPut([...upgraded.values()])
    this.emit()
  }

  /**
   * A refused action: `keep` stores what the user is told of it (its sync issue, given the copy whose
   * arguments may outlive sending), and only then does the action leave the outbox. Dropped first, a
   * failure to keep the refusal lost it; this way a failure of either write leaves the action here, to
   * be sent again and answered from the server's log, so the refusal is kept at least once.
   */
  async refuse(action: PendingAction, keep: (kept: PendingAction) => Promise<void>): Promise<void> {
    await this.written([action.id])
    // The outbox's own copy: in gateway mode it may name documents by the authority's ids by now.
    const current = this.state.all.find((a) => a.id === action.id) ?? action
    await keep(this.forgetSent(current))
    const dropped = this.state.drop(action.id)
    if (dropped) {
      this.stored = this.stored.filter((a) => a.id !== action.id)
      await this.device.outbox.delete(dropped.seq)
    }
    this.emit()
  }

  /** Forgets acknowledged actions whose documents arrived here at the revisions the server wrote. */
  async absorb(revisionOf: (collection: CollectionName, id: string) => number): Promise<void> {
    const absorbed = this.state.absorb(revisionOf)
    if (absorbed.length === 0) return
    const gone = new Set(absorbed.map((a) => a.seq))
    this.stored = this.stored.filter((a) => !gone.has(a.seq))
    await this.device.outbox.bulkDelete([...gone])
    this.emit()
  }

  private select(): void {
    this.state.replace(this.stored.filter((a) => a.author === this.author))
    this.emit()
  }

  /**
   * Whether this `changed$` tick is the user's own action appearing (or taken back after a failed
   * write): screens render those at once. Settling answers and absorbing documents are not — during
   * a reconnect they come by the hundred and render as React schedules them.
   */
  isActionTick(tick: number): boolean {
    return tick === this.actionTick
  }

  private emit(action = false): void {
    const tick = ++this.tick
    // Set before the tick goes out: the screens ask while they handle it.
    if (action) this.actionTick = tick
    this.changed$.next(tick)
  }

  private forgetSent(action: PendingAction): PendingAction {
    const args = this.keepAfterSend(action.name, action.args)
    return args === action.args ? action : { ...action, args }
  }
}
