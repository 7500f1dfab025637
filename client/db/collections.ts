import type { EntityTypes } from '../../shared/sync/entities'
import { COLLECTIONS, PRIMARY_KEYS, type CollectionName } from '../../shared/sync/collections'

/** The entity each replicated collection holds: the shared list (shared/sync/entities.ts). */
export type { EntityTypes }

/**
 * Fields every document a screen reads carries besides its entity: the server's revision and time
 * (0 / '' before the server has seen it), and `pendingSince` — set while a pending action of this
 * device changes the document (local-view.ts) — which is what the "pending" mark shows; `saving`
 * while such an action is shown but not yet kept in the device database (the "saving" mark).
 */
export interface LocalMeta {
  revision: number
  updatedAt: string
  pendingSince?: string
  saving?: boolean
}

export type LocalDoc<C extends CollectionName> = EntityTypes[C] & LocalMeta

/** Collections with a document per signal: the size of a plant (100,000 signals and their limits). */
export const BULK_COLLECTIONS: ReadonlySet<CollectionName> = new Set(['signals', 'signalLimits'])

export { COLLECTIONS, PRIMARY_KEYS }
export type { CollectionName }
