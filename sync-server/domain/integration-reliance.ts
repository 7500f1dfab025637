import { RelianceConfig } from '../../shared/schema/reliance-config'
import type { SaveRelianceConfigArgs } from '../../shared/intents/integrations'
import { decodeInput } from './decode'
import type { Executor } from '../store/documents'
import type { CollectionRules, WriteContext } from './collection-rules'
import type { DocSet } from '../../shared/intents/doc-set'

/**
 * Storage of relianceConfigs (ETQ-02/03). The rules of the integration — the ETQ flag or customer
 * override, one config per line, required fields, the connection status a change resets — are the
 * intents' (shared/intents/integrations.ts). What stays here is what only the server holds: the
 * write-only client secret, kept in the `secrets` table and never in the document, so no pull, push
 * answer, stream or REST answer can carry it.
 */

/** The `secrets` row kind of a Reliance client secret (owner: the config id). */
export const RELIANCE_SECRET_KIND = 'reliance'

export const relianceConfigRules: CollectionRules<RelianceConfig> = {
  collection: 'relianceConfigs',
  scope: 'plant',
  deletable: true,
  authorize: () => undefined,
  decode: (data) => decodeInput(RelianceConfig, data),
  validate: async (_ctx, { id, next }) => {
    if (!next) throw new Error('validate without a document')
    return { ...next, id }
  },
  async afterWrite(ctx, { id, next }) {
    // A deleted config takes its secret with it.
    if (next === undefined) await deleteRelianceSecret(ctx, id)
  },
  redact({ clientSecret: _secret, ...rest }) {
    return rest
  },
}

/**
 * The server-only half of saveRelianceConfig: the entered secret goes into `secrets` for the line's
 * config. Decision: a hook keyed on the intent (intent-effects.ts) rather than these collection
 * rules, because the secret is in the intent's arguments, not in the document the rules see, and
 * because a new secret must be stored even when the document itself does not change.
 */
export async function storeRelianceSecret(ctx: WriteContext, args: SaveRelianceConfigArgs, docs: DocSet) {
  const config = docs.all('relianceConfigs').find((c) => c.lineId === args.lineId)
  if (config === undefined || args.clientSecret === undefined) return
  const secret = args.clientSecret
  await ctx.tx
    .insertInto('secrets')
    .values({ customer_id: ctx.session.customerId, kind: RELIANCE_SECRET_KIND, owner_id: config.id, secret })
    .onConflict((oc) => oc.columns(['customer_id', 'kind', 'owner_id']).doUpdateSet({ secret }))
    .execute()
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

async function deleteRelianceSecret(ctx: WriteContext, configId: string): Promise<void> {
  await ctx.tx
    .deleteFrom('secrets')
    .where('customer_id', '=', ctx.session.customerId)
    .where('kind', '=', RELIANCE_SECRET_KIND)
    .where('owner_id', '=', configId)
    .execute()
}
