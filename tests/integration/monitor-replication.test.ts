import { describe, expect, test } from 'vitest'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'
import { activeCount, master, measurementsOf, pull, push, storedMonitor, type Doc } from './monitor-fixtures'

/** Pushes of monitors, monitorRules and signalGroups go through the same rules as the REST calls. */
describe.each(DATABASE_KINDS)('monitor replication on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin', 'operator'] })

  const monitor = (id: string) =>
    master(demo.server, demo.admin, 'monitors', 'monitor_uuid', id) as Promise<Doc>
  type Filter = { signal_uuids: string[]; sample_size: number; line_uuid: string }

  test('OFF-06 a pushed monitor insert and edit are applied and pulled back with a new revision', async () => {
    const template = await monitor('line-machining-mvd-1')
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
      (
        await push(demo.server, demo.operator, 'monitors', [
          { assumedMasterState: null, newDocumentState: inserted },
        ])
      ).body,
    ).toEqual([])
    const stored = await monitor(id)
    expect(stored).toMatchObject({ monitor_name: 'Pushed', revision: 1, _deleted: false })
    expect(await activeCount(demo.server, 'line-machining')).toBe(before + (template.active ? 1 : 0))
    const renamed = await push(demo.server, demo.operator, 'monitors', [
      { assumedMasterState: stored, newDocumentState: { ...stored, monitor_name: 'Pushed again' } },
    ])
    expect(renamed.body).toEqual([])
    expect(await monitor(id)).toMatchObject({ monitor_name: 'Pushed again', revision: 2 })
  })

  test('MON-07 a pushed duplicate is rejected with DUPLICATE_MONITOR and the same message as REST', async () => {
    const existing = await monitor('line-assembly-mvd-1')
    const copy = { ...existing, monitor_uuid: `dup-${kind}`, monitor_name: 'Copy', frequency: 5, revision: 0 }
    const res = await push(demo.server, demo.admin, 'monitors', [
      { assumedMasterState: null, newDocumentState: copy },
    ])
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
    expect(res.body[0]).toMatchObject({ monitor_uuid: `dup-${kind}`, _deleted: true })
    expect(res.body[0]!._rejection).toEqual({
      code: 'DUPLICATE_MONITOR',
      status: 409,
      message: 'You already have a monitor MVD Press signals configured with these settings.',
      details: {
        task_uuid: 'line-assembly-mvd-1',
        monitor_uuid: 'line-assembly-mvd-1',
        monitor_name: 'MVD Press signals',
      },
    })
    expect(await storedMonitor(demo.server, `dup-${kind}`)).toBeUndefined()
  })

  test('LINE-03 / SIG-06 rejected pushes answer the unchanged master with the rule message', async () => {
    const stopped = await monitor('line-packaging-svd-1')
    const start = await push(demo.server, demo.admin, 'monitors', [
      { assumedMasterState: stopped, newDocumentState: { ...stopped, active: true } },
    ])
    expect(start.body[0]).toMatchObject({
      monitor_uuid: 'line-packaging-svd-1',
      active: false,
      revision: stopped.revision,
    })
    expect(start.body[0]!._rejection).toMatchObject({
      code: 'VALIDATION',
      status: 400,
      message: 'A monitor of an inactive line cannot be activated. Activate the line first.',
    })
    const mvd = await monitor('line-paint-mvd-1')
    const filter = mvd.monitor_filter as Filter
    const one = await push(demo.server, demo.admin, 'monitors', [
      {
        assumedMasterState: mvd,
        newDocumentState: {
          ...mvd,
          monitor_filter: { ...filter, signal_uuids: filter.signal_uuids.slice(0, 1) },
        },
      },
    ])
    expect(one.body[0]!._rejection).toMatchObject({
      code: 'VALIDATION',
      message: 'At least 2 items must be selected',
    })
  })

  test('OFF-05 a push against a stale master answers the current master without applying', async () => {
    const current = await monitor('line-paint-svd-1')
    const stale = { ...current, revision: current.revision - 1 }
    const res = await push(demo.server, demo.admin, 'monitors', [
      { assumedMasterState: stale, newDocumentState: { ...current, notes: 'lost?' } },
    ])
    expect(res.body).toEqual([current])
    expect((await monitor('line-paint-svd-1')).notes).toBe(current.notes)
  })

  test('MADM-04 a pushed delete removes the monitor and its rules and refreshes the line count', async () => {
    const signals = (await measurementsOf(demo.server, 'line-paint')).map((s) => s.id)
    const template = await monitor('line-paint-mvd-1')
    const id = `to-delete-${kind}`
    const fresh = {
      ...template,
      monitor_uuid: id,
      active: true,
      monitor_filter: {
        ...(template.monitor_filter as Filter),
        signal_uuids: signals.slice(2, 4),
        signal_group_uuids: [],
        sample_size: 402,
      },
    }
    expect(
      (
        await push(demo.server, demo.admin, 'monitors', [
          { assumedMasterState: null, newDocumentState: fresh },
        ])
      ).body,
    ).toEqual([])
    const rules = { monitorId: id, rules: [{ type: 'Consecutive', active: true, details: { breaches: 2 } }] }
    expect(
      (
        await push(demo.server, demo.admin, 'monitorRules', [
          { assumedMasterState: null, newDocumentState: rules },
        ])
      ).body,
    ).toEqual([])
    const count = await activeCount(demo.server, 'line-paint')
    const stored = await monitor(id)
    const del = await push(demo.server, demo.admin, 'monitors', [
      { assumedMasterState: stored, newDocumentState: { ...stored, _deleted: true } },
    ])
    expect(del.body).toEqual([])
    expect((await monitor(id))._deleted).toBe(true)
    expect((await master(demo.server, demo.admin, 'monitorRules', 'monitorId', id))?._deleted).toBe(true)
    expect(await activeCount(demo.server, 'line-paint')).toBe(count - 1)
  })

  test('RULE-02 monitorRules: a valid push is applied; bounds and unknown monitors are rejected', async () => {
    const current = (await master(
      demo.server,
      demo.admin,
      'monitorRules',
      'monitorId',
      'line-assembly-svd-1',
    ))!
    const rules = [{ type: 'ExceedanceRuns', active: true, details: { breaches: 3, runs: 10 } }]
    expect(
      (
        await push(demo.server, demo.operator, 'monitorRules', [
          { assumedMasterState: current, newDocumentState: { ...current, rules } },
        ])
      ).body,
    ).toEqual([])
    const saved = await demo.server.call(
      'GET',
      '/api/notifications/monitor-rules/line-assembly-svd-1',
      demo.admin,
    )
    expect(saved.body).toEqual(rules)
    const after = (await master(demo.server, demo.admin, 'monitorRules', 'monitorId', 'line-assembly-svd-1'))!
    const tooMany = [{ type: 'ExceedanceRuns', active: true, details: { breaches: 3, runs: 1000 } }]
    const bad = await push(demo.server, demo.admin, 'monitorRules', [
      { assumedMasterState: after, newDocumentState: { ...after, rules: tooMany } },
    ])
    expect(bad.body[0]).toMatchObject({ monitorId: 'line-assembly-svd-1', rules })
    expect(bad.body[0]!._rejection).toMatchObject({
      code: 'VALIDATION',
      status: 400,
      message: 'Runs must be 999 or less',
    })
    const orphan = await push(demo.server, demo.admin, 'monitorRules', [
      { assumedMasterState: null, newDocumentState: { monitorId: 'no-such-monitor', rules: [] } },
    ])
    expect(orphan.body[0]!._rejection).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Monitor not found',
    })
  })

  test('SIG-01 signalGroups replicate with their line and are read-only for clients (403)', async () => {
    const groups = (await pull(demo.server, demo.operator, 'signalGroups')).body.documents
    const group = groups.find((g) => g.signalGroupUuid === 'line-assembly-group-1')!
    expect(group).toMatchObject({ lineId: 'line-assembly', signalGroupName: expect.any(String) })
    const res = await push(demo.server, demo.admin, 'signalGroups', [
      { assumedMasterState: group, newDocumentState: { ...group, signalGroupName: 'Renamed' } },
    ])
    expect(res.body[0]).toMatchObject({ signalGroupName: group.signalGroupName })
    expect(res.body[0]!._rejection).toEqual({ code: 'FORBIDDEN', status: 403, message: 'Forbidden resource' })
  })
})
