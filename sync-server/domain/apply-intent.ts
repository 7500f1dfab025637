import { isIntentName, intentNamed, upgradeAction, type IntentName } from '../../shared/intents'
import { mayRun, type IntentDefinition } from '../../shared/intents/intent'
import type { CollectionName } from '../../shared/sync/collections'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { decodeInput } from './decode'
import { getDocuments, writeTransaction, type Executor, type StoredDocument } from '../store/documents'
import { DocumentCache } from '../store/document-cache'
import { findLoggedIntents, logIntents, type LoggedIntent } from '../store/intent-store'
import type { Transaction } from 'kysely'
import type { Tables } from '../store/tables'
import { announce } from './apply-change'
import { DomainError, badRequest, forbidden } from './domain-error'
import {
  applyStep,
  UnguardedRefusal,
  type PreparedIntent,
  type SavepointGuard,
  type StepVerdict,
} from './intent-step'
import { runAfterCommit } from './intent-effects'
import { rulesFor } from './registry'
import type { IntentRequest, IntentResult, IntentVerdict } from './intent-verdict'
import type { Services } from './services'

export type { IntentRequest, IntentResult, IntentVerdict }

/**
 * The server's half of every user action: REST calls and pushed change sets both come here. Runs
 * each named intent's one pure function (shared/intents) on the documents it reads and writes every
 * change it makes through the collection's storage rules (intent-step.ts).
 *
 * A change set is applied in ONE transaction holding the customer's write lock: one begin, lock and
 * commit, one read and one write of the intent log for the whole set, and one change-bus notice per
 * collection after the commit — instead of all of that per intent. Per intent, nothing changes:
 * intents run in the order sent and each sees the writes of those before it; each gets its own
 * verdict (applied, rejected, conflict), and a refused one undoes only its own writes (a savepoint,
 * intent-step.ts); a pushed intent carries an id, and a retry of it — in a later push or twice in
 * one — is answered from the log, never applied twice, even if the world changed in between (a
 * refusal is logged like an application). Nothing is answered before the commit, so an acknowledged
 * write is never lost; a failure that is not a rule's verdict (the database going away) rolls the
 * whole set back and the device retries it. A pushed action conflicts (OFF-05), changing nothing,
 * when the server's value of a field its user edited moved since they saw it.
 */
/** Applies one intent (a REST call); throws DomainError when a rule refuses it (nothing is written then). */
export async function applyIntent(
  services: Services,
  session: Session,
  request: IntentRequest,
): Promise<IntentResult> {
  const [verdict] = await applyIntents(services, session, [request])
  if (verdict!.status === 'rejected') throw verdict!.error
  return verdict!
}

/** Applies a change set in order, one verdict per intent (see the module comment). */
export async function applyIntents(
  services: Services,
  session: Session,
  requests: ReadonlyArray<IntentRequest>,
): Promise<ReadonlyArray<IntentVerdict>> {
  // In front of an authority we do not own, its REST services decide (sync-server/gateway/).
  if (services.gateway) return services.gateway.applyIntents(session, requests)
  const prepared = requests.map((r) => prepareIntent(services, session, r))
  const verdicts = await applyPrepared(services, session, prepared)
  const write = {
    services,
    session,
    apply: <A>(definition: IntentDefinition<A>, args: A) =>
      applyServerIntent(services, session, definition, args),
  }
  prepared.forEach((p, i) => {
    const verdict = verdicts[i]!
    if ('intent' in p && verdict.status === 'applied' && !verdict.fromLog)
      runAfterCommit(write, p.intent.name, verdict.documents)
  })
  return verdicts
}

/**
 * A write the server makes on its own, not a user's action (a connection test's result): the same
 * write path, for an intent no device can push (it is not in shared/intents) and that is not logged.
 */
export async function applyServerIntent<A>(
  services: Services,
  session: Session,
  definition: IntentDefinition<A>,
  args: A,
): Promise<IntentVerdict> {
  const env = envOf(services, session)
  const intent = {
    name: definition.name,
    definition: definition as IntentDefinition<unknown>,
    args,
    env,
    base: [],
  }
  const [verdict] = await applyPrepared(services, session, [
    { request: { name: definition.name, args }, intent },
  ])
  return verdict!
}

/** One transaction for the set (redone with a savepoint per intent if need be), then the change notices. */
async function applyPrepared(
  services: Services,
  session: Session,
  prepared: ReadonlyArray<Prepared>,
): Promise<ReadonlyArray<IntentVerdict>> {
  const run = (guard: SavepointGuard) =>
    writeTransaction(services.db, session.customerId, (tx) =>
      applyAll(services, session, tx, prepared, guard),
    )
  const { verdicts, written } = await run('when-needed').catch((err: unknown) => {
    if (err instanceof UnguardedRefusal) return run('always')
    throw err
  })
  announce(services, session.customerId, written)
  return verdicts
}

export type Prepared = { readonly request: IntentRequest } & (
  { readonly intent: PreparedIntent } | { readonly refusal: DomainError }
)

/**
 * What can be judged without the database: the name, the role, the arguments' version and shape.
 * Never logged.
 */
export function prepareIntent(services: Services, session: Session, request: IntentRequest): Prepared {
  try {
    // The session's role is the stored user's as of this request (auth/session.ts): a demoted
    // administrator's pending users / data sources actions are refused here and kept as sync issues.
    if (isIntentName(request.name) && !mayRun(intentNamed(request.name), session))
      throw forbidden(Messages.server.forbidden)
    // An action of another app version: its arguments as this version takes them, or why not (a
    // name this version does not know is an action that no longer exists). No version is version 1
    // (devices send none for it), not this server's: once an intent moved on, an older device's
    // action goes through the upgrade steps too. Devices send what they stored as they stored it,
    // and this answer decides (both found by the soak, issue 28).
    const upgraded = upgradeAction(request.name, request.version, request.args)
    if (!upgraded.ok) throw badRequest(upgraded.reason)
    const definition = intentNamed(request.name as IntentName)
    const args = decodeInput(definition.args, upgraded.args)
    const env = envOf(services, session)
    return { request, intent: { name: request.name, definition, args, env, base: request.base ?? [] } }
  } catch (err) {
    if (err instanceof DomainError && err.code !== 'UNAUTHORIZED') return { request, refusal: err }
    throw err
  }
}

async function applyAll(
  services: Services,
  session: Session,
  tx: Transaction<Tables>,
  prepared: ReadonlyArray<Prepared>,
  guard: SavepointGuard,
): Promise<{ verdicts: IntentVerdict[]; written: StoredDocument[] }> {
  // Refusals too: an action answered earlier is answered from the log, even when this server would
  // now refuse it before reading anything — its version moved on, the user's role changed (a repeated
  // push of an applied action must not come back as a sync issue; found by the soak, issue 28).
  const ids = prepared.flatMap((p) => (p.request.id !== undefined ? [p.request.id] : []))
  const logged = await findLoggedIntents(tx, session.customerId, ids)
  const toLog: Array<{ intentId: string; result: LoggedIntent }> = []
  const verdicts: IntentVerdict[] = []
  const written: StoredDocument[] = []
  const cache = new DocumentCache(tx, session.customerId)
  // The documents the intents name by id, read in one query per collection instead of one per intent.
  await cache.prefetch(
    prepared.flatMap((p) => ('intent' in p && !logged.has(p.request.id ?? '') ? idReads(p.intent) : [])),
  )
  for (const p of prepared) {
    const id = p.request.id
    const earlier = id === undefined ? undefined : logged.get(id)
    if (earlier) {
      verdicts.push(reusedKey(earlier, p.request) ?? (await answerLogged(tx, session, earlier)))
      continue
    }
    if ('refusal' in p) {
      verdicts.push({ status: 'rejected', error: p.refusal })
      continue
    }
    const step = await applyStep(services, session, tx, p.intent, guard, cache)
    if (step.status === 'applied') written.push(...step.written)
    if (id !== undefined) {
      const entry = withFingerprint(logEntry(step), p.request)
      logged.set(id, entry)
      toLog.push({ intentId: id, result: entry })
    }
    verdicts.push(
      step.status === 'applied' ? { status: 'applied', documents: lastVersions(step.written) } : step,
    )
  }
  await logIntents(tx, session.customerId, toLog)
  return { verdicts, written }
}

/** An intent's first reads by id (`where` reads and follow-ups are read when it runs). */
function idReads(
  intent: PreparedIntent,
): ReadonlyArray<{ collection: CollectionName; ids: ReadonlyArray<string> }> {
  try {
    return intent.definition.reads(intent.args, intent.env).flatMap((r) => ('ids' in r ? [r] : []))
  } catch {
    // Reading ahead is only a saving: the intent meets the same error when it runs, and is judged then.
    return []
  }
}

/** Who acts, and the server's time: an intent's environment on this host. */
const envOf = (services: Services, session: Session) => ({
  actor: session,
  now: services.clock.now().toString(),
})

/** An Idempotency-Key sent again with another request: refused, never answered as the first. */
export function reusedKey(logged: LoggedIntent, request: IntentRequest): IntentVerdict | undefined {
  if (logged.fingerprint === undefined || request.fingerprint === undefined) return undefined
  if (logged.fingerprint === request.fingerprint) return undefined
  return {
    status: 'rejected',
    error: new DomainError(422, 'VALIDATION', Messages.server.idempotencyKeyReused),
  }
}

export const withFingerprint = (entry: LoggedIntent, request: IntentRequest): LoggedIntent =>
  request.fingerprint === undefined ? entry : { ...entry, fingerprint: request.fingerprint }

/** A verdict as the log keeps it: the documents written, by reference, or the refusal. */
function logEntry(step: StepVerdict): LoggedIntent {
  switch (step.status) {
    case 'applied':
      return { written: step.written.map((d) => ({ collection: d.collection, id: d.id })) }
    case 'conflict':
      return { refused: { status: 'conflict', conflicts: step.conflicts } }
    case 'rejected': {
      const { status, code, message, details } = step.error
      return {
        refused: { status: 'rejected', error: { status, code, message, ...(details ? { details } : {}) } },
      }
    }
  }
}

/** A logged verdict, answered again as it was first given; an application with its documents as they are now. */
export async function answerLogged(
  tx: Executor,
  session: Session,
  logged: LoggedIntent,
): Promise<IntentVerdict> {
  const refused = logged.refused
  if (refused?.status === 'conflict') return { status: 'conflict', conflicts: refused.conflicts }
  if (refused) {
    const { status, code, message, details } = refused.error
    const error = new DomainError(
      status as DomainError['status'],
      code as DomainError['code'],
      message,
      details,
    )
    return { status: 'rejected', error }
  }
  const documents: StoredDocument[] = []
  for (const ref of logged.written ?? []) {
    const rules = rulesFor(ref.collection as never)
    documents.push(...(await getDocuments(tx, session.customerId, rules.collection, [ref.id])))
  }
  return {
    status: 'applied',
    documents,
    fromLog: true,
    ...(logged.replacedIds ? { replacedIds: logged.replacedIds } : {}),
  }
}

/** One entry per document: a document written twice by one action is answered in its last version. */
function lastVersions(written: ReadonlyArray<StoredDocument>): ReadonlyArray<StoredDocument> {
  const last = new Map<string, StoredDocument>()
  for (const d of written) last.set(`${d.collection}/${d.id}`, d)
  return [...last.values()]
}
