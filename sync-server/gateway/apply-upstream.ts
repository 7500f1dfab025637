import { randomUUID } from 'node:crypto'
import { DocSet, type LoadedDocument } from '../../shared/intents/doc-set'
import { IntentRejected, type DocumentRef } from '../../shared/intents/intent'
import { runIntent, type IntentRun } from '../../shared/intents/run'
import type { IntentName } from '../../shared/intents'
import { findConflicts } from '../../shared/sync/conflicts'
import { PRIMARY_KEYS, type CollectionName } from '../../shared/sync/collections'
import type { BaseValue } from '../../shared/sync/intent-protocol'
import { replaceStrings, stringsIn } from '../../shared/sync/replace-ids'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import {
  answerLogged,
  prepareIntent,
  reusedKey,
  withFingerprint,
  type Prepared,
} from '../domain/apply-intent'
import { AuthorityMalformed, AuthorityUnavailable, DomainError } from '../domain/domain-error'
import type { IntentRequest, IntentVerdict } from '../domain/intent-verdict'
import type { PreparedIntent } from '../domain/intent-step'
import type { Services } from '../domain/services'
import { DocumentCache } from '../store/document-cache'
import type { Executor, StoredDocument } from '../store/documents'
import { changeSetBookkeeping, type BookkeepingRead } from '../store/gateway-bookkeeping'
import { recordReplacedIds } from '../store/gateway-ids'
import { forgetJudgedInput, type StepRow } from '../store/gateway-steps'
import { loadReads, logIntents, type LoggedIntent } from '../store/intent-store'
import type { AuthorityClient } from './authority-client'
import { AuthorityUnauthorized } from './authority-client'
import { readUnit, type RefreshUnit } from './authority-reads'
import { refusalVerdict } from './refusals'
import { planFor } from './plans'
import { applied, ReadBacks } from './read-backs'
import { isPlainAnswer, mergeSnapshots, reconcile, type Snapshot } from './replica'
import type { GatewaySessions } from './sessions'
import { runSteps } from './step-runner'
import { isJudgedInput, recording, replaying, type JudgedInput } from './judged-input'
import type { KeyedQueue } from './keyed-queue'
import { unitsTouched } from './touched'

/**
 * The gateway's write path (docs/gateway.md): what apply-intent.ts is for the embedded mode. A change
 * set's actions run one after the other, in the customer's queue; per action:
 *
 * 1. the name, the role and the arguments are judged as in the embedded mode (prepareIntent), and a
 *    retry is answered from the intent log (read, with the replica's documents the actions read, in
 *    one statement: prefetch);
 * 2. device ids the authority replaced are swapped for the authority's;
 * 3. the documents the user edited are read from the authority first (a pushed action with base
 *    values, or a REST call), so conflicts are judged on the authority's current values;
 * 4. the shared intent runs on the replica: its rules refuse what the device's would, the shared
 *    conflict policy holds the action back when a field the user edited moved, and its changes (with
 *    their cascades) tell the plan what to send and what to read back;
 * 5. the plan's calls run with the step log (step-runner.ts); a refusal keeps the authority's meaning;
 * 6. what the action touched is read back into the replica, and the verdict is logged — for most
 *    actions (their call's answers are the read-back) together with the set's others, in one
 *    transaction before the set is answered (read-backs.ts).
 *
 * The authority unreachable anywhere in this: AuthorityUnavailable goes up and the whole push is
 * answered 503; what was done is in the logs, so the retry goes on from there. No database
 * transaction is open during any call to the authority.
 */
export interface UpstreamContext {
  readonly services: Services
  readonly client: AuthorityClient
  readonly sessions: GatewaySessions
  readonly queue: KeyedQueue
}

export async function applyUpstream(
  ctx: UpstreamContext,
  session: Session,
  requests: ReadonlyArray<IntentRequest>,
): Promise<ReadonlyArray<IntentVerdict>> {
  const cookie = ctx.sessions.cookieOf(session)
  return ctx.queue.run(session.customerId, async () => {
    // Judged as in the embedded mode, the whole set first (no database, no authority).
    const prepared = requests.map((r) => prepareIntent(ctx.services, session, r))
    // An action's verdict, or (its read-back kept for the set's one write, read-backs.ts) how to read it.
    const decided: Array<IntentVerdict | (() => IntentVerdict)> = []
    const answers = () => decided.map((d) => (typeof d === 'function' ? d() : d))
    let kept: Bookkeeping | undefined
    try {
      kept = await prefetch(ctx, session, prepared)
      for (const p of prepared) decided.push(await applyOne(ctx, session, cookie, p, kept))
      await kept.readBacks.flush()
    } catch (err) {
      // The actions decided before the authority stopped answering are answered; the rest wait.
      const notYet = err instanceof AuthorityUnavailable || err instanceof AuthorityMalformed
      if (notYet && decided.length > 0) {
        await kept?.readBacks.flush()
        return answers()
      }
      // Whatever ends the push, what the authority already applied keeps its verdict, as when each
      // action wrote its own: a retry is answered from the log. (A failing database fails this
      // too; the retry then finds the authority's values already set.)
      await kept?.readBacks.flush().catch((failed: unknown) => {
        console.error('gateway: verdicts of applied actions not logged', failed)
      })
      if (err instanceof AuthorityUnauthorized) {
        // The authority ended this user's session: so does the gateway, and the device asks again.
        await ctx.sessions.ended(cookie)
        throw new DomainError(401, 'UNAUTHORIZED', Messages.server.unauthorized)
      }
      throw err
    }
    return answers()
  })
}

/**
 * What a change set's actions need from the gateway's own bookkeeping, read once for the whole set:
 * the verdicts already logged, the steps of actions under way, the ids replaced. Each action adds to
 * it what it does, so a later action of the same set sees it (a monitor created, then switched).
 */
interface Bookkeeping {
  readonly logged: Map<string, LoggedIntent>
  readonly steps: ReadonlyMap<string, ReadonlyArray<StepRow>>
  readonly swaps: Map<string, string>
  /**
   * The replica as this change set reads it: each document read once for all its actions (the
   * edited line, the actor's plant, a line's monitors). Valid because the set runs in the customer's
   * queue, where every write to the replica is made (reconcile), and each write is told to it.
   * Writes compare under the lock against the database itself, never against this.
   */
  readonly replica: DocumentCache
  /** Applied actions' read-backs, written together (read-backs.ts). */
  readonly readBacks: ReadBacks
}

/**
 * The bookkeeping, and what the actions will read of the replica (readsAhead), in one statement;
 * the replica's part goes into the change set's cache, as if each action had read it.
 */
async function prefetch(
  ctx: UpstreamContext,
  session: Session,
  prepared: ReadonlyArray<Prepared>,
): Promise<Bookkeeping> {
  const { db } = ctx.services
  const requests = prepared.map((p) => p.request)
  const ids = requests.flatMap((r) => (r.id === undefined ? [] : [r.id]))
  const candidates = [...stringsIn(requests.map((r) => [r.args, r.base ?? []]))]
  const reads = readsAhead(session, prepared)
  const { documents, ...kept } = await changeSetBookkeeping(db, session.customerId, ids, candidates, reads)
  // The database is written before the cache reads it: what the cache was told and the database not yet.
  const replica = new DocumentCache(db, session.customerId, () => readBacks.flush())
  const readBacks: ReadBacks = new ReadBacks(
    ctx.services,
    session,
    () => replica,
    (id, entry) => kept.logged.set(id, entry),
  )
  reads.forEach((read, i) => {
    if ('ids' in read) replica.knowIds(read.collection, read.ids, documents[i]!)
    else replica.knowList(read.collection, read.list, documents[i]!)
  })
  return { ...kept, replica, readBacks }
}

/**
 * The replica's documents the actions' intents read first (their `reads`, as loadReads asks the
 * cache for them): by id (one read per collection), and lists narrowed by a field (a line's
 * monitors; each list once). Not whole collections nor a line's signals or limits (thousands of
 * rows, read as the action asks for them), at most READ_AHEAD_IDS ids and READ_AHEAD_LISTS lists:
 * this is for the few documents a typical action reads.
 */
function readsAhead(session: Session, prepared: ReadonlyArray<Prepared>): ReadonlyArray<BookkeepingRead> {
  const ids = new Map<CollectionName, Set<string>>()
  const lists = new Map<string, BookkeepingRead>()
  let idCount = 0
  for (const p of prepared) {
    if (!('intent' in p)) continue
    const { definition, args, env } = p.intent
    for (const read of definition.reads(args, env)) {
      if ('ids' in read && idCount + read.ids.length <= READ_AHEAD_IDS) {
        idCount += read.ids.length
        const held = ids.get(read.collection) ?? new Set<string>()
        for (const id of read.ids) held.add(id)
        ids.set(read.collection, held)
      } else if ('where' in read && !LINE_SCOPED.has(read.collection) && lists.size < READ_AHEAD_LISTS) {
        const list = { plantId: session.plantId, fields: read.where }
        lists.set(JSON.stringify([read.collection, read.where]), { collection: read.collection, list })
      }
    }
  }
  const byId = [...ids].filter(([, held]) => held.size > 0)
  return [...byId.map(([collection, held]) => ({ collection, ids: [...held] })), ...lists.values()]
}

/** Far below PostgreSQL's 100 arguments of a function (the statement's json_build_array). */
const READ_AHEAD_LISTS = 50
const READ_AHEAD_IDS = 500

/** Whether an action is judged on the authority's current values: it edits, and carries base values or is a REST call. */
const readsFirst = (request: IntentRequest, intent: PreparedIntent): boolean =>
  intent.definition.edits(intent.args).length > 0 && (request.base === undefined || request.base.length > 0)

async function applyOne(
  ctx: UpstreamContext,
  session: Session,
  cookie: string,
  prepared: Prepared,
  kept: Bookkeeping,
): Promise<IntentVerdict | (() => IntentVerdict)> {
  const { db } = ctx.services
  const { request } = prepared
  // An action answered earlier gets that answer, even one this gateway would now refuse before
  // anything else (its version moved on, the user's role changed), as in the embedded mode. Its
  // documents are read from the database: what the set's earlier actions wrote goes there first.
  // (One kept earlier in this set is logged only once written.)
  if (request.id !== undefined && (kept.logged.has(request.id) || kept.readBacks.holds(request.id))) {
    await kept.readBacks.flush()
    const logged = kept.logged.get(request.id)!
    return reusedKey(logged, request) ?? answerLogged(db, session, logged)
  }
  if ('refusal' in prepared) return { status: 'rejected', error: prepared.refusal }
  const { intent, swapped } = translated(prepared.intent, kept.swaps)
  const actionId = request.id ?? `rest:${randomUUID()}`
  // Whether this action's first call keeps what it was judged on (set once its plan is known).
  const stored = { input: false }
  // The verdict into the intent log: on its own, or (`ex`) in the transaction that wrote the read-back.
  const record = async (ex: Executor, entry: LoggedIntent) => {
    if (request.id === undefined) return
    const result = withFingerprint(entry, request)
    await logIntents(ex, session.customerId, [{ intentId: request.id, result }])
    kept.logged.set(request.id, result)
  }
  const settle = async (verdict: IntentVerdict): Promise<IntentVerdict> => {
    if (stored.input) await forgetJudgedInput(db, session.customerId, actionId)
    return verdict
  }
  const log = async (verdict: IntentVerdict, entry: LoggedIntent): Promise<IntentVerdict> => {
    await record(db, entry)
    return settle(verdict)
  }

  // An action already under way (its first call is in the step log) resumes as it was judged.
  const underWay = request.id === undefined ? [] : (kept.steps.get(request.id) ?? [])
  const judged = underWay[0]?.input
  let run: IntentRun
  let input: JudgedInput
  if (isJudgedInput(judged)) {
    run = await runIntent(
      intent.definition,
      intent.args,
      { ...intent.env, now: judged.now },
      replaying(judged.loaded),
    )
    input = judged
  } else {
    if (readsFirst(request, intent)) {
      const units = await unitsOfRefs(kept.replica, intent.definition.edits(intent.args))
      await readIntoReplica(ctx, session, cookie, units, kept)
    }
    const ran = await runOnReplica(kept.replica, session, intent)
    if (ran instanceof DomainError) return log({ status: 'rejected', error: ran }, refusedEntry(ran))
    run = ran.run
    input = { loaded: ran.loaded, now: intent.env.now }
    const conflicts = findConflicts(
      intent.base,
      run.changes,
      (collection, id, field) =>
        (run.docs.before(collection, id) as Record<string, unknown> | undefined)?.[field],
    )
    if (conflicts.length > 0)
      return log({ status: 'conflict', conflicts }, { refused: { status: 'conflict', conflicts } })
  }

  const plan = planFor(intent.name as IntentName)({ args: intent.args, run, session })
  // Kept only where judging again would differ (judged-input.ts): a plan that creates something.
  stored.input = plan.steps.some((step) => step.creates)
  const outcome = await runSteps(
    {
      db,
      client: ctx.client,
      cookie,
      customerId: session.customerId,
      userId: session.userId,
      plantId: session.plantId,
      actionId,
    },
    plan.steps,
    stored.input ? input : undefined,
    underWay,
  )
  if (outcome.status === 'refused') {
    await kept.readBacks.flush()
    const readBack = (unit: RefreshUnit) => readIntoReplica(ctx, session, cookie, [unit], kept)
    const error = await refusalVerdict(outcome.refusal, readBack, db, session)
    return log({ status: 'rejected', error }, refusedEntry(error))
  }

  const refresh = plan.refresh(outcome.results)
  const replaced = plan.replaced?.(outcome.results) ?? []
  await recordReplacedIds(db, session.customerId, replaced)
  for (const r of replaced) kept.swaps.set(r.from, r.to)
  // Answers an earlier attempt got are history by now (another action may have changed the same
  // line since): what they named is read from the authority again instead.
  const known = outcome.replayed ? [] : refresh.known
  const read = outcome.replayed
    ? [...refresh.read, ...(await unitsOfRefs(kept.replica, refsOf(refresh.known)))]
    : refresh.read
  const swap = new Map(replaced.map((r) => [r.from, r.to]))
  const changed = new Set(run.changes.map((c) => `${c.collection}/${swap.get(c.id) ?? c.id}`))
  // The device learns every replaced id its action named, also those swapped in before it ran (an
  // earlier attempt of this action, or the action that created the document, recorded them).
  const replacedIds = {
    ...Object.fromEntries(swapped),
    ...Object.fromEntries(replaced.map((r) => [r.from, r.to])),
  }
  const anyReplaced = Object.keys(replacedIds).length > 0
  // The common case — the call's answers are the read-back, nothing created, nothing read again —
  // is written with the set's other read-backs, in one transaction (read-backs.ts).
  const answers = mergeSnapshots(known)
  if (!stored.input && !anyReplaced && read.length === 0 && isPlainAnswer(answers))
    return kept.readBacks.add(request, answers.documents, changed)
  let verdict: IntentVerdict | undefined
  // The verdict is logged with the read-back it answers with (one transaction, one commit).
  await writeRefresh(ctx, session, cookie, known, read, kept, async (ex, current) => {
    const documents = current.filter((d) => d.written || changed.has(`${d.doc.collection}/${d.doc.id}`))
    const answer = applied(lastVersions(documents.map((d) => d.doc)), replacedIds)
    verdict = answer.verdict
    await record(ex, answer.entry)
  })
  return settle(verdict!)
}

/** The action with the authority's ids in place of device ids it replaced, and those it swapped. */
function translated(
  prepared: PreparedIntent,
  replaced: ReadonlyMap<string, string>,
): { readonly intent: PreparedIntent; readonly swapped: ReadonlyMap<string, string> } {
  const named = stringsIn([prepared.args, prepared.base])
  const swapped = new Map([...replaced].filter(([from]) => named.has(from)))
  if (swapped.size === 0) return { intent: prepared, swapped }
  const intent = {
    ...prepared,
    args: replaceStrings(prepared.args, swapped),
    base: replaceStrings(prepared.base, swapped) as ReadonlyArray<BaseValue>,
  }
  return { intent, swapped }
}

/** Runs the intent's one pure function on the replica (and keeps what it loaded); a rule's refusal as a DomainError. */
async function runOnReplica(
  replica: DocumentCache,
  session: Session,
  intent: PreparedIntent,
): Promise<{ readonly run: IntentRun; readonly loaded: ReadonlyArray<LoadedDocument> } | DomainError> {
  // Reads only, outside a transaction: nothing is written until the authority has the action.
  return judgedBy(async () => {
    const { loader, loaded } = recording((reads) => loadReads(session, reads, replica))
    const run = await runIntent(intent.definition, intent.args, intent.env, loader)
    return { run, loaded }
  })
}

/** Runs `fn`, answering a rule's refusal as a DomainError value; anything else propagates. */
async function judgedBy<R>(fn: () => Promise<R>): Promise<R | DomainError> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof IntentRejected) return new DomainError(err.status, err.code, err.message, err.details)
    // A rule's refusal is a verdict; a lost session or the authority failing (5xx) is not.
    if (err instanceof DomainError && err.code !== 'UNAUTHORIZED' && err.status < 500) return err
    throw err
  }
}

/** The parts of the plant that hold the edited documents, found through the replica. */
async function unitsOfRefs(
  replica: DocumentCache,
  refs: ReadonlyArray<DocumentRef>,
): Promise<ReadonlyArray<RefreshUnit>> {
  const held: Array<{ collection: DocumentRef['collection']; id: string; data: Record<string, unknown> }> = []
  for (const collection of new Set(refs.map((r) => r.collection))) {
    const ids = refs.filter((r) => r.collection === collection).map((r) => r.id)
    for (const d of await replica.get(collection, ids))
      if (!d.deleted)
        held.push({ collection, id: d.id, data: { ...d.data, [PRIMARY_KEYS[collection]]: d.id } })
  }
  // A line's document the replica does not hold yet cannot be found on the authority by its line:
  // it is not read ahead, and the authority judges the action on its own data.
  const known = new Set(held.map((d) => `${d.collection}/${d.id}`))
  const docs = new DocSet(held)
  return unitsTouched(
    refs.filter((r) => known.has(`${r.collection}/${r.id}`) || !LINE_SCOPED.has(r.collection)),
    docs,
  )
}

const LINE_SCOPED: ReadonlySet<string> = new Set(['stations', 'signals', 'signalGroups', 'signalLimits'])

const refsOf = (snapshots: ReadonlyArray<Snapshot>): ReadonlyArray<DocumentRef> =>
  snapshots.flatMap((s) => [
    ...s.documents.map((d) => ({ collection: d.collection, id: d.id })),
    ...s.gone.map((g) => ({ collection: g.collection, id: g.id })),
  ])

/** Reads parts of the plant from the authority into the replica. */
async function readIntoReplica(
  ctx: UpstreamContext,
  session: Session,
  cookie: string,
  units: ReadonlyArray<RefreshUnit>,
  kept: Pick<Bookkeeping, 'replica' | 'readBacks'>,
): Promise<void> {
  await writeRefresh(ctx, session, cookie, [], units, kept)
}

type Refreshed = ReadonlyArray<{ readonly doc: StoredDocument; readonly written: boolean }>

/**
 * Writes the answers' documents and what the units read, in one transaction, with what `alongside`
 * writes given the current versions (in that transaction; on its own when nothing is written).
 */
async function writeRefresh(
  ctx: UpstreamContext,
  session: Session,
  cookie: string,
  known: ReadonlyArray<Snapshot>,
  units: ReadonlyArray<RefreshUnit>,
  { replica, readBacks }: Pick<Bookkeeping, 'replica' | 'readBacks'>,
  alongside?: (ex: Executor, current: Refreshed) => Promise<void>,
): Promise<void> {
  const read: Snapshot[] = []
  for (const unit of units) {
    const snapshot = await readUnit({ client: ctx.client, cookie, session }, unit)
    if (snapshot !== 'unchanged') read.push(snapshot)
  }
  const all = mergeSnapshots([...known, ...read])
  // An action's own read-back answers with stored versions: the set's kept read-backs are written
  // first, so none of them is answered as the cache holds it (data, no revision yet).
  if (alongside) await readBacks.flush()
  if (all.documents.length === 0 && all.gone.length === 0 && all.covers.length === 0) {
    await alongside?.(ctx.services.db, [])
    return
  }
  await reconcile(ctx.services, session, all, {
    expectChanges: known.length > 0,
    cache: replica,
    // The set's kept read-backs are older than this read: written first, so this one stands.
    beforeWrite: () => readBacks.flush(),
    ...(alongside
      ? {
          alongside: (ex, current, written) => {
            const wrote = new Set(written.map((d) => `${d.collection}/${d.id}`))
            const marked = current.map((doc) => ({ doc, written: wrote.has(`${doc.collection}/${doc.id}`) }))
            return alongside(ex, marked)
          },
        }
      : {}),
  })
}

const refusedEntry = (error: DomainError): LoggedIntent => ({
  refused: {
    status: 'rejected',
    error: {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    },
  },
})

function lastVersions(docs: ReadonlyArray<StoredDocument>): ReadonlyArray<StoredDocument> {
  const last = new Map<string, StoredDocument>()
  for (const d of docs) last.set(`${d.collection}/${d.id}`, d)
  return [...last.values()]
}
