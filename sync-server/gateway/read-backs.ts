import type { Session } from '../auth/session'
import { withFingerprint } from '../domain/apply-intent'
import type { IntentRequest, IntentVerdict } from '../domain/intent-verdict'
import type { Services } from '../domain/services'
import type { DocumentCache } from '../store/document-cache'
import { CUSTOMER_WIDE, type StoredDocument } from '../store/documents'
import { logIntents, type LoggedIntent } from '../store/intent-store'
import { mergeSnapshots, reconcile, type ReplicaDoc, type Snapshot } from './replica'

/**
 * The read-backs of a change set's actions, written to the replica together (docs/gateway.md).
 *
 * An applied action's answers are the authority's documents after it; they go into the replica, and
 * the action's verdict into the intent log, before the device is answered. Fifty actions pushed
 * together used to write fifty transactions for that. Here an action whose read-back is plain
 * answers (`add`) is told to the change set's cache at once — so the set's later actions judge on it
 * — and written with the others in ONE transaction (`flush`): when the set ends, and before anything
 * reads the database or writes the replica otherwise.
 *
 * Invariants:
 * - nothing is answered before its read-back and verdict are committed: `add` gives a verdict to
 *   read only after `flush`;
 * - the replica never goes back: a document answered twice keeps the later answer (the set's order),
 *   and anything else that writes the replica flushes first (reconcile's `beforeWrite`);
 * - the database is never behind the cache: the cache flushes before it reads (its `beforeRead`).
 */
export class ReadBacks {
  private pending: PendingReadBack[] = []

  constructor(
    private readonly services: Services,
    private readonly session: Session,
    private readonly cache: () => DocumentCache,
    /** Told each logged verdict, so a repeat of the action later in the set is answered from it. */
    private readonly logged: (intentId: string, entry: LoggedIntent) => void,
  ) {}

  /**
   * An applied action's read-back (documents only) and what its intent changed (collection/id), kept
   * until `flush`; its verdict, once flushed.
   */
  add(
    request: IntentRequest,
    documents: ReadonlyArray<ReplicaDoc>,
    changed: ReadonlySet<string>,
  ): () => IntentVerdict {
    const entry: PendingReadBack = { request, documents, changed, verdict: undefined }
    this.pending.push(entry)
    // As if written: what later actions of the set read (no stored version yet, revision 0 until
    // `flush`; judging reads only the data).
    this.cache().remember(documents.map((d) => pendingVersion(d, this.session.plantId)))
    return () => {
      if (!entry.verdict) throw new Error('a read-back answered before it was written')
      return entry.verdict
    }
  }

  /** Whether an action of this id waits here (its repeat must be answered from the log, after `flush`). */
  holds(intentId: string): boolean {
    return this.pending.some((p) => p.request.id === intentId)
  }

  /** Writes what waits, with the verdicts, in one transaction. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return
    const batch = this.pending
    this.pending = []
    const snapshot: Snapshot = mergeSnapshots(
      batch.map((p) => ({ documents: p.documents, covers: [], gone: [] })),
    )
    const { customerId } = this.session
    const { current } = await reconcile(this.services, this.session, snapshot, {
      expectChanges: true,
      cache: this.cache(),
      alongside: async (ex, current, written) => {
        const now = new Map(current.map((d) => [key(d), d]))
        const wrote = new Set(written.map(key))
        const logs: Array<{ intentId: string; result: LoggedIntent }> = []
        for (const p of batch) {
          // The action's documents as they are now: one written after it in the set carries that
          // later change too, as a pull would.
          const answered = [...new Set(p.documents.map(key))]
            .flatMap((k) => now.get(k) ?? [])
            .filter((d) => wrote.has(key(d)) || p.changed.has(key(d)))
          const { verdict, entry } = applied(answered)
          p.verdict = verdict
          if (p.request.id === undefined) continue
          logs.push({ intentId: p.request.id, result: withFingerprint(entry, p.request) })
        }
        await logIntents(ex, customerId, logs)
        for (const log of logs) this.logged(log.intentId, log.result)
      },
    })
    // The cache held the data as answered; now the stored versions (revisions) too.
    this.cache().remember(current)
  }
}

/**
 * An applied action's verdict, and its entry in the intent log (the documents by reference: a retry
 * is answered with them as they are then), from the documents it answers with.
 */
export function applied(
  answered: ReadonlyArray<StoredDocument>,
  replacedIds?: Readonly<Record<string, string>>,
): { readonly verdict: IntentVerdict; readonly entry: LoggedIntent } {
  const replaced = replacedIds && Object.keys(replacedIds).length > 0 ? { replacedIds } : {}
  return {
    verdict: { status: 'applied', documents: answered, ...replaced },
    entry: { written: answered.map((d) => ({ collection: d.collection, id: d.id })), ...replaced },
  }
}

interface PendingReadBack {
  readonly request: IntentRequest
  readonly documents: ReadonlyArray<ReplicaDoc>
  readonly changed: ReadonlySet<string>
  verdict: IntentVerdict | undefined
}

const key = (d: { readonly collection: string; readonly id: string }) => `${d.collection}/${d.id}`

/** A read-back document as the cache keeps it until written: its data, no stored version yet. */
const pendingVersion = (d: ReplicaDoc, plantId: string): StoredDocument => ({
  collection: d.collection,
  id: d.id,
  plantId: d.collection === 'users' ? CUSTOMER_WIDE : plantId,
  seq: 0,
  revision: 0,
  updatedAt: new Date(0).toISOString(),
  deleted: false,
  data: d.data,
})
