import type { CollectionName } from '../../../shared/sync/collections'
import type { DocumentChange } from '../../../shared/intents/intent'
import type { BaseValue } from '../../../shared/sync/intent-protocol'
import { keyOf } from '../../../shared/intents/doc-set'

/**
 * The actions made on this device that the server has not absorbed yet, and what they do to the
 * documents: the bookkeeping between a local action and the server's version of its documents.
 *
 * Life of an action: `add` (pending: its values shown and sent by the pusher at once; marked
 * "Saving" until its write to the device completes — its provisional seq — then "Pending" and
 * counted, issue 28) →
 * `acknowledge` with the revisions the server wrote (no longer pending, but its values stay shown
 * until this device's copy of every document it wrote has reached those revisions, so nothing flips
 * back in between) → gone by `absorb`. A refused or conflicting action is `drop`ped: the server's
 * version shows again, and the caller keeps the action as a sync issue.
 *
 * Invariants: actions keep the order they were made in (`seq`), and an action's effect on a
 * document is applied on top of the server's version plus every earlier action's effect. Documents
 * never stored on the server have revision 0.
 */
export interface PendingAction {
  /** Order of creation on this device (assigned by the store). */
  readonly seq: number
  readonly id: string
  readonly name: string
  /** The version of the intent's arguments it was stored with; absent: 1 (shared/intents/upgrade.ts). */
  readonly version?: number
  readonly args: unknown
  readonly author: string
  readonly createdAt: string
  readonly description: string
  readonly base: ReadonlyArray<BaseValue>
  readonly changes: ReadonlyArray<DocumentChange>
  /** Set when the server applied it: the revision of each document it wrote, by `collection/id`. */
  readonly acknowledged?: Readonly<Record<string, number>>
}

type Data = Record<string, unknown>

/** What the pending actions make of one document: its data, or undefined when they delete it. */
export interface OverlaidDocument {
  readonly data: Data | undefined
  /** When the oldest still-pending action touching it was made (the pending mark). */
  readonly pendingSince: string | undefined
  /** A pending action touching it is shown but its write to the device is still under way. */
  readonly saving: boolean
}

/**
 * Above any seq the device database hands out: the seq of an action shown while its write is under
 * way (outbox.ts), so it sorts after the stored ones — and is known not to be kept yet.
 */
export const PROVISIONAL_SEQ = 2 ** 52

/** Whether the action is kept in the device database (a tab killed now would not lose it). */
export const isStored = (action: PendingAction): boolean => action.seq < PROVISIONAL_SEQ

export class PendingChanges {
  private actions: PendingAction[] = []

  constructor(actions: Iterable<PendingAction> = []) {
    this.replace(actions)
  }

  replace(actions: Iterable<PendingAction>): void {
    this.actions = [...actions].sort((a, b) => a.seq - b.seq)
  }

  get all(): ReadonlyArray<PendingAction> {
    return this.actions
  }

  /** Actions the server has not answered yet (what the pending count shows). */
  pending(author?: string): ReadonlyArray<PendingAction> {
    return this.actions.filter((a) => !a.acknowledged && (author === undefined || a.author === author))
  }

  add(action: PendingAction): void {
    if (this.actions.some((a) => a.id === action.id)) return
    this.actions.push(action)
    this.actions.sort((a, b) => a.seq - b.seq)
  }

  acknowledge(id: string, revisions: Readonly<Record<string, number>>): PendingAction | undefined {
    const at = this.actions.findIndex((a) => a.id === id)
    const action = this.actions[at]
    if (!action) return undefined
    const acked = { ...action, acknowledged: revisions }
    this.actions[at] = acked
    return acked
  }

  drop(id: string): PendingAction | undefined {
    const action = this.actions.find((a) => a.id === id)
    this.actions = this.actions.filter((a) => a.id !== id)
    return action
  }

  /**
   * Removes acknowledged actions whose documents this device now holds at (or past) the revisions
   * the server wrote. `revisionOf` gives the local server revision of a document (0 when absent).
   */
  absorb(revisionOf: (collection: CollectionName, id: string) => number): ReadonlyArray<PendingAction> {
    const absorbed = this.actions.filter(
      (a) =>
        a.acknowledged !== undefined &&
        Object.entries(a.acknowledged).every(([key, revision]) => {
          const [collection, id] = splitKey(key)
          return revisionOf(collection, id) >= revision
        }),
    )
    if (absorbed.length > 0) this.actions = this.actions.filter((a) => !absorbed.includes(a))
    return absorbed
  }

  /** Ids of the documents of a collection any action touches. */
  touched(collection: CollectionName): ReadonlySet<string> {
    const ids = new Set<string>()
    for (const a of this.actions) for (const c of a.changes) if (c.collection === collection) ids.add(c.id)
    return ids
  }

  /**
   * One document as the actions leave it, from its server version (undefined when the server has
   * none): each put sets the fields it changed (a document the server does not have yet is the
   * action's whole document), each delete removes it.
   */
  overlay(collection: CollectionName, id: string, server: Data | undefined): OverlaidDocument {
    let data = server
    let pendingSince: string | undefined
    let saving = false
    for (const a of this.actions) {
      for (const c of a.changes) {
        if (c.collection !== collection || c.id !== id) continue
        if (!a.acknowledged) pendingSince ??= a.createdAt
        if (!a.acknowledged && !isStored(a)) saving = true
        if (c.kind === 'delete') data = undefined
        else data = data ? { ...data, ...pick(c.data, c.fields) } : { ...c.data }
      }
    }
    return { data, pendingSince, saving }
  }

  /**
   * The value the user saw of a field before making a new action: the last earlier action's value
   * for it, else the server's. This is what the server compares with to detect a concurrent change.
   */
  baseValue(collection: CollectionName, id: string, field: string, server: Data | undefined): unknown {
    let value = server?.[field]
    for (const a of this.actions) {
      for (const c of a.changes) {
        if (c.collection !== collection || c.id !== id) continue
        if (c.kind === 'delete') value = undefined
        else if (c.fields.includes(field)) value = c.data[field]
      }
    }
    return value
  }
}

export const documentKey = keyOf

const splitKey = (key: string): [CollectionName, string] => {
  const slash = key.indexOf('/')
  return [key.slice(0, slash) as CollectionName, key.slice(slash + 1)]
}

function pick(data: Readonly<Data>, fields: ReadonlyArray<string>): Data {
  const out: Data = {}
  for (const f of fields) if (f in data) out[f] = data[f]
  // A field the action removed (e.g. a forgotten memory) is removed from the server version too.
  for (const f of fields) if (!(f in data)) out[f] = undefined
  return out
}
