import type { RxJsonSchema } from 'rxdb'
import { LINE_FIELDS, PRIMARY_KEYS, type CollectionName } from '../../../shared/sync/collections'

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
