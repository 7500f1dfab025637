import { Schema } from 'effect'
import { validateTeamsWebhookUrl } from '../validation/integration-rules'
import { UtcIsoString } from './plant'

/**
 * The Microsoft Teams webhook of a line (TEAMS-01/02).
 *
 * Decision: the url IS part of the replicated document. It is not a credential of this system
 * (it only lets its holder post into one channel), every user who sees the Teams page may already
 * replace it, and keeping it in the document lets an offline edit travel by ordinary replication
 * and lets the inline editor start from the current value. The spec's GET answer omits it; our
 * REST answer may do the same, the document does not.
 */

/** An https webhook URL without surrounding whitespace (the input schema trims before this). */
export const WebhookUrl = Schema.Trimmed.check(
  Schema.makeFilter((url: string) => validateTeamsWebhookUrl(url) ?? true),
)

export const TeamsWebhook = Schema.Struct({
  id: Schema.NonEmptyString,
  lineId: Schema.NonEmptyString,
  url: WebhookUrl,
  /** "Date Configured"; set by the server on every save. */
  lastModifiedDateTime: UtcIsoString,
})
export type TeamsWebhook = typeof TeamsWebhook.Type

/** PUT /api/notifications/teams-webhooks/plants/{plantId}/lines/{lineId} body; a pasted URL is trimmed. */
export const TeamsWebhookInput = Schema.Struct({
  url: Schema.Trim.pipe(Schema.decodeTo(WebhookUrl)),
})
export type TeamsWebhookInput = typeof TeamsWebhookInput.Type
