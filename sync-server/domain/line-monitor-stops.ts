import type { Monitor } from '../../shared/schema/monitor'
import { listDocuments, type Executor } from '../store/documents'
import { writeSideEffect } from './apply-change'
import type { WriteContext } from './collection-rules'

/**
 * LINE-03: deactivating a line stops its active monitors and remembers which; reactivating
 * restores exactly those. The memory lives in the `secrets` table (one row per line), which never
 * replicates: it is server bookkeeping, not something a client may edit.
 */
export const STOPPED_MONITORS_KIND = 'line-stopped-monitors'

export async function readStoppedMonitors(
  ex: Executor,
  customerId: string,
  lineId: string,
): Promise<ReadonlyArray<string>> {
  const row = await ex
    .selectFrom('secrets')
    .select('secret')
    .where('customer_id', '=', customerId)
    .where('kind', '=', STOPPED_MONITORS_KIND)
    .where('owner_id', '=', lineId)
    .executeTakeFirst()
  if (!row) return []
  try {
    const ids: unknown = JSON.parse(row.secret)
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Also what a seed uses for a line it creates inactive with its monitors stopped. */
export async function rememberStoppedMonitors(
  ex: Executor,
  customerId: string,
  lineId: string,
  monitorIds: ReadonlyArray<string>,
): Promise<void> {
  const secret = JSON.stringify([...new Set(monitorIds)])
  await ex
    .insertInto('secrets')
    .values({ customer_id: customerId, owner_id: lineId, kind: STOPPED_MONITORS_KIND, secret })
    .onConflict((oc) => oc.columns(['customer_id', 'kind', 'owner_id']).doUpdateSet({ secret }))
    .execute()
}

async function forgetStoppedMonitors(ex: Executor, customerId: string, lineId: string): Promise<void> {
  await ex
    .deleteFrom('secrets')
    .where('customer_id', '=', customerId)
    .where('kind', '=', STOPPED_MONITORS_KIND)
    .where('owner_id', '=', lineId)
    .execute()
}

const onLine = (m: Monitor, lineId: string) => m.monitor_filter?.line_uuid === lineId

export async function stopLineMonitors(ctx: WriteContext, lineId: string, plantId: string): Promise<void> {
  const { customerId } = ctx.session
  const monitors = await listDocuments<Monitor>(ctx.tx, customerId, 'monitors', { plantId })
  const stopped: string[] = []
  for (const m of monitors) {
    if (!onLine(m.data, lineId) || !m.data.active) continue
    await writeSideEffect(ctx, 'monitors', m.id, m.plantId, { ...m.data, active: false })
    stopped.push(m.id)
  }
  // Kept together with an earlier memory: a line stopped twice without a restore in between
  // (possible only through a failed write) must not forget the first set.
  const earlier = await readStoppedMonitors(ctx.tx, customerId, lineId)
  await rememberStoppedMonitors(ctx.tx, customerId, lineId, [...earlier, ...stopped])
}

/**
 * Restarts the remembered monitors that still exist, still watch this line and are still stopped;
 * one deleted or moved meanwhile stays as the user left it.
 */
export async function restoreLineMonitors(ctx: WriteContext, lineId: string, plantId: string): Promise<void> {
  const { customerId } = ctx.session
  const remembered = new Set(await readStoppedMonitors(ctx.tx, customerId, lineId))
  if (remembered.size > 0) {
    const monitors = await listDocuments<Monitor>(ctx.tx, customerId, 'monitors', { plantId })
    for (const m of monitors) {
      if (!remembered.has(m.id) || !onLine(m.data, lineId) || m.data.active) continue
      await writeSideEffect(ctx, 'monitors', m.id, m.plantId, { ...m.data, active: true })
    }
  }
  await forgetStoppedMonitors(ctx.tx, customerId, lineId)
}
