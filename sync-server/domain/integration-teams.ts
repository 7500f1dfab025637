import { TeamsWebhook } from '../../shared/schema/teams-webhook'
import { nowUtc } from '../../shared/time/plant-time'
import { Messages } from '../../shared/validation/messages'
import { decodeInput } from '../http/body'
import { listDocuments } from '../store/documents'
import type { CollectionRules } from './collection-rules'
import { conflict } from './domain-error'
import { assertLineOfPlant, isRecord } from './integration-scope'

/** Placeholder for the server-owned date while decoding; `validate` replaces it. */
const UNSET_TIME = new Date(0).toISOString()

/**
 * teamsWebhooks (TEAMS-01/02): any signed-in user of the plant may configure a line's webhook.
 * The URL passes the shared rule ('URL cannot be blank', https only); the line must be a line of
 * the session's plant; a line has at most one webhook; lastModifiedDateTime is the server's.
 */
export const teamsWebhookRules: CollectionRules<TeamsWebhook> = {
  collection: 'teamsWebhooks',
  scope: 'plant',
  deletable: true,
  authorize: () => undefined,
  decode(data) {
    // A pasted URL is trimmed (as TeamsWebhookInput does for REST), and the date is not the
    // client's to set, so neither can make an otherwise good push fail.
    const normalized = isRecord(data)
      ? {
          ...data,
          url: typeof data.url === 'string' ? data.url.trim() : data.url,
          lastModifiedDateTime: UNSET_TIME,
        }
      : data
    return decodeInput(TeamsWebhook, normalized)
  },
  async validate(ctx, { id, previous, next }) {
    if (!next) throw new Error('validate without a document')
    const { session } = ctx
    await assertLineOfPlant(ctx.tx, session, next.lineId)
    const ofLine = await listDocuments<TeamsWebhook>(ctx.tx, session.customerId, 'teamsWebhooks', {
      plantId: session.plantId,
      fields: { lineId: next.lineId },
    })
    const taken = ofLine.find((d) => d.id !== id)
    if (taken) throw conflict('CONFLICT', Messages.server.conflict, { existingId: taken.id })
    // "Date Configured" moves only when the configuration does, so re-saving the same URL (or a
    // retried push) changes nothing.
    const same = previous && previous.data.url === next.url && previous.data.lineId === next.lineId
    return {
      id,
      lineId: next.lineId,
      url: next.url,
      lastModifiedDateTime: same ? previous.data.lastModifiedDateTime : nowUtc(ctx.services.clock),
    }
  },
}
