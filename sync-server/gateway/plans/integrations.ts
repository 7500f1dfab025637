import { Schema } from 'effect'
import type {
  DeleteRelianceConfigArgs,
  DeleteTeamsWebhookArgs,
  SaveRelianceConfigArgs,
  SaveTeamsWebhookArgs,
} from '../../../shared/intents/integrations'
import { RelianceConfig } from '../../../shared/schema/reliance-config'
import { TeamsWebhookAnswer, decode } from '../authority-reads'
import { goneAnswered, idIn, relianceAnswered, webhookAnswered } from '../answers'
import { NO_CALLS, NOT_DONE, type PlanBuilder } from '../plan'
import { UPSTREAM } from '../upstream-paths'

/**
 * Integrations (shared/intents/integrations.ts): a line's Teams webhook and its ETQ Reliance
 * configuration, one call each. The Reliance client secret travels in the call to the authority and
 * nowhere else: the step log keeps no request body, and the configuration the authority answers
 * holds no secret.
 */
export const saveTeamsWebhook: PlanBuilder<SaveTeamsWebhookArgs> = ({ args, run, session }) => {
  const saved = run.changes.find((c) => c.collection === 'teamsWebhooks')
  if (!saved) return NO_CALLS // the line's webhook has this URL already
  const created = saved.kind === 'put' && saved.created
  return {
    steps: [
      {
        name: 'put-teams-webhook',
        request: () => ({
          method: 'PUT',
          path: UPSTREAM.teamsWebhookOfLine(session.plantId, args.lineId),
          body: { url: args.url.trim() },
        }),
        expects: webhookAnswered,
      },
    ],
    refresh: ([answer]) => ({ known: [webhookAnswered(answer)], read: [] }),
    replaced: ([answer]) => {
      const id = idIn(answer)
      return created && id !== saved.id ? [{ collection: 'teamsWebhooks', from: saved.id, to: id }] : []
    },
  }
}

export const deleteTeamsWebhook: PlanBuilder<DeleteTeamsWebhookArgs> = ({ args, session }) => ({
  steps: [
    {
      name: 'delete-teams-webhook',
      request: () => ({ method: 'DELETE', path: UPSTREAM.teamsWebhook(args.webhookId) }),
      probe: async (read) => {
        const hooks = decode(
          Schema.Array(TeamsWebhookAnswer),
          (await read({ method: 'GET', path: UPSTREAM.teamsWebhooks(session.plantId) })) ?? [],
          'list of Teams webhooks',
        )
        return hooks.some((h) => h.id === args.webhookId) ? NOT_DONE : null
      },
    },
  ],
  refresh: () => ({ known: [goneAnswered([['teamsWebhooks', args.webhookId]])], read: [] }),
})

export const saveRelianceConfig: PlanBuilder<SaveRelianceConfigArgs> = ({ args, run }) => {
  const saved = run.changes.find((c) => c.collection === 'relianceConfigs')
  if (!saved) return NO_CALLS // nothing differs from the stored configuration
  const created = saved.kind === 'put' && saved.created
  const { lineId, apiHost, clientId, tokenEndpoint, clientSecret } = args
  return {
    steps: [
      {
        name: 'save-reliance-config',
        request: () => ({
          method: 'POST',
          path: UPSTREAM.relianceConfig(lineId),
          body: { apiHost, clientId, tokenEndpoint, ...(clientSecret === undefined ? {} : { clientSecret }) },
        }),
        expects: relianceAnswered,
      },
    ],
    refresh: ([answer]) => ({ known: [relianceAnswered(answer)], read: [] }),
    replaced: ([answer]) => {
      const id = idIn(answer)
      return created && id !== saved.id ? [{ collection: 'relianceConfigs', from: saved.id, to: id }] : []
    },
  }
}

export const deleteRelianceConfig: PlanBuilder<DeleteRelianceConfigArgs> = ({ args, run, session }) => {
  const removed = run.changes.find((c) => c.collection === 'relianceConfigs')
  return {
    steps: [
      {
        name: 'delete-reliance-config',
        request: () => ({ method: 'DELETE', path: UPSTREAM.relianceConfig(args.lineId) }),
        probe: async (read) => {
          const byLine = decode(
            Schema.Record(Schema.String, RelianceConfig),
            (await read({ method: 'GET', path: UPSTREAM.relianceConfigs(session.plantId) })) ?? {},
            'Reliance configurations',
          )
          return byLine[args.lineId] ? NOT_DONE : null
        },
      },
    ],
    refresh: () => ({ known: removed ? [goneAnswered([['relianceConfigs', removed.id]])] : [], read: [] }),
  }
}
