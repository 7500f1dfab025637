import { actorPlantRead } from './plant-flags'
import { Schema } from 'effect'
import { lineLabel } from '../schema/line'
import type { RelianceConfig } from '../schema/reliance-config'
import { validateRelianceForm, validateTeamsWebhookUrl } from '../validation/integration-rules'
import { Messages } from '../validation/messages'
import type { DocSet } from './doc-set'
import {
  defineIntent,
  rejectForbidden,
  rejectInvalid,
  rejectNotFound,
  type DocumentRead,
  type IntentEnv,
} from './intent'

/**
 * Integrations of a line: its Microsoft Teams webhook (TEAMS-01/02) and its ETQ Reliance
 * configuration (ETQ-01..03). A line has at most one of each, so saving one for a line replaces the
 * one it has. Reliance exists only for a plant with the ETQ flag or the customer override (403).
 *
 * The Reliance client secret is write-only: it travels in saveRelianceConfig's arguments, never in a
 * document this module writes; the server keeps it apart as a server-only effect of the intent
 * (sync-server/domain/intent-effects.ts). So the device, which never sees a stored secret, decides
 * "an edit without a secret keeps the stored one" from whether a secret was entered.
 */
const NOT_FOUND = Messages.server.notFound

/**
 * Decision: a new config, or one whose host, client id, token URL or secret changed, has not been
 * proven to connect, so it starts as NOT_CONFIGURED until the integration reports SUCCESS or ERROR.
 */
export const NEW_CONFIG_STATUS = 'NOT_CONFIGURED'

export const SaveTeamsWebhookArgs = Schema.Struct({
  lineId: Schema.NonEmptyString,
  url: Schema.String,
  /** The line's webhook as the device knows it, or a new id it minted; the line's own one wins. */
  webhookId: Schema.NonEmptyString,
})
export type SaveTeamsWebhookArgs = typeof SaveTeamsWebhookArgs.Type

export const DeleteTeamsWebhookArgs = Schema.Struct({ webhookId: Schema.NonEmptyString })
export type DeleteTeamsWebhookArgs = typeof DeleteTeamsWebhookArgs.Type

export const SaveRelianceConfigArgs = Schema.Struct({
  lineId: Schema.NonEmptyString,
  apiHost: Schema.String,
  clientId: Schema.String,
  tokenEndpoint: Schema.String,
  /** Write-only; left out on an edit to keep the stored one. */
  clientSecret: Schema.optionalKey(Schema.String),
  /** The line's config as the device knows it, or a new id it minted; the line's own one wins. */
  configId: Schema.NonEmptyString,
})
export type SaveRelianceConfigArgs = typeof SaveRelianceConfigArgs.Type

export const DeleteRelianceConfigArgs = Schema.Struct({ lineId: Schema.NonEmptyString })
export type DeleteRelianceConfigArgs = typeof DeleteRelianceConfigArgs.Type

/** TEAMS-01/02: the line's webhook URL (https, trimmed); "Date Configured" moves only when the URL does. */
export const saveTeamsWebhook = defineIntent<SaveTeamsWebhookArgs>({
  name: 'saveTeamsWebhook',
  args: SaveTeamsWebhookArgs,
  reads: ({ lineId }) => [
    { collection: 'lines', ids: [lineId] },
    { collection: 'teamsWebhooks', where: { lineId } },
  ],
  edits: ({ webhookId }) => [{ collection: 'teamsWebhooks', id: webhookId }],
  apply(docs, { lineId, url, webhookId }, env) {
    if (!docs.get('lines', lineId)) rejectNotFound(NOT_FOUND)
    const message = validateTeamsWebhookUrl(url)
    if (message !== undefined) rejectInvalid(message, { issues: [{ path: ['url'], message }] })
    const existing = docs.all('teamsWebhooks').find((w) => w.lineId === lineId)
    const next = url.trim()
    if (existing?.url === next) return
    docs.put('teamsWebhooks', existing?.id ?? webhookId, {
      id: existing?.id ?? webhookId,
      lineId,
      url: next,
      lastModifiedDateTime: env.now,
    })
  },
  describe: ({ lineId }, docs) => `Save Microsoft Teams webhook of ${labelOf(docs, lineId)}`,
})

/** TEAMS-02: alerts of the line are no longer sent to Teams. */
export const deleteTeamsWebhook = defineIntent<DeleteTeamsWebhookArgs>({
  name: 'deleteTeamsWebhook',
  args: DeleteTeamsWebhookArgs,
  reads: ({ webhookId }) => [{ collection: 'teamsWebhooks', ids: [webhookId] }],
  followUp: ({ webhookId }, docs) => {
    const lineId = docs.get('teamsWebhooks', webhookId)?.lineId
    return lineId ? [{ collection: 'lines', ids: [lineId] }] : []
  },
  edits: () => [],
  apply(docs, { webhookId }) {
    if (!docs.get('teamsWebhooks', webhookId)) rejectNotFound(NOT_FOUND)
    docs.remove('teamsWebhooks', webhookId)
  },
  describe: ({ webhookId }, docs) => {
    const lineId = docs.get('teamsWebhooks', webhookId)?.lineId
    return `Delete Microsoft Teams webhook of ${lineId ? labelOf(docs, lineId) : webhookId}`
  },
})

/** ETQ-02/03: the line's Reliance connection; all four fields required, the secret kept when left out on an edit. */
export const saveRelianceConfig = defineIntent<SaveRelianceConfigArgs>({
  name: 'saveRelianceConfig',
  args: SaveRelianceConfigArgs,
  reads: ({ lineId }, env) => relianceReads(lineId, env),
  edits: ({ configId }) => [{ collection: 'relianceConfigs', id: configId }],
  apply(docs, args, env) {
    if (!docs.get('lines', args.lineId)) rejectNotFound(NOT_FOUND)
    requireReliance(docs, env)
    const existing = relianceOfLine(docs, args.lineId)
    const input = {
      apiHost: args.apiHost.trim(),
      clientId: args.clientId.trim(),
      tokenEndpoint: args.tokenEndpoint.trim(),
    }
    // The stored secret stands in for a left-out one; the device never sees it, only that it exists.
    const secret = args.clientSecret ?? (existing ? KEPT_SECRET : '')
    const errors = validateRelianceForm({ ...input, clientSecret: secret })
    const first = errors[0]
    if (first)
      rejectInvalid(first.message, { issues: errors.map((e) => ({ path: e.path, message: e.message })) })
    const changed =
      !existing ||
      existing.apiHost !== input.apiHost ||
      existing.clientId !== input.clientId ||
      existing.tokenEndpoint !== input.tokenEndpoint ||
      args.clientSecret !== undefined
    if (!changed) return
    const id = existing?.id ?? args.configId
    const config: RelianceConfig = {
      id,
      lineId: args.lineId,
      ...input,
      connectionStatus: NEW_CONFIG_STATUS,
      updatedTime: env.now,
    }
    docs.put('relianceConfigs', id, config)
  },
  describe: ({ lineId }, docs) => `Save ETQ Reliance configuration of ${labelOf(docs, lineId)}`,
  // ETQ-03: the secret stays on the device only until the server has answered.
  forgetAfterSend: ({ clientSecret: _sent, ...kept }) => kept,
})

/** ETQ-02: removes the line's configuration (its secret goes with it on the server). */
export const deleteRelianceConfig = defineIntent<DeleteRelianceConfigArgs>({
  name: 'deleteRelianceConfig',
  args: DeleteRelianceConfigArgs,
  reads: ({ lineId }, env) => relianceReads(lineId, env),
  edits: () => [],
  apply(docs, { lineId }, env) {
    const existing = relianceOfLine(docs, lineId) ?? rejectNotFound(NOT_FOUND)
    requireReliance(docs, env)
    docs.remove('relianceConfigs', existing.id)
  },
  describe: ({ lineId }, docs) => `Delete ETQ Reliance configuration of ${labelOf(docs, lineId)}`,
})

/** The actor's plant (its flags), the line and the line's configuration. */
const relianceReads = (lineId: string, env: IntentEnv): ReadonlyArray<DocumentRead> => [
  actorPlantRead(env),
  { collection: 'lines', ids: [lineId] },
  { collection: 'relianceConfigs', where: { lineId } },
]

/** Any non-blank text: only its presence matters to the form rule. */
const KEPT_SECRET = 'kept'

/** ETQ-01: the ETQ flag or the customer override of the actor's plant. */
function requireReliance(docs: DocSet, env: IntentEnv): void {
  const plant = docs.get('plants', env.actor.plantId)
  if (!plant || !(plant.featureFlags.etqIntegration || plant.etqCustomerOverride)) {
    rejectForbidden(Messages.server.forbidden)
  }
}

const relianceOfLine = (docs: DocSet, lineId: string) =>
  docs.all('relianceConfigs').find((c) => c.lineId === lineId)

const labelOf = (docs: DocSet, lineId: string) => {
  const line = docs.get('lines', lineId)
  return line ? lineLabel(line) : lineId
}
