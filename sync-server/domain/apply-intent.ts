import { isIntentName, intentNamed } from '../../shared/intents'
import { IntentRejected, type DocumentChange, type IntentEnv } from '../../shared/intents/intent'
import { runIntent } from '../../shared/intents/run'
import type { BaseValue, FieldConflictRecord } from '../../shared/sync/intent-protocol'
import { findConflicts } from '../../shared/sync/conflicts'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { decodeInput } from './decode'
import {
  getDocument,
  getDocuments,
  isVisibleIn,
  writeTransaction,
  type StoredDocument,
} from '../store/documents'
import { findLoggedIntent, loadReads, logIntent, type LoggedRefusal } from '../store/intent-store'
import { announce, writeWithRules } from './apply-change'
import type { WriteContext } from './collection-rules'
import { DomainError, badRequest, forbidden } from './domain-error'
import { runServerEffect } from './intent-effects'
import { rulesFor } from './registry'
import type { Services } from './services'

/**
 * The server's half of every user action: REST calls and pushed change sets both come here. Runs the
 * named intent's one pure function (shared/intents) on the documents it reads, inside one
 * transaction holding the customer's write lock, and writes every change it makes through the
 * collection's storage rules — all of them or none. A pushed action carries an id (a retry is
 * answered from the log, never applied twice) and the values its user saw of the fields they edited;
 * if the server's value of such a field moved since, the server's value stays and the action comes
 * back as a conflict (OFF-05), changing nothing.
 */
export interface IntentRequest {
  readonly name: string
  readonly args: unknown
  /** Pushed actions only: the device's id for this action. */
  readonly id?: string
  /** Pushed actions only: the values the user saw of the fields they edited. */
  readonly base?: ReadonlyArray<BaseValue>
}

export type IntentResult =
  | { readonly status: 'applied'; readonly documents: ReadonlyArray<StoredDocument> }
  | { readonly status: 'conflict'; readonly conflicts: ReadonlyArray<FieldConflictRecord> }

/** Applies an intent; throws DomainError when a rule refuses it (nothing is written then). */
export async function applyIntent(
  services: Services,
  session: Session,
  request: IntentRequest,
): Promise<IntentResult> {
  if (!isIntentName(request.name)) throw badRequest(Messages.server.invalidRequest)
  const definition = intentNamed(request.name)
  if (definition.adminOnly && session.role !== 'administrator') throw forbidden(Messages.server.forbidden)
  const args = decodeInput(definition.args, request.args)
  const env: IntentEnv = { actor: session, now: services.clock.now().toString() }
  const written: StoredDocument[] = []
  const result = await applyOnce(services, session, request.id, () =>
    writeTransaction(services.db, session.customerId, async (tx) => {
      if (request.id !== undefined) {
        const logged = await findLoggedIntent(tx, session.customerId, request.id)
        if (logged?.refused) return { status: 'refused', refused: logged.refused } as const
        if (logged) return { status: 'replayed', refs: logged.written ?? [] } as const
      }
      const run = await runIntent(definition, args, env, (reads) => loadReads(tx, session, reads)).catch(
        (err: unknown) => {
          throw err instanceof IntentRejected
            ? new DomainError(err.status, err.code, err.message, err.details)
            : err
        },
      )
      const conflicts = findConflicts(
        request.base ?? [],
        run.changes,
        (collection, id, field) =>
          (run.docs.before(collection, id) as Record<string, unknown> | undefined)?.[field],
      )
      if (conflicts.length > 0) {
        if (request.id !== undefined)
          await logIntent(tx, session.customerId, request.id, { refused: { status: 'conflict', conflicts } })
        return { status: 'conflict', conflicts } as const
      }
      const ctx: WriteContext = { services, session, tx, written }
      for (const change of run.changes) await writeChange(ctx, change)
      await runServerEffect(ctx, request.name, args, run.docs)
      if (request.id !== undefined) {
        const refs = written.map((d) => ({ collection: d.collection, id: d.id }))
        await logIntent(tx, session.customerId, request.id, { written: refs })
      }
      return { status: 'applied' } as const
    }),
  )
  if (result.status === 'refused') return answerLogged(result.refused)
  if (result.status === 'conflict') return result
  if (result.status === 'applied') {
    announce(services, session.customerId, written)
    return { status: 'applied', documents: lastVersions(written) }
  }
  // A retry: answer with the current state of what the first attempt wrote.
  const documents: StoredDocument[] = []
  for (const ref of result.refs) {
    const rules = rulesFor(ref.collection as never)
    const found = await getDocuments(services.db, session.customerId, rules.collection, [ref.id])
    documents.push(...found)
  }
  return { status: 'applied', documents }
}

/**
 * Every pushed action gets exactly one verdict: a refusal is logged like an application (in its own
 * transaction, since the refused one rolled back), so a retry or a replay of the same id is answered
 * the same way even if the world changed in between.
 */
async function applyOnce<R>(
  services: Services,
  session: Session,
  id: string | undefined,
  attempt: () => Promise<R>,
): Promise<R> {
  try {
    return await attempt()
  } catch (err) {
    if (id !== undefined && err instanceof DomainError && err.code !== 'UNAUTHORIZED') {
      const refused: LoggedRefusal = {
        status: 'rejected',
        error: {
          status: err.status,
          code: err.code,
          message: err.message,
          ...(err.details ? { details: err.details } : {}),
        },
      }
      await logIntent(services.db, session.customerId, id, { refused })
    }
    throw err
  }
}

/** A logged verdict, answered again as it was first given. */
function answerLogged(refused: LoggedRefusal): IntentResult {
  if (refused.status === 'conflict') return { status: 'conflict', conflicts: refused.conflicts }
  const { status, code, message, details } = refused.error
  throw new DomainError(status as DomainError['status'], code as DomainError['code'], message, details)
}

async function writeChange(ctx: WriteContext, change: DocumentChange): Promise<void> {
  const previous = await getDocument(ctx.tx, ctx.session.customerId, change.collection, change.id)
  const live = previous && isVisibleIn(previous, ctx.session) ? previous : undefined
  if (previous && !previous.deleted && !live)
    throw new DomainError(404, 'NOT_FOUND', Messages.server.notFound)
  const rules = rulesFor(change.collection)
  await writeWithRules(ctx, rules, change.id, live, change.kind === 'put' ? change.data : undefined)
}

/** One entry per document: a document written twice by one action is answered in its last version. */
function lastVersions(written: ReadonlyArray<StoredDocument>): ReadonlyArray<StoredDocument> {
  const last = new Map<string, StoredDocument>()
  for (const d of written) last.set(`${d.collection}/${d.id}`, d)
  return [...last.values()]
}
