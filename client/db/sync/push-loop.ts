import type { IntentOutcome } from '../../../shared/sync/intent-protocol'
import { IntentPusher } from './intent-pusher'
import type { Outbox } from './outbox'
import { isStored, type PendingAction } from './pending-changes'
import type { SyncEvent, SyncStatus } from './sync-status'
import type { HttpError, Transport } from './transport'

const RETRY_MS = 5000

export interface PushLoopOptions {
  readonly transport: Transport
  readonly outbox: Outbox
  /** Whether sending makes sense now (session verified, not paused, no update required). */
  canPush(): boolean
  author(): string | undefined
  status(): SyncStatus
  dispatch(event: SyncEvent): void
  /** Browser's online flag, where there is one. */
  isOnline(): boolean | undefined
  /** An answer the plant's server took or refused (any answer but "authority unreachable"). */
  onResult(ok: boolean, error?: HttpError): void
  onRefused(action: PendingAction, outcome: Exclude<IntentOutcome, { status: 'applied' }>): Promise<void>
  /** After a push: ask for the written documents if no stream brings them. */
  afterPush(): void
}

/**
 * Sends the outbox: when the user's own action shows, in the next task (building and sending the
 * request in the key press's own task made that task ~2 ms longer, ~8 ms at a tablet's CPU, and the
 * frame showing the edit waited for it: docs/architecture.md), and again after RETRY_MS — or the
 * sync server's Retry-After while the plant's server cannot be reached — while actions are left and
 * the device is online. Keeps the status's pending counts.
 */
export class PushLoop {
  private readonly pusher: IntentPusher
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  /** The sync server's Retry-After of the last push, while the plant's server cannot be reached. */
  private retryAfterMs: number | undefined
  /** The controller closed: nothing more is sent (a push in flight still gets its answer). */
  private stopped = false

  constructor(private readonly options: PushLoopOptions) {
    const { transport, outbox } = options
    this.pusher = new IntentPusher(transport, outbox, {
      canPush: options.canPush,
      author: options.author,
      onResult: (ok, error) => this.onPushResult(ok, error),
      onRefused: options.onRefused,
      afterPush: options.afterPush,
    })
    outbox.changed$.subscribe((tick) => {
      // In the next task, not after the next frame: that held the request a frame longer, ~9 ms more
      // from an edit on one device to the other showing it.
      if (outbox.isActionTick(tick)) setTimeout(() => void this.pushNow(), 0)
      this.countPending()
    })
  }

  async pushNow(): Promise<void> {
    clearTimeout(this.retryTimer)
    if (this.stopped) return
    try {
      await this.pusher.push()
    } catch (err) {
      // Storing an answer failed (the device refused the write, or its database closed under it):
      // what it did not settle is still in the outbox and goes again below — the server answers a
      // repeated action from its log. Uncaught, it stopped the retries until the next action.
      if (!this.stopped) console.warn('An answer of the sync server could not be stored', err)
    }
    if (this.stopped) return
    const author = this.options.author()
    // A push the server did not answer (it crashed, say) set the status offline; while the device's
    // network is up, retrying goes on: the stream's reconnection sets the status back without
    // pushing, and what was pending waited for the user's next action (found by the soak, issue 28).
    const online = this.options.status().online || this.options.isOnline() === true
    if (author && this.options.outbox.state.pending(author).length > 0 && online) {
      this.retryTimer = setTimeout(() => void this.pushNow(), this.retryAfterMs ?? RETRY_MS)
    }
  }

  cancelRetry(): void {
    clearTimeout(this.retryTimer)
  }

  /** The controller closes: no push starts or is retried after this. */
  stop(): void {
    this.stopped = true
    clearTimeout(this.retryTimer)
  }

  /** A push's outcome: besides what every answer says, whether the plant's server took it. */
  private onPushResult(ok: boolean, error?: HttpError): void {
    const unreachable = !ok && error?.authorityUnreachable === true
    this.retryAfterMs = unreachable ? error?.retryAfterMs : undefined
    // The sync server answered, so the device is online (unless it went offline meanwhile); nothing
    // was synced, so "last synced" stays.
    this.options.dispatch({ type: 'authority', unreachable, online: this.options.isOnline() ?? true })
    if (!unreachable) this.options.onResult(ok, error)
  }

  private countPending(): void {
    // The outbox shows and counts only its current author's actions (see Outbox.setAuthor).
    // Only kept actions are counted as pending: one still being written is "saving" (issue 28).
    const all = this.options.outbox.state.pending()
    const pending = all.filter(isStored).length
    this.options.dispatch({
      type: 'pending-counts',
      pending,
      saving: all.length - pending,
      othersPending: this.options.outbox.othersPending,
    })
  }
}
