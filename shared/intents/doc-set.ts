import type { CollectionName } from '../sync/collections'
import { deepEqual } from '../sync/deep-equal'
import { isMetadataField, type EntityTypes } from '../sync/entities'
import type { DocumentChange } from './document-change'

/**
 * The documents an intent works on: a snapshot loaded by the host (the device's local database, or
 * the server's store inside the write transaction) and the changes the intent records on it.
 * Reads see earlier writes of the same intent. `changes()` lists what differs from the snapshot,
 * in the order of first write — the order the server writes them in.
 *
 * Invariant: `original` never changes after construction; `current` starts equal to it.
 */
type Data = Readonly<Record<string, unknown>>

export interface LoadedDocument {
  readonly collection: CollectionName
  readonly id: string
  readonly data: Data
}

export class DocSet {
  private readonly original = new Map<string, Data>()
  private readonly current = new Map<string, Data | undefined>()
  private readonly order: string[] = []

  constructor(documents: Iterable<LoadedDocument>) {
    for (const d of documents) {
      const key = keyOf(d.collection, d.id)
      const data = entityOnly(d.data)
      this.original.set(key, data)
      this.current.set(key, data)
    }
  }

  get<C extends CollectionName>(collection: C, id: string): EntityTypes[C] | undefined {
    return this.current.get(keyOf(collection, id)) as EntityTypes[C] | undefined
  }

  /** The document as loaded, before any change of this intent. */
  before<C extends CollectionName>(collection: C, id: string): EntityTypes[C] | undefined {
    return this.original.get(keyOf(collection, id)) as EntityTypes[C] | undefined
  }

  /** Every loaded, not deleted document of a collection (in load order, then creation order). */
  all<C extends CollectionName>(collection: C): ReadonlyArray<EntityTypes[C]> {
    const prefix = `${collection}/`
    const out: EntityTypes[C][] = []
    for (const [key, data] of this.current) {
      if (data !== undefined && key.startsWith(prefix)) out.push(data as EntityTypes[C])
    }
    return out
  }

  put<C extends CollectionName>(collection: C, id: string, data: EntityTypes[C]): void {
    const key = keyOf(collection, id)
    if (!this.order.includes(key)) this.order.push(key)
    this.current.set(key, entityOnly(data as unknown as Data))
  }

  /** Changes some fields of an existing document; false when it is not there. */
  patch<C extends CollectionName>(collection: C, id: string, fields: Partial<EntityTypes[C]>): boolean {
    const existing = this.get(collection, id)
    if (!existing) return false
    this.put(collection, id, { ...existing, ...fields })
    return true
  }

  remove(collection: CollectionName, id: string): void {
    const key = keyOf(collection, id)
    if (!this.order.includes(key)) this.order.push(key)
    this.current.set(key, undefined)
  }

  changes(): ReadonlyArray<DocumentChange> {
    const out: DocumentChange[] = []
    for (const key of this.order) {
      const [collection, id] = splitKey(key)
      const before = this.original.get(key)
      const after = this.current.get(key)
      if (after === undefined) {
        if (before !== undefined) out.push({ kind: 'delete', collection, id })
        continue
      }
      const fields = changedFields(before, after)
      if (fields.length > 0) out.push({ kind: 'put', collection, id, data: after, fields, created: !before })
    }
    return out
  }
}

/** Top-level entity fields whose values differ (every field of a new document). */
export function changedFields(before: Data | undefined, after: Data): ReadonlyArray<string> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)])
  return [...keys].filter((k) => !isMetadataField(k) && (!before || !deepEqual(before[k], after[k])))
}

export const keyOf = (collection: CollectionName, id: string) => `${collection}/${id}`

const splitKey = (key: string): [CollectionName, string] => {
  const slash = key.indexOf('/')
  return [key.slice(0, slash) as CollectionName, key.slice(slash + 1)]
}

function entityOnly(data: Data): Data {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(data)) if (!isMetadataField(k) && v !== undefined) out[k] = v
  return out
}
