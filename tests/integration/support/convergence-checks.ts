import type { SyncIssue } from '../../../client/db/storage/device-db'
import type { CollectionName } from '../../../shared/sync/collections'
import { deepEqual, entityFields } from '../../../shared/sync/deep-equal'
import { idOf, show, type Answered, type ServerState } from './convergence-exchanges'
import type { ClientDump, RunResult } from './convergence-protocol'
import type { IntentOutcome } from '../../../shared/sync/intent-protocol'

/**
 * The end-of-run checks of the convergence test. Each returns human-readable failures (empty when
 * the property holds), so one run reports every broken property at once.
 */
const live = (server: ServerState, collection: CollectionName) =>
  new Map(server[collection].filter((d) => d._deleted !== true).map((d) => [idOf(collection, d), d]))

/** Every client holds exactly the server's live documents: entity fields and revision. */
export function compareWithServer(client: string, dump: ClientDump, server: ServerState): string[] {
  const failures: string[] = []
  for (const [name, localDocs] of Object.entries(dump.collections)) {
    const collection = name as CollectionName
    const theirs = live(server, collection)
    const mine = new Map((localDocs ?? []).map((d) => [idOf(collection, d), d]))
    for (const [id, doc] of mine) {
      const master = theirs.get(id)
      if (!master) {
        failures.push(`${client} ${collection}/${id} exists locally, not on the server`)
        continue
      }
      const a = { ...entityFields(doc), revision: doc.revision }
      const b = { ...entityFields(master), revision: master.revision }
      delete (b as Record<string, unknown>)._deleted
      if (!deepEqual(a, b))
        failures.push(`${client} ${collection}/${id} differs: local ${show(a)} server ${show(b)}`)
    }
    for (const id of theirs.keys())
      if (!mine.has(id)) failures.push(`${client} ${collection}/${id} is missing locally`)
  }
  return failures
}

type Refusal = Exclude<IntentOutcome, { status: 'applied' }>

/**
 * No action is silently lost: every action the user saved on a device was applied by the server, or
 * is in that device's sync issues as a rejection or a conflict (with the server's message), never
 * both; every issue stems from an action; every issue was announced.
 */
export function checkActions(
  client: string,
  made: ReadonlyArray<RunResult>,
  answered: ReadonlyMap<string, Answered>,
  dump: ClientDump,
  announced: number,
  reapplied: ReadonlyArray<RunResult>,
): string[] {
  const failures: string[] = []
  const unmatched: SyncIssue[] = [...dump.issues]
  // Conflict records the user re-applied are gone on purpose: their actions ran again as new ones.
  const reappliedAway = reapplied.filter((r) => r.issueRemoved)
  // An issue keeps the action's name and arguments, not its id, and a long run makes the same
  // action (same arguments) many times with different outcomes: first every issue that records its
  // action's outcome is paired, then the rest, so two alike actions are not paired crosswise.
  const alike = (i: SyncIssue, action: RunResult) =>
    i.action.name === action.name && deepEqual(i.action.args, action.args)
  const refused: Array<{ action: RunResult; label: string; outcome: Refusal }> = []
  for (const action of made) {
    const answer = answered.get(action.actionId!)
    const label = `${client} ${action.name} ${show(action.args)}`
    if (!answer) failures.push(`${label} was never answered by the server`)
    else if (answer.outcome.status !== 'applied') refused.push({ action, label, outcome: answer.outcome })
  }
  const unpaired = refused.filter(({ action, outcome }) => {
    const kind = outcome.status === 'conflict' ? 'conflict' : 'rejection'
    const at = unmatched.findIndex(
      (i) => alike(i, action) && i.kind === kind && i.rejection.message === outcome.rejection.message,
    )
    if (at >= 0) unmatched.splice(at, 1)
    return at < 0
  })
  for (const { action, label, outcome } of unpaired) {
    const at = unmatched.findIndex((i) => alike(i, action))
    if (at < 0) {
      const away = reappliedAway.findIndex((r) => r.name === action.name && deepEqual(r.args, action.args))
      if (outcome.status === 'conflict' && away >= 0) {
        reappliedAway.splice(away, 1)
        continue
      }
      failures.push(`${label}: ${outcome.status} (${outcome.rejection.message}) but no sync issue records it`)
      continue
    }
    const issue = unmatched[at]!
    failures.push(
      `${label}: recorded as ${issue.kind} "${issue.rejection.message}", answered ${show(outcome)}`,
    )
    unmatched.splice(at, 1)
  }
  for (const i of unmatched)
    failures.push(`${client} has a sync issue no refused action explains: ${i.action.description}`)
  const removed = reapplied.filter((r) => r.issueRemoved).length
  if (announced !== dump.issues.length + removed)
    failures.push(
      `${client} announced ${announced} issues, holds ${dump.issues.length}, re-applied ${removed}`,
    )
  return failures
}

/**
 * Acknowledged actions survive: each document an applied action wrote is on the server at that
 * revision with that content, or at a later revision (a later action changed it).
 */
export function checkAcknowledged(answers: ReadonlyArray<Answered>, server: ServerState): string[] {
  const failures: string[] = []
  const byId = new Map<string, ReadonlyMap<string, Readonly<Record<string, unknown>>>>()
  const docs = (c: CollectionName) => {
    let m = byId.get(c)
    if (!m) byId.set(c, (m = new Map(server[c].map((d) => [idOf(c, d), d]))))
    return m
  }
  for (const { client, intent, outcome } of answers) {
    if (outcome.status !== 'applied') continue
    for (const written of outcome.documents) {
      const id = idOf(written.collection, written.document)
      const master = docs(written.collection).get(id)
      const label = `${client} ${intent.name}: ${written.collection}/${id}`
      if (!master) failures.push(`${label} was acknowledged but is not on the server`)
      else if (Number(master.revision) < Number(written.document.revision))
        failures.push(`${label} went back from revision ${written.document.revision} to ${master.revision}`)
      else if (
        Number(master.revision) === Number(written.document.revision) &&
        !deepEqual(entityFields(master), entityFields(written.document))
      )
        failures.push(`${label} at revision ${master.revision}: ${show(master)} is not what was acknowledged`)
    }
  }
  return failures
}

/**
 * No part of an action is applied without the rest. In each applied answer: a monitor created with
 * rules was written with its rules document, a deactivated line was written with no active monitor
 * (its monitors stopped in the same transaction). On the server at the end: a created monitor exists
 * iff its rules do, no monitor is active on an inactive line, each line's `activeMonitorsCount`
 * is its number of active monitors, and no signal links to one whose entity type no longer fits.
 */
export function checkAtomicity(
  answers: ReadonlyArray<Answered>,
  server: ServerState,
  created: ReadonlyArray<string>,
  /** Gateway mode: the authority's ids of documents created under a device's id. */
  replacedIds: ReadonlyMap<string, string> = new Map(),
): string[] {
  const failures: string[] = []
  for (const { client, intent, outcome } of answers) {
    // An answer from the server's log shows the documents as they are now, not as the action wrote
    // them (a gateway answers a retry of an action it applied before the authority stopped answering).
    if (outcome.status !== 'applied' || outcome.fromLog) continue
    const args = intent.args as Record<string, unknown>
    const wrote = (c: CollectionName, id: string) =>
      outcome.documents.find((d) => d.collection === c && idOf(c, d.document) === id)?.document
    if (intent.name === 'createMonitor') {
      const minted = String((args.monitor as Record<string, unknown>).monitor_uuid)
      const id = replacedIds.get(minted) ?? minted
      const monitor = wrote('monitors', id)
      const rules = wrote('monitorRules', id)
      // A retried create of the same monitor changes nothing and writes nothing.
      if (outcome.documents.length > 0 && (!monitor || !rules))
        failures.push(
          `${client} createMonitor ${id} was applied with ${monitor ? 'no rules' : 'rules but no monitor'}`,
        )
    }
    if (intent.name === 'setLineActive' && args.active === false) {
      const line = wrote('lines', String(args.lineId))
      const running = outcome.documents.filter(
        (d) => d.collection === 'monitors' && d.document.active === true,
      )
      if (line && (line.activeMonitorsCount !== 0 || running.length > 0))
        failures.push(
          `${client} deactivated ${String(args.lineId)} but left monitors running: ${show(outcome)}`,
        )
    }
  }
  const monitors = live(server, 'monitors')
  const rules = live(server, 'monitorRules')
  for (const id of new Set(created))
    if (monitors.has(id) !== rules.has(id))
      failures.push(`created monitor ${id}: monitor ${monitors.has(id)}, rules ${rules.has(id)}`)
  for (const [lineId, line] of live(server, 'lines')) {
    const ofLine = [...monitors.values()].filter(
      (m) => (m.monitor_filter as { line_uuid: string }).line_uuid === lineId,
    )
    const active = ofLine.filter((m) => m.active === true)
    if (line.active !== true && active.length > 0)
      failures.push(
        `inactive line ${lineId} has active monitors ${active.map((m) => m.monitor_uuid).join(', ')}`,
      )
    if (line.activeMonitorsCount !== active.length)
      failures.push(
        `line ${lineId} counts ${String(line.activeMonitorsCount)} active monitors, has ${active.length}`,
      )
  }
  // An entity-type change is applied with the dissociations it causes: no link points at a signal
  // whose type no longer fits it.
  const signals = live(server, 'signals')
  const typeOf = (id: unknown) => (typeof id === 'string' ? signals.get(id)?.entityType : undefined)
  for (const [id, signal] of signals) {
    if (signal.upperLimit && typeOf(signal.upperLimit) !== 'UPPER_LIMIT')
      failures.push(
        `signal ${id} keeps upper limit ${String(signal.upperLimit)} of type ${String(typeOf(signal.upperLimit))}`,
      )
    if (signal.lowerLimit && typeOf(signal.lowerLimit) !== 'LOWER_LIMIT')
      failures.push(
        `signal ${id} keeps lower limit ${String(signal.lowerLimit)} of type ${String(typeOf(signal.lowerLimit))}`,
      )
    for (const r of (signal.result as string[] | undefined) ?? [])
      if (typeOf(r) !== 'RESULT') failures.push(`signal ${id} keeps result ${r} of type ${String(typeOf(r))}`)
  }
  return failures
}
