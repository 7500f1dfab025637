import { PRIMARY_KEYS, type CollectionName } from '../../../shared/sync/collections'
import { deepEqual, entityFields } from '../../../shared/sync/deep-equal'
import type { Rejection, ReplicatedDocument } from '../../../shared/sync/protocol'
import type { PushExchange } from './node-client'

/**
 * What the pushes of the convergence test tell: which rows the server accepted (acknowledged writes)
 * and which rejections reached the client code, and whether the server kept the acknowledged writes.
 * Checks return human-readable failures (empty when the property holds).
 */
export type ServerState = Record<CollectionName, ReadonlyArray<ReplicatedDocument>>

/** Fields only the server writes (side effects of other writes): never part of a client's edit. */
const SERVER_OWNED = new Set(['activeMonitorsCount'])

/** The fields a client edits: entity fields without server-owned and local-only ones. */
export const editable = (doc: Readonly<Record<string, unknown>>) => {
  const out = entityFields(doc)
  delete out._deleted
  delete out.pendingSince
  for (const f of SERVER_OWNED) delete out[f]
  return out
}

export const idOf = (collection: CollectionName, doc: Readonly<Record<string, unknown>>) =>
  String(doc[PRIMARY_KEYS[collection]])

export const show = (v: unknown) => JSON.stringify(v)

/**
 * A push row the server holds: it answered no master for it (applied, or already so), or answered a
 * master whose editable fields are the pushed ones (a retried or duplicated push). `atRevision`
 * orders acknowledgements of one document: the revision the server's state had this content at.
 */
export interface Ack {
  readonly client: string
  readonly collection: CollectionName
  readonly id: string
  readonly atRevision: number
  readonly doc: Readonly<Record<string, unknown>>
}

export interface DeliveredRejection {
  readonly client: string
  readonly collection: CollectionName
  readonly id: string
  readonly rejection: Rejection
  readonly attempted: Readonly<Record<string, unknown>>
}

export function readExchanges(client: string, exchanges: ReadonlyArray<PushExchange>) {
  const acks: Ack[] = []
  const rejections: DeliveredRejection[] = []
  for (const ex of exchanges) {
    if (ex.status !== 200 || !ex.answer) continue
    const collection = ex.collection as CollectionName
    const answered = new Map(ex.answer.map((m) => [idOf(collection, m), m]))
    for (const row of ex.rows) {
      const id = idOf(collection, row.newDocumentState)
      const master = answered.get(id)
      if (!master) {
        const revision = row.assumedMasterState?.revision
        const atRevision = (typeof revision === 'number' ? revision : 0) + 1
        acks.push({ client, collection, id, atRevision, doc: row.newDocumentState })
      } else if (!master._rejection && deepEqual(editable(master), editable(row.newDocumentState))) {
        acks.push({ client, collection, id, atRevision: Number(master.revision), doc: row.newDocumentState })
      } else if (master._rejection && ex.delivered) {
        rejections.push({
          client,
          collection,
          id,
          rejection: master._rejection,
          attempted: row.newDocumentState,
        })
      }
    }
  }
  return { acks, rejections }
}

/**
 * Acknowledged writes survive: per document, the server's editable fields equal the latest
 * acknowledged write (the one made on the highest revision), so every acknowledged value is there
 * unless a later acknowledged write replaced it.
 */
export function checkAcknowledged(acks: ReadonlyArray<Ack>, server: ServerState): string[] {
  const failures: string[] = []
  const byDoc = new Map<string, Ack[]>()
  for (const ack of acks) {
    const key = `${ack.collection}/${ack.id}`
    byDoc.set(key, [...(byDoc.get(key) ?? []), ack])
  }
  for (const [key, docAcks] of byDoc) {
    const first = docAcks[0]!
    const master = server[first.collection].find((d) => idOf(first.collection, d) === first.id)
    if (!master) {
      failures.push(`${key} was acknowledged but is not on the server`)
      continue
    }
    const top = Math.max(...docAcks.map((a) => a.atRevision))
    const latest = docAcks.filter((a) => a.atRevision === top)
    if (!latest.some((a) => deepEqual(editable(a.doc), editable(master)))) {
      failures.push(
        `${key}: server ${show(editable(master))} is not the latest acknowledged write (revision ${top}) ` +
          latest.map((a) => `${a.client}: ${show(editable(a.doc))}`).join(' | '),
      )
    }
  }
  return failures
}
