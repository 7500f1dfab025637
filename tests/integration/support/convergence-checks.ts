import type { ConflictIssue, RejectionIssue } from '../../../client/db/device-db'
import type { CollectionName } from '../../../shared/sync/collections'
import { deepEqual, entityFields } from '../../../shared/sync/deep-equal'
import {
  editable,
  idOf,
  show,
  type Ack,
  type DeliveredRejection,
  type ServerState,
} from './convergence-exchanges'
import type { TypedValue } from './convergence-ledger'
import type { RejectionReasons } from './convergence-ops'
import type { ClientDump } from './convergence-protocol'

/**
 * The end-of-run checks of the convergence test on what the devices hold. Each returns human-readable
 * failures (empty when the property holds), so one run reports every broken property at once.
 */
/** Every client holds exactly the server's live documents: entity fields and revision. */
export function compareWithServer(client: string, dump: ClientDump, server: ServerState): string[] {
  const failures: string[] = []
  for (const [name, localDocs] of Object.entries(dump.collections)) {
    const collection = name as CollectionName
    const live = server[collection].filter((d) => d._deleted !== true)
    const theirs = new Map(live.map((d) => [idOf(collection, d), d]))
    const mine = new Map((localDocs ?? []).map((d) => [idOf(collection, d), d]))
    for (const [id, doc] of mine) {
      if (doc.pendingSince !== undefined) failures.push(`${client} ${collection}/${id} is still pending`)
      const master = theirs.get(id)
      if (!master) {
        failures.push(`${client} ${collection}/${id} exists locally, not on the server`)
        continue
      }
      const a = { ...entityFields(doc), revision: doc.revision }
      const b = { ...entityFields(master), revision: master.revision }
      delete (a as Record<string, unknown>).pendingSince
      delete (b as Record<string, unknown>)._deleted
      if (!deepEqual(a, b))
        failures.push(`${client} ${collection}/${id} differs: local ${show(a)} server ${show(b)}`)
    }
    for (const id of theirs.keys())
      if (!mine.has(id)) failures.push(`${client} ${collection}/${id} is missing locally`)
  }
  return failures
}

/** Each rejection the client received is in its device database once, with the server's message. */
export function checkRejectionRecords(
  client: string,
  delivered: ReadonlyArray<DeliveredRejection>,
  dump: ClientDump,
  reasons: RejectionReasons,
): string[] {
  const records = dump.issues.filter((i): i is RejectionIssue => i.kind === 'rejection')
  const failures: string[] = []
  for (const r of delivered)
    if (!reasons(r.collection, r.attempted).includes(r.rejection.message))
      failures.push(`${client} ${r.collection}/${r.id} was refused without cause: ${r.rejection.message}`)
  const unmatched = [...records]
  for (const r of delivered) {
    const at = unmatched.findIndex(
      (i) =>
        i.collection === r.collection &&
        i.docId === r.id &&
        i.rejection.code === r.rejection.code &&
        i.rejection.message === r.rejection.message &&
        deepEqual(editable(i.attempted), editable(r.attempted)),
    )
    if (at < 0)
      failures.push(`${client} has no rejection record for ${r.collection}/${r.id}: ${r.rejection.message}`)
    else unmatched.splice(at, 1)
  }
  for (const i of unmatched)
    failures.push(
      `${client} has a rejection record nobody received: ${i.collection}/${i.docId} ${i.rejection.message}`,
    )
  return failures
}

/**
 * Every value a user typed that is not on the server is accounted for: acknowledged (then replaced by
 * a later acknowledged write), or in that client's conflict record (field changed on both sides) or
 * rejection record (the server refused it). Invalid values must be in a rejection record with the
 * spec's message (or in a conflict record, when the server's value of the field won first).
 * Merges the policy resolves without a conflict (both sides made the same change, or the device's
 * edits cancelled out) are read from the device's record of its merges.
 */
export function checkNothingLost(
  typed: ReadonlyArray<TypedValue>,
  server: ServerState,
  acks: ReadonlyArray<Ack>,
  dumps: ReadonlyMap<string, ClientDump>,
  reasons: RejectionReasons,
): string[] {
  const failures: string[] = []
  for (const t of typed) {
    const issues = dumps.get(t.client)?.issues ?? []
    const inConflict = issues.some(
      (i) =>
        i.kind === 'conflict' &&
        i.collection === t.collection &&
        i.docId === t.id &&
        (i as ConflictIssue).conflicts.some((c) => c.field === t.field && deepEqual(c.localValue, t.value)),
    )
    const rejected = issues.filter(
      (i): i is RejectionIssue =>
        i.kind === 'rejection' &&
        i.collection === t.collection &&
        i.docId === t.id &&
        deepEqual(i.attempted[t.field], t.value),
    )
    if (t.invalidMessage !== undefined) {
      // Refused with the spec's message of this value, or of another invalid value in the same
      // document (the server answers the first rule a document breaks).
      if (
        inConflict ||
        rejected.some((r) => reasons(r.collection, r.attempted).includes(r.rejection.message))
      )
        continue
      const got = rejected.map((r) => r.rejection.message)
      failures.push(
        `op ${t.op} ${t.client} ${t.collection}/${t.id}.${t.field}=${show(t.value)} was not rejected with ` +
          `"${t.invalidMessage}"${got.length ? ` (records: ${show(got)})` : ''}`,
      )
      continue
    }
    const master = server[t.collection].find((d) => idOf(t.collection, d) === t.id)
    if (master && deepEqual(master[t.field], t.value)) continue
    const acked = acks.some(
      (a) =>
        a.client === t.client &&
        a.collection === t.collection &&
        a.id === t.id &&
        deepEqual(a.doc[t.field], t.value),
    )
    // Merges of this document on the device where the value was the local one, and either the server
    // had made the same change (nothing to lose: the server held it), or the device's edits of the
    // field had cancelled out (its value was the base again: by the policy only the server changed it).
    const merged = (dumps.get(t.client)?.resolutions ?? []).some(
      (r) =>
        r.collection === t.collection &&
        r.id === t.id &&
        deepEqual(r.local[t.field], t.value) &&
        (deepEqual(r.server[t.field], t.value) || (r.base !== null && deepEqual(r.base[t.field], t.value))),
    )
    if (acked || inConflict || rejected.length > 0 || merged) continue
    failures.push(
      `op ${t.op} ${t.client} ${t.collection}/${t.id}.${t.field}=${show(t.value)} was lost: not on the server ` +
        `(${show(master?.[t.field])}), never acknowledged, in no conflict or rejection record, not merged away by the policy`,
    )
  }
  return failures
}

/** Invalid values never reach the server: no acknowledged write and no stored line breaks a rule. */
export function checkInvalidNeverApplied(
  acks: ReadonlyArray<Ack>,
  server: ServerState,
  reasons: RejectionReasons,
): string[] {
  const failures: string[] = []
  for (const a of acks) {
    const broken = reasons(a.collection, a.doc)
    if (broken.length > 0) failures.push(`${a.client} ${a.collection}/${a.id} was accepted: ${show(broken)}`)
  }
  for (const [name, docs] of Object.entries(server)) {
    for (const doc of docs) {
      const broken = reasons(name as CollectionName, doc)
      if (broken.length > 0) failures.push(`the server holds ${name}/${String(doc.id)}: ${show(broken)}`)
    }
  }
  return failures
}
