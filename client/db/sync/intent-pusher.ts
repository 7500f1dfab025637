import { PRIMARY_KEYS } from '../../../shared/sync/collections'
import { MAX_REQUEST_BODY_BYTES } from '../../../shared/constants'
import {
  INTENT_PROTOCOL_VERSION,
  MAX_INTENTS_PER_PUSH,
  type IntentOutcome,
  type IntentPushResponse,
  type PushedIntent,
} from '../../../shared/sync/intent-protocol'
import { Messages } from '../../../shared/validation/messages'
import type { Outbox } from './outbox'
import type { PendingAction } from './pending-changes'
import { api, HttpError, type Transport } from './transport'

/**
 * Sends the signed-in user's pending actions to the server in the order they were made, a batch at a
 * time, and settles each with the server's answer: applied (acknowledged — it stays shown until its
 * documents arrive), or refused / in conflict (handed to `onRefused`, which keeps it as a sync
 * issue, and then dropped from the outbox). Only the author's actions are sent: another user's wait
 * for them. One push runs at a time; a request made meanwhile runs right after.
 *
 * Invariants: a batch is sent only after the server answered the one before (the server applies
 * them in the order made); it is settled while the next one travels. A batch stays under the
 * server's body limit, so no request can be refused for its size again and again; an action too
 * large to send alone is refused here and kept as a sync issue, never left blocking the queue.
 */
export interface PusherHooks {
  /** Whether sending makes sense now (online, session verified, not paused). */
  canPush(): boolean
  author(): string | undefined
  onResult(ok: boolean, error?: HttpError): void
  onRefused(action: PendingAction, outcome: Exclude<IntentOutcome, { status: 'applied' }>): Promise<void>
  /** After a push: the written documents are on their way (stream); ask for them if there is none. */
  afterPush(): void
}

/** The server takes up to MAX_INTENTS_PER_PUSH actions a request: fewer requests, fewer answers to settle. */
export const PUSH_BATCH = MAX_INTENTS_PER_PUSH
/** Room left in the body limit for the request's envelope (`{"protocol":…,"intents":[…]}`). */
const ENVELOPE_BYTES = 100
const encoder = new TextEncoder()

export class IntentPusher {
  private running = false
  private again = false

  constructor(
    private readonly transport: Transport,
    private readonly outbox: Outbox,
    private readonly hooks: PusherHooks,
  ) {}

  /** Sends what is pending; resolves when nothing is left or sending is not possible now. */
  async push(): Promise<void> {
    if (this.running) {
      this.again = true
      return
    }
    this.running = true
    let sent = false
    try {
      do {
        this.again = false
        sent = (await this.pushAll()) || sent
      } while (this.again)
    } finally {
      this.running = false
      if (sent) this.hooks.afterPush()
    }
  }

  private async pushAll(): Promise<boolean> {
    let sent = false
    // Synchronous up to the request: nothing is awaited before the first batch is on its way.
    let batch = this.nextBatch(new Set()) ?? (await this.nextBatchAfterRefusals(new Set()))
    let request = batch && this.send(batch)
    while (batch && request) {
      let answer: IntentPushResponse
      try {
        answer = await request
      } catch (err) {
        this.hooks.onResult(false, err instanceof HttpError ? err : new HttpError(0, String(err)))
        return sent
      }
      this.hooks.onResult(true)
      sent = true
      const answered = batch
      // A gateway answers the actions it could decide before the plant's server stopped answering:
      // the rest of the batch is sent again later, before anything made after it.
      if (!answered.every((a) => answer.results.some((r) => r.id === a.id))) {
        await this.settle(answered, answer)
        return sent
      }
      // The next batch travels while this one is settled (a device write and a re-render).
      const skip = new Set(answered.map((a) => a.id))
      batch = this.nextBatch(skip) ?? (await this.nextBatchAfterRefusals(skip))
      request = batch && this.send(batch)
      request?.catch(() => undefined) // awaited above on the next turn; never left unhandled
      // An answer that settles nothing would loop forever: stop and retry later. (A batch already
      // on its way is answered from the server's log when it is sent again.)
      if ((await this.settle(answered, answer)) === 0) return sent
    }
    return sent
  }

  /**
   * The next actions to send, oldest first, skipping `answered` (the batch being settled): at most
   * PUSH_BATCH, and as many as fit in the server's body limit. Undefined when there is nothing to
   * send, or when the first action is too large to go even alone (nextBatchAfterRefusals).
   */
  private nextBatch(answered: ReadonlySet<string>): PendingAction[] | undefined {
    const author = this.hooks.author()
    if (!author || !this.hooks.canPush()) return undefined
    const batch: PendingAction[] = []
    let bytes = ENVELOPE_BYTES
    for (const action of this.outbox.sendable(author)) {
      if (answered.has(action.id)) continue
      const size = encoder.encode(JSON.stringify(wire(action))).length + 1
      if (batch.length === PUSH_BATCH || bytes + size > MAX_REQUEST_BODY_BYTES) break
      batch.push(action)
      bytes += size
    }
    return batch.length > 0 ? batch : undefined
  }

  /** The next batch, once every action too large to send (first in line) is refused as a sync issue. */
  private async nextBatchAfterRefusals(answered: ReadonlySet<string>): Promise<PendingAction[] | undefined> {
    for (;;) {
      const author = this.hooks.author()
      if (!author || !this.hooks.canPush()) return undefined
      const first = this.outbox.sendable(author).find((a) => !answered.has(a.id))
      if (!first) return undefined
      await this.refuseTooLarge(first)
      const batch = this.nextBatch(answered)
      if (batch) return batch
    }
  }

  private send(batch: ReadonlyArray<PendingAction>): Promise<IntentPushResponse> {
    return api.pushIntents(this.transport, { protocol: INTENT_PROTOCOL_VERSION, intents: batch.map(wire) })
  }

  /** Settles one answer, in order; returns how many of the batch's actions it answered. */
  private async settle(batch: ReadonlyArray<PendingAction>, answer: IntentPushResponse): Promise<number> {
    let settled = 0
    // Applied answers are settled together (one write, one re-render), in order with the refusals.
    let applied: Array<{ id: string; revisions: Record<string, number> }> = []
    const flush = async () => {
      if (applied.length > 0) await this.outbox.acknowledgeAll(applied)
      applied = []
    }
    const byId = new Map(batch.map((a) => [a.id, a]))
    // Gateway mode: what an action created got the authority's ids; the actions still held here
    // that name the device's ids are rewritten first, so they reach it (and show it) under its id.
    const replaced = new Map(
      answer.results.flatMap((o) => (o.status === 'applied' ? Object.entries(o.replacedIds ?? {}) : [])),
    )
    if (replaced.size > 0) await this.outbox.replaceIds(replaced)
    for (const outcome of answer.results) {
      const action = byId.get(outcome.id)
      if (!action) continue
      settled++
      if (outcome.status === 'applied') {
        const revisions = Object.fromEntries(
          outcome.documents.map((d) => [
            `${d.collection}/${String(d.document[PRIMARY_KEYS[d.collection]])}`,
            Number(d.document.revision),
          ]),
        )
        applied.push({ id: action.id, revisions })
      } else {
        await flush()
        await this.refuse(action, outcome)
      }
    }
    await flush()
    return settled
  }

  private async refuseTooLarge(action: PendingAction): Promise<void> {
    await this.refuse(action, {
      id: action.id,
      status: 'rejected',
      rejection: { code: 'VALIDATION', status: 413, message: Messages.sync.changeTooLarge },
    })
  }

  private async refuse(
    action: PendingAction,
    outcome: Exclude<IntentOutcome, { status: 'applied' }>,
  ): Promise<void> {
    // Kept as a sync issue before it leaves the outbox; a write-only argument (a secret) does not go
    // into the issue.
    await this.outbox.refuse(action, (kept) => this.hooks.onRefused(kept, outcome))
  }
}

const wire = (a: PendingAction): PushedIntent => ({
  id: a.id,
  name: a.name,
  // Version 1 goes without one, as every device sent it before intents had versions.
  ...(a.version === undefined || a.version === 1 ? {} : { version: a.version }),
  args: a.args,
  author: a.author,
  createdAt: a.createdAt,
  base: a.base,
})
