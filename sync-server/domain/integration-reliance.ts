import { Schema } from 'effect'
import { RelianceConfig, RelianceConfigInput } from '../../shared/schema/reliance-config'
import { nowUtc } from '../../shared/time/plant-time'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { decodeInput } from '../http/body'
import { listDocuments, type Executor } from '../store/documents'
import type { CollectionRules, WriteContext } from './collection-rules'
import { conflict, forbidden } from './domain-error'
import { assertLineOfPlant, canUseReliance, isRecord } from './integration-scope'

/** The `secrets` row kind of a Reliance client secret (owner: the config id). */
export const RELIANCE_SECRET_KIND = 'reliance'
/**
 * Decision: a new config, or one whose host, client id, token URL or secret changed, has not been
 * proven to connect, so it starts as NOT_CONFIGURED until the integration reports SUCCESS or ERROR.
 */
export const NEW_CONFIG_STATUS = 'NOT_CONFIGURED'

/** What a push (or the REST call) may carry: the config plus the write-only secret. */
const RelianceConfigWrite = Schema.Struct({
  ...RelianceConfig.fields,
  clientSecret: Schema.optionalKey(Schema.String),
})
type RelianceConfigWrite = typeof RelianceConfigWrite.Type

const UNSET_TIME = new Date(0).toISOString()

/**
 * relianceConfigs (ETQ-02/03). Only for a plant with the ETQ flag or the customer override (403
 * otherwise). The secret is validated with the shared form rule, stored in `secrets` and never
 * written into the document — so no pull, push answer, stream or REST answer can carry it; on an
 * edit it may be left out to keep the stored one. connectionStatus and updatedTime are the server's.
 */
export const relianceConfigRules: CollectionRules<RelianceConfigWrite> = {
  collection: 'relianceConfigs',
  scope: 'plant',
  deletable: true,
  authorize: () => undefined,
  decode(data) {
    const normalized = isRecord(data)
      ? { ...data, connectionStatus: NEW_CONFIG_STATUS, updatedTime: UNSET_TIME }
      : data
    return decodeInput(RelianceConfigWrite, normalized)
  },
  async validate(ctx, { id, previous, next }) {
    if (!next) throw new Error('validate without a document')
    const { session, tx } = ctx
    await assertReliance(tx, session)
    await assertLineOfPlant(tx, session, next.lineId)
    const ofLine = await listDocuments(tx, session.customerId, 'relianceConfigs', {
      plantId: session.plantId,
      fields: { lineId: next.lineId },
    })
    const taken = ofLine.find((d) => d.id !== id)
    if (taken) throw conflict('CONFLICT', Messages.server.conflict, { existingId: taken.id })

    const stored = previous ? await readRelianceSecret(tx, session.customerId, id) : undefined
    const secret = next.clientSecret ?? stored ?? ''
    // The shared form rule gives the exact '{label} is required' messages.
    const input = decodeInput(RelianceConfigInput, {
      apiHost: next.apiHost.trim(),
      clientId: next.clientId.trim(),
      tokenEndpoint: next.tokenEndpoint.trim(),
      clientSecret: secret,
    })
    const before = previous?.data
    const changed =
      !before ||
      before.apiHost !== input.apiHost ||
      before.clientId !== input.clientId ||
      before.tokenEndpoint !== input.tokenEndpoint ||
      before.lineId !== next.lineId ||
      secret !== stored
    // The returned document is what gets stored: it never holds the secret.
    return {
      id,
      lineId: next.lineId,
      apiHost: input.apiHost,
      clientId: input.clientId,
      tokenEndpoint: input.tokenEndpoint,
      connectionStatus: changed ? NEW_CONFIG_STATUS : before.connectionStatus,
      updatedTime: changed ? nowUtc(ctx.services.clock) : before.updatedTime,
    }
  },
  async afterWrite(ctx, { id, next }) {
    if (next === undefined) {
      // Deleting is part of the integration too; throwing here rolls the delete back.
      await assertReliance(ctx.tx, ctx.session)
      await deleteRelianceSecret(ctx, id)
    } else if (next.clientSecret !== undefined) {
      await writeRelianceSecret(ctx, id, next.clientSecret)
    }
  },
  redact({ clientSecret: _secret, ...rest }) {
    return rest
  },
}

async function assertReliance(ex: Executor, session: Session): Promise<void> {
  if (!(await canUseReliance(ex, session))) throw forbidden(Messages.server.forbidden)
}

export async function readRelianceSecret(
  ex: Executor,
  customerId: string,
  configId: string,
): Promise<string | undefined> {
  const row = await ex
    .selectFrom('secrets')
    .select('secret')
    .where('customer_id', '=', customerId)
    .where('kind', '=', RELIANCE_SECRET_KIND)
    .where('owner_id', '=', configId)
    .executeTakeFirst()
  return row?.secret
}

async function writeRelianceSecret(ctx: WriteContext, configId: string, secret: string): Promise<void> {
  await ctx.tx
    .insertInto('secrets')
    .values({ customer_id: ctx.session.customerId, kind: RELIANCE_SECRET_KIND, owner_id: configId, secret })
    .onConflict((oc) => oc.columns(['customer_id', 'kind', 'owner_id']).doUpdateSet({ secret }))
    .execute()
}

async function deleteRelianceSecret(ctx: WriteContext, configId: string): Promise<void> {
  await ctx.tx
    .deleteFrom('secrets')
    .where('customer_id', '=', ctx.session.customerId)
    .where('kind', '=', RELIANCE_SECRET_KIND)
    .where('owner_id', '=', configId)
    .execute()
}
