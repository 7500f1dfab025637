import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { INTENT_LOG_RETENTION_DAYS } from '../../shared/constants'
import { keepIntentLogBounded } from '../../sync-server/domain/intent-log-retention'
import { pruneIntentLog } from '../../sync-server/store/intent-store'
import { action, AUTHORS, pushIntents } from './support/intent-push'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'

/**
 * OFF-06 / issue 28: the intent log stays bounded. A verdict older than INTENT_LOG_RETENTION_DAYS is
 * deleted at start and once a day (sync-server/domain/intent-log-retention.ts); a retry of a recent
 * action is still answered from the log. Prints the log's growth per acknowledged action.
 */
describe.each(DATABASE_KINDS)('OFF-06 intent log retention on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin'] })
  const db = () => demo.server.services.db

  const exclude = (part: string, id?: string) =>
    action(
      'updateLineSettings',
      { lineId: 'line-paint', changes: { excludedPartIds: [part] } },
      AUTHORS.admin,
      ...(id ? [id] : []),
    )
  const logged = async (id: string) =>
    (await db().selectFrom('intent_log').select('intent_id').where('intent_id', '=', id).execute()).length
  const backdate = (id: string, days: number) =>
    db()
      .updateTable('intent_log')
      .set({ created_at: sql<Date>`now() - make_interval(days => ${days})` })
      .where('customer_id', '=', 'cust-demo')
      .where('intent_id', '=', id)
      .execute()

  // First, while the table holds only the seed's rows: pruning frees space later rows would reuse.
  test("OFF-06 the log's growth per acknowledged action (printed)", async () => {
    const size = async () => {
      const { rows } = await sql<{ total: string; rows: string; payload: string }>`
        select pg_total_relation_size('intent_log')::text as total, count(*)::text as rows,
               coalesce(sum(pg_column_size(l.*)), 0)::text as payload
          from intent_log l`.execute(db())
      return { total: Number(rows[0]!.total), rows: Number(rows[0]!.rows), payload: Number(rows[0]!.payload) }
    }
    const before = await size()
    const actions = 500
    for (let i = 0; i < actions; i += 100) {
      const batch = Array.from({ length: 100 }, (_, j) => exclude(`P-${i + j}`))
      const { results } = await pushIntents(demo.server, demo.admin, batch)
      expect(results.filter((r) => r.status === 'applied')).toHaveLength(100)
    }
    const after = await size()
    expect(after.rows - before.rows).toBe(actions)
    const perAction = (after.total - before.total) / actions
    const rowBytes = (after.payload - before.payload) / actions
    console.log(
      `intent log on ${kind}: ${perAction.toFixed(0)} bytes per acknowledged action on disk ` +
        `(table and key index), ${rowBytes.toFixed(0)} bytes of row; ` +
        `${INTENT_LOG_RETENTION_DAYS} days at 10,000 actions a day ≈ ` +
        `${((perAction * 10_000 * INTENT_LOG_RETENTION_DAYS) / 1e6).toFixed(0)} MB`,
    )
  })

  test('OFF-06 a verdict past the retention is pruned and its retry judged again; a recent retry is answered from the log', async () => {
    const old = exclude('P-OLD')
    const edge = exclude('P-EDGE')
    const recent = exclude('P-RECENT')
    for (const a of [old, edge, recent])
      expect((await pushIntents(demo.server, demo.admin, [a])).results[0]).toMatchObject({
        status: 'applied',
      })
    await backdate(old.id, INTENT_LOG_RETENTION_DAYS + 1)
    await backdate(edge.id, INTENT_LOG_RETENTION_DAYS - 1)

    const pruning = keepIntentLogBounded(db())
    expect(await pruning.firstPass).toBe(1)
    await pruning.stop()
    expect([await logged(old.id), await logged(edge.id), await logged(recent.id)]).toEqual([0, 1, 1])

    const retries = await pushIntents(demo.server, demo.admin, [
      exclude('P-OLD', old.id),
      exclude('P-EDGE', edge.id),
      exclude('P-RECENT', recent.id),
    ])
    // Forgotten: the old action is applied again, as new (it sets what it set before).
    expect(retries.results[0]).toMatchObject({ status: 'applied' })
    expect(retries.results[0]).not.toHaveProperty('fromLog')
    expect(retries.results[1]).toMatchObject({ status: 'applied', fromLog: true })
    expect(retries.results[2]).toMatchObject({ status: 'applied', fromLog: true })
    expect(await logged(old.id)).toBe(1)
  })

  test('OFF-06 pruning goes batch by batch until every old verdict is gone, and keeps the recent ones', async () => {
    const old = Array.from({ length: 5 }, (_, i) => exclude(`P-BATCH-${i}`))
    const recent = exclude('P-BATCH-RECENT')
    const { results } = await pushIntents(demo.server, demo.admin, [...old, recent])
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('applied'))
    for (const a of old) await backdate(a.id, INTENT_LOG_RETENTION_DAYS + 10)
    expect(await pruneIntentLog(db(), INTENT_LOG_RETENTION_DAYS, 2)).toBe(5)
    expect(await Promise.all([...old, recent].map((a) => logged(a.id)))).toEqual([0, 0, 0, 0, 0, 1])
  })
})
