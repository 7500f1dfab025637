import { PRIMARY_KEYS } from '../../shared/sync/collections'
import {
  INTENT_PROTOCOL_VERSION,
  MAX_INTENTS_PER_PUSH,
  type IntentOutcome,
} from '../../shared/sync/intent-protocol'
import type { Outbox } from './outbox'
import type { PendingAction } from './pending-changes'
import { api, HttpError, type Transport } from './transport'

/**
 * Sends the signed-in user's pending actions to the server in the order they were made, a batch at a
 * time, and settles each with the server's answer: applied (acknowledged — it stays shown until its
 * documents arrive), or refused / in conflict (dropped from the outbox and handed to `onRefused`,
 * which keeps it as a sync issue). Only the author's actions are sent: another user's wait for them.
 * One push runs at a time; a request made meanwhile runs right after.
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
    for (;;) {
      const author = this.hooks.author()
      if (!author || !this.hooks.canPush()) return sent
      const batch = this.outbox.sendable(author).slice(0, PUSH_BATCH)
      if (batch.length === 0) return sent
      let answer
      try {
        answer = await api.pushIntents(this.transport, {
          protocol: INTENT_PROTOCOL_VERSION,
          intents: batch.map((a) => ({
            id: a.id,
            name: a.name,
            args: a.args,
            author: a.author,
            createdAt: a.createdAt,
            base: a.base,
          })),
        })
      } catch (err) {
        this.hooks.onResult(false, err instanceof HttpError ? err : new HttpError(0, String(err)))
        return sent
      }
      this.hooks.onResult(true)
      sent = true
      let settled = 0
      // Applied answers are settled together (one write, one re-render), in order with the refusals.
      let applied: Array<{ id: string; revisions: Record<string, number> }> = []
      const flush = async () => {
        if (applied.length > 0) await this.outbox.acknowledgeAll(applied)
        applied = []
      }
      const byId = new Map(batch.map((a) => [a.id, a]))
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
          // The dropped copy: a write-only argument (a secret) does not go into the sync issue.
          const dropped = await this.outbox.drop(action.id)
          await this.hooks.onRefused(dropped ?? action, outcome)
        }
      }
      await flush()
      // An answer that settles nothing would loop forever: stop and retry later.
      if (settled === 0) return sent
    }
  }
}
