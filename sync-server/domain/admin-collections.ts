import { DataSource } from '../../shared/schema/data-source'
import { Plant } from '../../shared/schema/plant'
import { Messages } from '../../shared/validation/messages'
import { decodeInput } from './decode'
import type { CollectionRules } from './collection-rules'
import { forbidden } from './domain-error'

/**
 * Rules of the plant, integration, user and data-source collections. Plants and data sources are
 * small enough to live here; the others have files of their own and are re-exported for the registry.
 */
export { relianceConfigRules } from './integration-reliance'
export { teamsWebhookRules } from './integration-teams'
export { userRules } from './user-collection'

/**
 * plants: replicated so feature flags and the time zone work offline (SHELL-03), but configured
 * by the provider, never by a client: every push is refused with 403.
 */
export const plantRules: CollectionRules<Plant> = {
  collection: 'plants',
  scope: 'plant',
  deletable: false,
  authorize() {
    throw forbidden(Messages.server.forbidden)
  },
  decode: (data) => decodeInput(Plant, data),
  validate: async (_ctx, { next, previous }) => {
    // Unreachable (authorize refuses everything); answer the stored plant to stay harmless.
    const plant = previous?.data ?? next
    if (!plant) throw forbidden(Messages.server.forbidden)
    return plant
  },
}

/**
 * dataSources (DS-01/03), administrators only: the ingestor creates and edits them, so the only
 * client write is the deleteDataSource intent (shared/intents/data-sources.ts); anything else is 403.
 */
export const dataSourceRules: CollectionRules<DataSource> = {
  collection: 'dataSources',
  scope: 'plant',
  deletable: true,
  authorize(session, { next }) {
    if (session.role !== 'administrator' || next !== undefined) throw forbidden(Messages.server.forbidden)
  },
  decode: (data) => decodeInput(DataSource, data),
  validate: async (_ctx, { next, previous }) => {
    const source = previous?.data ?? next
    if (!source) throw forbidden(Messages.server.forbidden)
    return source
  },
}
