import type { AppDatabase } from './app-database'
import { PRIMARY_KEYS, type CollectionName, type EntityTypes, type LocalDoc } from './collections'

/**
 * Local writes. Each lands in the local database at once (the UI updates in the same frame) with a
 * `pendingSince` mark, and replication pushes it in the background; the mark goes away when the
 * server's version of the document comes back.
 */
const nowIso = () => new Date().toISOString()

/** Inserts or replaces a whole document. */
export async function saveDoc<C extends CollectionName>(
  db: AppDatabase,
  collection: C,
  entity: EntityTypes[C],
): Promise<void> {
  const id = String((entity as Record<string, unknown>)[PRIMARY_KEYS[collection]])
  const current = await db.collections[collection].findOne(id).exec()
  const meta = current
    ? { revision: current.get('revision') as number, updatedAt: current.get('updatedAt') as string }
    : { revision: 0, updatedAt: '' }
  await db.collections[collection].upsert({ ...entity, ...meta, pendingSince: nowIso() } as never)
}

/** Changes some fields of an existing document; resolves false when it does not exist (any more). */
export async function patchDoc<C extends CollectionName>(
  db: AppDatabase,
  collection: C,
  id: string,
  patch: Partial<EntityTypes[C]>,
): Promise<boolean> {
  const doc = await db.collections[collection].findOne(id).exec()
  if (!doc) return false
  await doc.incrementalPatch({ ...patch, pendingSince: nowIso() } as never)
  return true
}

/** Soft-deletes a document (replicated as `_deleted`). */
export async function removeDoc(db: AppDatabase, collection: CollectionName, id: string): Promise<boolean> {
  const doc = await db.collections[collection].findOne(id).exec()
  if (!doc) return false
  await doc.incrementalPatch({ pendingSince: nowIso() } as never)
  await doc.getLatest().remove()
  return true
}

export type { LocalDoc }
