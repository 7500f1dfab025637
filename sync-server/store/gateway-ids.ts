import type { Kysely } from 'kysely'
import type { Tables } from './tables'

/**
 * Gateway mode: the ids the authority gave documents that devices created under ids they minted
 * (a monitor, a cap monitor, a user, a webhook, a Reliance configuration). An action still pending
 * on some device may name the device's id; it is translated before it runs (docs/gateway.md).
 */
export async function recordReplacedIds(
  db: Kysely<Tables>,
  customerId: string,
  replaced: ReadonlyArray<{ readonly collection: string; readonly from: string; readonly to: string }>,
): Promise<void> {
  if (replaced.length === 0) return
  await db
    .insertInto('gateway_ids')
    .values(
      replaced.map((r) => ({
        customer_id: customerId,
        collection: r.collection,
        device_id: r.from,
        authority_id: r.to,
      })),
    )
    .onConflict((oc) => oc.columns(['customer_id', 'device_id']).doNothing())
    .execute()
}
