import type { RxJsonSchema } from 'rxdb'
import type { EntityTypes } from '../../shared/sync/entities'
import { COLLECTIONS, LINE_FIELDS, PRIMARY_KEYS, type CollectionName } from '../../shared/sync/collections'

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

/**
 * RxDB schemas. The shared Effect schemas are the real contract (the server re-validates every
 * change with them); these only declare keys and indexes, and stay open to every entity field.
 * Bump SCHEMA_VERSION whenever a key or index changes, and add the step to MIGRATION_STRATEGIES
 * (RxDB migrates every document when the collection opens). Changes of meaning that need no
 * rewrite of every document are handled without a bump (e.g. legacy-pending.ts).
 */
export const SCHEMA_VERSION = 0

/** version → (old document → new document, or null to drop it). Empty while the version is 0. */
export const MIGRATION_STRATEGIES: Record<
  number,
  (doc: Record<string, unknown>) => Record<string, unknown> | null
> = {}

export function rxSchemaFor(collection: CollectionName): RxJsonSchema<Record<string, unknown>> {
  const pk = PRIMARY_KEYS[collection]
  // Secondary index: the line-scoped screens query by line.
  const index = LINE_FIELDS[collection]
  return {
    version: SCHEMA_VERSION,
    primaryKey: pk,
    type: 'object',
    properties: {
      [pk]: { type: 'string', maxLength: 200 },
      ...(index ? { [index]: { type: 'string', maxLength: 200 } } : {}),
      revision: { type: 'number' },
      updatedAt: { type: 'string' },
      pendingSince: { type: 'string' },
    },
    required: index ? [pk, index] : [pk],
    indexes: index ? [index] : [],
    // Entity fields are not declared: no validator runs in production, and the server validates.
  } as unknown as RxJsonSchema<Record<string, unknown>>
}

export { COLLECTIONS, PRIMARY_KEYS }
export type { CollectionName }
