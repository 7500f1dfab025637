import { BehaviorSubject } from 'rxjs'
import type { CollectionName } from '../../shared/sync/collections'
import type { DeviceDb } from './device-db'
import { PendingChanges, type PendingAction } from './pending-changes'

/**
 * The device's outbox: pending actions kept in the device database (so they survive reloads,
 * browser restarts and app updates) and mirrored in memory for the synchronous reads every screen
 * makes. Writing the action is the one local write of a user action: it is stored, or it did not
 * happen. Only the signed-in author's actions are laid over the documents and sent; another user's
 * stay stored (counted in `othersPending`) until that user signs in here again. `changed$` ticks
 * after every change, so reads re-apply the actions.
 *
 * Once the server has answered an action, the stored copy keeps only `argsKeptAfterSend` of its
 * arguments: a write-only secret (ETQ Reliance) lives on the device only while it waits to be sent.
 */
export class Outbox {
  readonly state = new PendingChanges()
  readonly changed$ = new BehaviorSubject<number>(0)
  private stored: PendingAction[] = []
  private author: string | undefined
  private tick = 0

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

  async load(): Promise<void> {
    this.stored = await this.device.outbox.toArray()
    this.select()
  }

  setAuthor(author: string | undefined): void {
    if (author === this.author) return
    this.author = author
    this.select()
  }

  /** Stores a new action (its seq comes from the device database) and shows its effect at once. */
  async add(action: Omit<PendingAction, 'seq'>): Promise<PendingAction> {
    const seq = await this.device.outbox.add(action as PendingAction)
    const stored = { ...action, seq } as PendingAction
    this.stored.push(stored)
    this.state.add(stored)
    this.emit()
    return stored
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

  /** Removes an action; what it returns keeps only the arguments allowed to outlive sending. */
  async drop(id: string): Promise<PendingAction | undefined> {
    const dropped = this.state.drop(id)
    const action = dropped && this.forgetSent(dropped)
    if (action) {
      this.stored = this.stored.filter((a) => a.id !== id)
      await this.device.outbox.delete(action.seq)
    }
    this.emit()
    return action
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

  private emit(): void {
    this.changed$.next(++this.tick)
  }

  private forgetSent(action: PendingAction): PendingAction {
    const args = this.keepAfterSend(action.name, action.args)
    return args === action.args ? action : { ...action, args }
  }
}
