import type { Transaction } from 'kysely'
import type { IntentDefinition, DocumentChange, IntentEnv } from '../../shared/intents/intent'
import { IntentRejected } from '../../shared/intents/intent'
import { runIntent } from '../../shared/intents/run'
import type { BaseValue, FieldConflictRecord } from '../../shared/sync/intent-protocol'
import { findConflicts } from '../../shared/sync/conflicts'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import type { DocumentCache } from '../store/document-cache'
import {
  isVisibleIn,
  releaseSavepoint,
  rollbackToSavepoint,
  takeSavepoint,
  type StoredDocument,
} from '../store/documents'
import { loadReads } from '../store/intent-store'
import type { Tables } from '../store/tables'
import { writeWithRules } from './apply-change'
import type { WriteContext } from './collection-rules'
import { DomainError } from './domain-error'
import { hasServerEffect, runServerEffect } from './intent-effects'
import { rulesFor } from './registry'
import type { Services } from './services'

/**
 * One intent of a change set, inside the change set's transaction (apply-intent.ts): run its pure
 * function on the documents as earlier intents of the set left them, check its base values, then
 * write its changes through the collections' rules. Its outcome is its own: a refusal undoes only
 * its own writes.
 *
 * Undoing one intent's writes needs a savepoint, which costs two statements and, on PostgreSQL, a
 * subtransaction (more than 64 in one transaction slow every other session's snapshots down). Most
 * intents need none: a refusal can only come before their single write (authorize, decode and
 * validate run before it; nothing runs after it) — see `mayRefuseAfterWriting`. `guard: 'always'`
 * takes one for every intent that writes; apply-intent.ts falls back to it should an unguarded
 * intent ever be refused after it wrote (`UnguardedRefusal`), so a wrong guess costs time, never
 * a half-applied intent.
 */
export type StepVerdict =
  | { readonly status: 'applied'; readonly written: ReadonlyArray<StoredDocument> }
  | { readonly status: 'conflict'; readonly conflicts: ReadonlyArray<FieldConflictRecord> }
  | { readonly status: 'rejected'; readonly error: DomainError }

export interface PreparedIntent {
  readonly name: string
  readonly definition: IntentDefinition<unknown>
  readonly args: unknown
  readonly env: IntentEnv
  readonly base: ReadonlyArray<BaseValue>
}

export type SavepointGuard = 'when-needed' | 'always'

/** Thrown when an intent without a savepoint was refused after writing: the transaction must be redone. */
export class UnguardedRefusal extends Error {
  constructor() {
    super('an intent without a savepoint was refused after it wrote')
    this.name = 'UnguardedRefusal'
  }
}

export async function applyStep(
  services: Services,
  session: Session,
  tx: Transaction<Tables>,
  intent: PreparedIntent,
  guard: SavepointGuard,
  cache: DocumentCache,
): Promise<StepVerdict> {
  const run = await refusalOf(() =>
    runIntent(intent.definition, intent.args, intent.env, (reads) => loadReads(session, reads, cache)),
  )
  if (run instanceof DomainError) return { status: 'rejected', error: run }
  const conflicts = findConflicts(
    intent.base,
    run.changes,
    (collection, id, field) =>
      (run.docs.before(collection, id) as Record<string, unknown> | undefined)?.[field],
  )
  if (conflicts.length > 0) return { status: 'conflict', conflicts }

  const guarded = guard === 'always' || mayRefuseAfterWriting(intent.name, run.changes)
  if (guarded) await takeSavepoint(tx)
  const ctx: WriteContext = { services, session, tx, written: [] }
  const outcome = await refusalOf(async () => {
    for (const change of run.changes) {
      await writeChange(ctx, cache, change)
      // Side effects included: whatever the change wrote is what the next one must read.
      cache.remember(ctx.written)
    }
    await runServerEffect(ctx, intent.name, intent.args, run.docs)
  })
  if (outcome instanceof DomainError) {
    if (guarded) {
      await rollbackToSavepoint(tx)
      cache.forget(ctx.written)
    } else if (ctx.written.length > 0) throw new UnguardedRefusal()
  }
  if (guarded) await releaseSavepoint(tx)
  return outcome instanceof DomainError
    ? { status: 'rejected', error: outcome }
    : { status: 'applied', written: ctx.written }
}

/**
 * Whether a rule can refuse the intent once something of it is written: a second change (its
 * validation runs after the first one's write), a collection side effect (afterWrite) or a server
 * effect. With a single plain change, every rule runs before the one write.
 */
function mayRefuseAfterWriting(name: string, changes: ReadonlyArray<DocumentChange>): boolean {
  if (changes.length > 1 || hasServerEffect(name)) return true
  return changes.some((c) => rulesFor(c.collection).afterWrite !== undefined)
}

/** Runs `fn`, answering a rule's refusal as a DomainError value; anything else propagates. */
async function refusalOf<R>(fn: () => Promise<R>): Promise<R | DomainError> {
  try {
    return await fn()
  } catch (err) {
    const refusal =
      err instanceof IntentRejected ? new DomainError(err.status, err.code, err.message, err.details) : err
    // A lost session is not a verdict on this intent: it ends the whole push.
    if (refusal instanceof DomainError && refusal.code !== 'UNAUTHORIZED') return refusal
    throw err
  }
}

async function writeChange(ctx: WriteContext, cache: DocumentCache, change: DocumentChange): Promise<void> {
  const previous = await cache.getOne(change.collection, change.id)
  const live = previous && isVisibleIn(previous, ctx.session) ? previous : undefined
  if (previous && !previous.deleted && !live)
    throw new DomainError(404, 'NOT_FOUND', Messages.server.notFound)
  const rules = rulesFor(change.collection)
  await writeWithRules(ctx, rules, change.id, live, change.kind === 'put' ? change.data : undefined)
}
