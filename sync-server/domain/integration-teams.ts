import { TeamsWebhook } from '../../shared/schema/teams-webhook'
import { decodeInput } from './decode'
import type { CollectionRules } from './collection-rules'

/**
 * Storage of teamsWebhooks (TEAMS-01/02): decoded with the shared schema (https URL). Which line,
 * one webhook per line and "Date Configured" are the intents' (shared/intents/integrations.ts); any
 * signed-in user of the plant may configure a line's webhook.
 */
export const teamsWebhookRules: CollectionRules<TeamsWebhook> = {
  collection: 'teamsWebhooks',
  scope: 'plant',
  deletable: true,
  authorize: () => undefined,
  decode: (data) => decodeInput(TeamsWebhook, data),
  validate: async (_ctx, { id, next }) => {
    if (!next) throw new Error('validate without a document')
    return { ...next, id }
  },
}
