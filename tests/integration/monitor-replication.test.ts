import { describe, expect, test } from 'vitest'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'
import {
  activeCount,
  master,
  measurementsOf,
  pushDocuments,
  pushIntent,
  pushIntents,
  storedMonitor,
  type Doc,
} from './monitor-fixtures'

/**
 * Monitor actions pushed as intents (`POST /sync/intents`, shared/intents/monitors.ts) go through the
 * same rules as the REST calls; a monitor and its alert rules are written together or not at all.
 */
describe.each(DATABASE_KINDS)('monitor replication on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin', 'operator'] })

  const monitor = (id: string) =>
    master(demo.server, demo.admin, 'monitors', 'monitor_uuid', id) as Promise<Doc>
  type Filter = { signal_uuids: string[]; sample_size: number; line_uuid: string }
  /** A pulled monitor as an action's argument: without the replication's fields. */
  const asMonitor = (doc: Doc): Record<string, unknown> => {
    const { revision: _r, updatedAt: _u, _deleted: _d, ...monitor } = doc
    return monitor
  }
  /** A new active monitor like `template`, on other signals (no groups) and its own sample size. */
  const activeCopy = (
    template: Record<string, unknown>,
    id: string,
    signals: string[],
    sampleSize: number,
  ) => ({
    ...template,
    monitor_uuid: id,
    active: true,
    monitor_filter: {
      ...(template.monitor_filter as Filter),
      signal_uuids: signals,
      signal_group_uuids: [],
      sample_size: sampleSize,
    },
  })

  test('OFF-06 a pushed monitor create and edit are applied and pulled back with a new revision', async () => {
    const template = asMonitor(await monitor('line-machining-mvd-1'))
    const id = `pushed-${kind}`
    const filter = template.monitor_filter as Filter
    const inserted = {
      ...template,
      monitor_uuid: id,
      monitor_name: 'Pushed',
      monitor_filter: { ...filter, sample_size: 401 },
    }
    const before = await activeCount(demo.server, 'line-machining')
    expect(
      await pushIntent(demo.server, demo.operator, { name: 'createMonitor', args: { monitor: inserted } }),
    ).toMatchObject({ status: 'applied' })
    const stored = await monitor(id)
    expect(stored).toMatchObject({ monitor_name: 'Pushed', revision: 1, _deleted: false })
    expect(await activeCount(demo.server, 'line-machining')).toBe(before + (template.active ? 1 : 0))
    const renamed = await pushIntent(demo.server, demo.operator, {
      name: 'updateMonitor',
      args: { monitor: { ...asMonitor(stored), monitor_name: 'Pushed again' } },
    })
    expect(renamed.status).toBe('applied')
    expect(await monitor(id)).toMatchObject({ monitor_name: 'Pushed again', revision: 2 })
  })

  test('MON-07 a pushed duplicate is rejected with DUPLICATE_MONITOR and the same message as REST', async () => {
    const existing = asMonitor(await monitor('line-assembly-mvd-1'))
    const copy = { ...existing, monitor_uuid: `dup-${kind}`, monitor_name: 'Copy', frequency: 5 }
    const res = await pushIntent(demo.server, demo.admin, { name: 'createMonitor', args: { monitor: copy } })
    expect(res).toEqual({
      id: res.id,
      status: 'rejected',
      rejection: {
        code: 'DUPLICATE_MONITOR',
        status: 409,
        message: 'You already have a monitor MVD Press signals configured with these settings.',
        details: {
          task_uuid: 'line-assembly-mvd-1',
          monitor_uuid: 'line-assembly-mvd-1',
          monitor_name: 'MVD Press signals',
        },
      },
    })
    expect(await storedMonitor(demo.server, `dup-${kind}`)).toBeUndefined()
  })

  test('LINE-03 / SIG-06 rejected intents answer the rule message and change nothing', async () => {
    const stopped = await monitor('line-packaging-svd-1')
    const start = await pushIntent(demo.server, demo.admin, {
      name: 'setMonitorActive',
      args: { monitorId: 'line-packaging-svd-1', active: true },
    })
    expect(start).toMatchObject({
      status: 'rejected',
      rejection: {
        code: 'VALIDATION',
        status: 400,
        message: 'A monitor of an inactive line cannot be activated. Activate the line first.',
      },
    })
    expect(await monitor('line-packaging-svd-1')).toMatchObject({ active: false, revision: stopped.revision })
    const mvd = asMonitor(await monitor('line-paint-mvd-1'))
    const filter = mvd.monitor_filter as Filter
    const one = await pushIntent(demo.server, demo.admin, {
      name: 'updateMonitor',
      args: {
        monitor: { ...mvd, monitor_filter: { ...filter, signal_uuids: filter.signal_uuids.slice(0, 1) } },
      },
    })
    expect(one).toMatchObject({
      status: 'rejected',
      rejection: { code: 'VALIDATION', message: 'At least 2 items must be selected' },
    })
  })

  test('OFF-05 an intent with a stale base value comes back conflict without applying', async () => {
    const current = await monitor('line-paint-svd-1')
    const res = await pushIntent(demo.server, demo.admin, {
      name: 'updateMonitor',
      args: { monitor: { ...asMonitor(current), notes: 'lost?', frequency: 7 } },
      // The device saw other notes than the server holds now.
      base: [
        {
          collection: 'monitors',
          id: 'line-paint-svd-1',
          field: 'notes',
          value: `${String(current.notes)} (older)`,
        },
      ],
    })
    expect(res).toMatchObject({
      status: 'conflict',
      conflicts: [
        expect.objectContaining({ collection: 'monitors', id: 'line-paint-svd-1', field: 'notes' }),
      ],
    })
    expect(await monitor('line-paint-svd-1')).toEqual(current)
  })

  test('MADM-04 a monitor created with its rules in one intent, then deleted with them; the line count follows', async () => {
    const signals = (await measurementsOf(demo.server, 'line-paint')).map((s) => s.id)
    const template = asMonitor(await monitor('line-paint-mvd-1'))
    const id = `to-delete-${kind}`
    const fresh = activeCopy(template, id, signals.slice(2, 4), 402)
    const rules = [{ type: 'Consecutive', active: true, details: { breaches: 2 } }]
    const count = await activeCount(demo.server, 'line-paint')
    const created = await pushIntent(demo.server, demo.admin, {
      name: 'createMonitor',
      args: { monitor: fresh, rules },
    })
    expect(created.status).toBe('applied')
    expect(created.status === 'applied' && created.documents.map((d) => d.collection).sort()).toEqual([
      'lines',
      'monitorRules',
      'monitors',
    ])
    expect((await master(demo.server, demo.admin, 'monitorRules', 'monitorId', id))?.rules).toEqual(rules)
    expect(await activeCount(demo.server, 'line-paint')).toBe(count + 1)
    const del = await pushIntent(demo.server, demo.admin, { name: 'deleteMonitor', args: { monitorId: id } })
    expect(del.status).toBe('applied')
    expect((await monitor(id))._deleted).toBe(true)
    expect((await master(demo.server, demo.admin, 'monitorRules', 'monitorId', id))?._deleted).toBe(true)
    expect(await activeCount(demo.server, 'line-paint')).toBe(count)
  })

  test('MON-06 createMonitor with rules writes both or neither: invalid rules leave no monitor', async () => {
    const signals = (await measurementsOf(demo.server, 'line-paint')).map((s) => s.id)
    const template = asMonitor(await monitor('line-paint-mvd-1'))
    const id = `half-${kind}`
    const fresh = {
      ...template,
      monitor_uuid: id,
      monitor_filter: {
        ...(template.monitor_filter as Filter),
        signal_uuids: signals.slice(4, 6),
        signal_group_uuids: [],
        sample_size: 403,
      },
    }
    const count = await activeCount(demo.server, 'line-paint')
    const tooMany = [{ type: 'ExceedanceRuns', active: true, details: { breaches: 3, runs: 1000 } }]
    const res = await pushIntent(demo.server, demo.admin, {
      name: 'createMonitor',
      args: { monitor: fresh, rules: tooMany },
    })
    expect(res).toMatchObject({ status: 'rejected', rejection: { code: 'VALIDATION', status: 400 } })
    expect(await storedMonitor(demo.server, id)).toBeUndefined()
    expect(await master(demo.server, demo.admin, 'monitorRules', 'monitorId', id)).toBeUndefined()
    expect(await activeCount(demo.server, 'line-paint')).toBe(count)
    // A monitor the line's rules refuse takes its valid rules down with it too.
    const onInactive = await pushIntent(demo.server, demo.admin, {
      name: 'createMonitor',
      args: {
        monitor: {
          ...fresh,
          active: true,
          monitor_filter: { ...fresh.monitor_filter, line_uuid: 'line-packaging' },
        },
        rules: [{ type: 'Consecutive', active: true, details: { breaches: 2 } }],
      },
    })
    expect(onInactive.status).toBe('rejected')
    expect(await storedMonitor(demo.server, id)).toBeUndefined()
    expect(await master(demo.server, demo.admin, 'monitorRules', 'monitorId', id)).toBeUndefined()
  })

  test('MON-06 in a change set, a create refused for its rules leaves no monitor; the line edits around it apply', async () => {
    const signals = (await measurementsOf(demo.server, 'line-paint')).map((s) => s.id)
    const template = asMonitor(await monitor('line-paint-mvd-1'))
    const id = `half-in-set-${kind}`
    const fresh = activeCopy(template, id, signals.slice(6, 8), 407)
    const line = (await master(demo.server, demo.admin, 'lines', 'id', 'line-paint')) as Doc
    const count = await activeCount(demo.server, 'line-paint')
    const days = (n: number) => ({
      name: 'updateLineSettings',
      args: { lineId: 'line-paint', changes: { alertViewingWindowDays: n } },
    })
    // Rules out of bounds: the whole create is refused (a refusal after a write: intent-step.test.ts).
    const tooMany = [{ type: 'ExceedanceRuns', active: true, details: { breaches: 3, runs: 1000 } }]
    const res = await pushIntents(demo.server, demo.admin, [
      days(51),
      { name: 'createMonitor', args: { monitor: fresh, rules: tooMany } },
      days(52),
    ])
    expect(res.status).toBe(200)
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied'])
    expect(res.body.results[1]).toMatchObject({ rejection: { code: 'VALIDATION', status: 400 } })
    expect(await storedMonitor(demo.server, id)).toBeUndefined()
    expect(await master(demo.server, demo.admin, 'monitorRules', 'monitorId', id)).toBeUndefined()
    expect(await activeCount(demo.server, 'line-paint')).toBe(count)
    // The line: both settings applied, one revision each, nothing of the refused create.
    const after = (await master(demo.server, demo.admin, 'lines', 'id', 'line-paint')) as Doc
    expect(after.alertViewingWindowDays).toBe(52)
    expect(after.revision).toBe(line.revision + 2)
  })

  test('RULE-02 saveAlertRules: a valid intent is applied; bounds and unknown monitors are rejected', async () => {
    const rules = [{ type: 'ExceedanceRuns', active: true, details: { breaches: 3, runs: 10 } }]
    expect(
      await pushIntent(demo.server, demo.operator, {
        name: 'saveAlertRules',
        args: { monitorId: 'line-assembly-svd-1', rules },
      }),
    ).toMatchObject({ status: 'applied' })
    const saved = await demo.server.call(
      'GET',
      '/api/notifications/monitor-rules/line-assembly-svd-1',
      demo.admin,
    )
    expect(saved.body).toEqual(rules)
    const tooMany = [{ type: 'ExceedanceRuns', active: true, details: { breaches: 3, runs: 1000 } }]
    const bad = await pushIntent(demo.server, demo.admin, {
      name: 'saveAlertRules',
      args: { monitorId: 'line-assembly-svd-1', rules: tooMany },
    })
    expect(bad).toMatchObject({
      status: 'rejected',
      rejection: { code: 'VALIDATION', status: 400, message: 'Runs must be 999 or less' },
    })
    expect(
      (await master(demo.server, demo.admin, 'monitorRules', 'monitorId', 'line-assembly-svd-1'))?.rules,
    ).toEqual(rules)
    const orphan = await pushIntent(demo.server, demo.admin, {
      name: 'saveAlertRules',
      args: { monitorId: 'no-such-monitor', rules: [] },
    })
    expect(orphan).toMatchObject({
      status: 'rejected',
      rejection: { code: 'NOT_FOUND', status: 404, message: 'Monitor not found' },
    })
  })

  test('SIG-01 signalGroups replicate with their line; the old document push answers 426', async () => {
    const groups = (
      await demo.server.call<{ documents: Doc[] }>('POST', '/sync/signalGroups/pull', demo.operator, {
        checkpoint: null,
        batchSize: 1000,
      })
    ).body.documents
    const group = groups.find((g) => g.signalGroupUuid === 'line-assembly-group-1')!
    expect(group).toMatchObject({ lineId: 'line-assembly', signalGroupName: expect.any(String) })
    // No action renames a group; the document push that once refused it (403) is gone.
    const res = await pushDocuments(demo.server, demo.admin, 'signalGroups', [
      { assumedMasterState: group, newDocumentState: { ...group, signalGroupName: 'Renamed' } },
    ])
    expect(res.status).toBe(426)
    expect(res.body.error.code).toBe('UPGRADE_REQUIRED')
  })
})
