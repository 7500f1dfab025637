import { describe, expect, test } from 'vitest'
import type { AlertRule } from '../../shared/schema/alert-rule'
import type { Task } from '../../shared/schema/task'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'
import {
  activeCount,
  createTask,
  measurementsOf,
  monitorsOf,
  OVERSIZED,
  taskInput,
  type ErrorBody,
} from './monitor-fixtures'

describe.each(DATABASE_KINDS)('CAP service and alert rules on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin', 'other'] })

  const getTask = async (taskId: string) =>
    (await demo.server.call<Task>('POST', '/api/tasks/get-monitor-by-id', demo.admin, { taskId })).body
  const rulesPath = (id: string) => `/api/notifications/monitor-rules/${id}`

  test('CAPA-02 the Cap Alerts toggle creates the missing cap monitor, active, with the default settings', async () => {
    const capped = new Set(
      (await monitorsOf(demo.server, 'line-paint'))
        .filter((m) => m.monitor_type === 'cap')
        .flatMap((m) => m.monitor_filter.signal_uuids),
    )
    const signal = (await measurementsOf(demo.server, 'line-paint')).find((s) => !capped.has(s.id))!
    const before = await activeCount(demo.server, 'line-paint')
    const created = await demo.server.call<{ uuid: string }>('POST', '/api/monitors', demo.admin, {
      signalId: signal.id,
    })
    expect(created.status).toBe(201)
    expect(await getTask(created.body.uuid)).toMatchObject({
      task_type: 'cap',
      active: true,
      frequency: 60,
      task_name: expect.stringMatching(/^CAP Monitor \d+$/),
      task_details: { line_uuid: 'line-paint', signal_uuids: [signal.id], alert_threshold: 0.95 },
    })
    expect(await activeCount(demo.server, 'line-paint')).toBe(before + 1)
    const again = await demo.server.call<{ uuid: string }>('POST', '/api/monitors', demo.admin, {
      signalId: signal.id,
    })
    expect(again).toEqual({ status: 200, body: { uuid: created.body.uuid } })
  })

  test('CAPA-02 switching on a stopped cap monitor activates it (MADM-03 toggle through PATCH)', async () => {
    const cap = (await monitorsOf(demo.server, 'line-machining')).find(
      (m) => m.monitor_type === 'cap' && m.active,
    )!
    const before = await activeCount(demo.server, 'line-machining')
    const off = await demo.server.call<Task>('PATCH', `/api/monitors/${cap.monitor_uuid}`, demo.admin, {
      active: false,
    })
    expect(off.status).toBe(200)
    expect(off.body.active).toBe(false)
    expect(await activeCount(demo.server, 'line-machining')).toBe(before - 1)
    const on = await demo.server.call('POST', '/api/monitors', demo.admin, {
      signalId: cap.monitor_filter.signal_uuids[0],
    })
    expect(on).toEqual({ status: 200, body: { uuid: cap.monitor_uuid } })
    expect((await getTask(cap.monitor_uuid)).active).toBe(true)
    expect(await activeCount(demo.server, 'line-machining')).toBe(before)
  })

  test('CAPA-04 PATCH /api/monitors/{uuid} sets the exclude switches and answers the task', async () => {
    const cap = (await monitorsOf(demo.server, 'line-assembly')).find((m) => m.monitor_type === 'cap')!
    const res = await demo.server.call<Task>('PATCH', `/api/monitors/${cap.monitor_uuid}`, demo.admin, {
      useExcludedModelNumbers: true,
      useExcludedPartIds: true,
    })
    expect(res.status).toBe(200)
    expect(res.body.task_details).toMatchObject({
      use_excluded_model_numbers: true,
      use_excluded_part_ids: true,
    })
    expect(res.body.active).toBe(cap.active)
    const bad = await demo.server.call<ErrorBody>('PATCH', `/api/monitors/${cap.monitor_uuid}`, demo.admin, {
      active: 'yes',
    })
    expect(bad.status).toBe(400)
    expect((await demo.server.call('PATCH', '/api/monitors/nope', demo.admin, { active: true })).status).toBe(
      404,
    )
    expect(
      (await demo.server.call('PATCH', `/api/monitors/${cap.monitor_uuid}`, demo.other, { active: true }))
        .status,
    ).toBe(404)
    await demo.server.call('PATCH', `/api/monitors/${cap.monitor_uuid}`, demo.admin, {
      useExcludedModelNumbers: false,
      useExcludedPartIds: false,
    })
  })

  test('CAPA-02 POST /api/monitors answers 404 for an unknown or foreign signal and 400 without signalId', async () => {
    const unknown = await demo.server.call<ErrorBody>('POST', '/api/monitors', demo.admin, {
      signalId: 'nope',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Signal not found')
    const foreign = (await measurementsOf(demo.server, 'line-other', 'cust-other'))[0]!
    expect(
      (await demo.server.call('POST', '/api/monitors', demo.admin, { signalId: foreign.id })).status,
    ).toBe(404)
    const missing = await demo.server.call<ErrorBody>('POST', '/api/monitors', demo.admin, {})
    expect(missing.status).toBe(400)
    expect(missing.body.error.message).toBe('Signal id is required')
  })

  test('LINE-08 active monitor counts move when monitors are created, stopped and deleted', async () => {
    const counts = async () => {
      const res = await demo.server.call<Array<{ lineId: string; activeTaskCount: number }>>(
        'GET',
        '/api/plant/get-active-monitor-count?plantId=plant-demo',
        demo.admin,
      )
      expect(res.status).toBe(200)
      return new Map(res.body.map((r) => [r.lineId, r.activeTaskCount]))
    }
    const initial = await counts()
    expect([...initial.keys()]).toEqual(
      expect.arrayContaining(['line-assembly', 'line-machining', 'line-paint', 'line-packaging']),
    )
    expect(initial.get('line-packaging')).toBe(0)
    const actual = (await monitorsOf(demo.server, 'line-paint')).filter((m) => m.active).length
    expect(initial.get('line-paint')).toBe(actual)

    const signals = (await measurementsOf(demo.server, 'line-paint')).map((s) => s.id)
    const task = await createTask(
      demo.server,
      demo.admin,
      taskInput('line-paint', 'mvd', { signals: signals.slice(1, 3) }, 301),
    )
    expect((await counts()).get('line-paint')).toBe(actual + 1)
    await demo.server.call('PATCH', `/api/monitors/${task.task_uuid}`, demo.admin, { active: false })
    expect((await counts()).get('line-paint')).toBe(actual)
    await demo.server.call('PATCH', `/api/monitors/${task.task_uuid}`, demo.admin, { active: true })
    expect((await counts()).get('line-paint')).toBe(actual + 1)
    await demo.server.call('DELETE', '/api/tasks/delete-task', demo.admin, { monitor_uuid: task.task_uuid })
    expect((await counts()).get('line-paint')).toBe(actual)

    expect(
      (await demo.server.call('GET', '/api/plant/get-active-monitor-count?plantId=plant-other', demo.admin))
        .status,
    ).toBe(404)
    const missing = await demo.server.call<ErrorBody>(
      'GET',
      '/api/plant/get-active-monitor-count',
      demo.admin,
    )
    expect(missing.status).toBe(400)
    expect(missing.body.error.message).toBe('Plant id is required')
  })

  test('RULE-04 GET answers the stored rules; PATCH saves a list that GET then answers', async () => {
    const seeded = await demo.server.call<AlertRule[]>('GET', rulesPath('line-paint-svd-1'), demo.admin)
    expect(seeded.status).toBe(200)
    expect(seeded.body.map((r) => r.type)).toEqual(['Consecutive', 'ExceedanceRuns', 'ExceedanceTime'])
    const rules: AlertRule[] = [
      { type: 'Consecutive', active: false, details: { breaches: 1 } },
      { type: 'ExceedanceRuns', active: true, details: { breaches: 999, runs: 999 } },
      { type: 'ExceedanceTime', active: true, details: { breaches: 1, seconds: 86_400 } },
    ]
    const saved = await demo.server.call<AlertRule[]>(
      'PATCH',
      rulesPath('line-paint-svd-1'),
      demo.admin,
      rules,
    )
    expect(saved).toEqual({ status: 200, body: rules })
    expect((await demo.server.call('GET', rulesPath('line-paint-svd-1'), demo.admin)).body).toEqual(rules)
    await demo.server.call('PATCH', rulesPath('line-paint-svd-1'), demo.admin, seeded.body)
  })

  test('RULE-04 a monitor without stored rules answers an empty list; 404 for unknown or foreign monitors', async () => {
    const signal = (await measurementsOf(demo.server, 'line-paint'))[4]!
    const task = await createTask(
      demo.server,
      demo.admin,
      taskInput('line-paint', 'svd', { signals: [signal.id] }, 302),
    )
    expect(await demo.server.call('GET', rulesPath(task.task_uuid), demo.admin)).toEqual({
      status: 200,
      body: [],
    })
    const unknown = await demo.server.call<ErrorBody>('GET', rulesPath('nope'), demo.admin)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Monitor not found')
    expect((await demo.server.call('PATCH', rulesPath('nope'), demo.admin, [])).status).toBe(404)
    expect((await demo.server.call('GET', rulesPath('line-paint-svd-1'), demo.other)).status).toBe(404)
    expect((await demo.server.call('PATCH', rulesPath('line-paint-svd-1'), demo.other, [])).status).toBe(404)
  })

  test('RULE-02 PATCH answers 400 with the alert-rule messages at every bound', async () => {
    const cases: Array<[AlertRule['type'], Record<string, number>, string]> = [
      ['ExceedanceRuns', { breaches: 7, runs: 1000 }, 'Runs must be 999 or less'],
      ['ExceedanceRuns', { breaches: 7, runs: 0 }, 'Runs must be 1 or higher'],
      ['ExceedanceRuns', { breaches: 7 }, 'Runs field is required'],
      ['ExceedanceRuns', { breaches: 0, runs: 15 }, 'Breaches must be 1 or higher'],
      ['ExceedanceTime', { breaches: 1000, seconds: 900 }, 'Breaches must be 999 or less'],
      ['ExceedanceTime', { breaches: 7, seconds: 59 }, 'Time must be 1 min or more'],
      ['ExceedanceTime', { breaches: 7, seconds: 86_460 }, 'Time must be 1440 min (one day) or less'],
      ['ExceedanceTime', { breaches: 7 }, 'Time field is required'],
      ['Consecutive', { breaches: 0 }, 'Consecutive Breaches must be 1 or higher'],
      ['Consecutive', { breaches: 1000 }, 'Consecutive Breaches must be 999 or less'],
    ]
    for (const [type, details, message] of cases) {
      const res = await demo.server.call<ErrorBody>('PATCH', rulesPath('line-paint-mvd-1'), demo.admin, [
        { type, active: true, details },
      ])
      expect(res.status, message).toBe(400)
      expect(res.body.error.message).toBe(message)
    }
  })

  test('SIG-01 POST /api/signal-groups answers the line groups in snake_case; foreign ids answer 404', async () => {
    const body = { customerUuid: 'cust-demo', plantUuid: 'plant-demo', lineUuid: 'line-assembly' }
    const res = await demo.server.call<Array<Record<string, unknown>>>(
      'POST',
      '/api/signal-groups',
      demo.admin,
      body,
    )
    expect(res.status).toBe(200)
    expect(res.body.map((g) => g.signal_group_uuid)).toEqual([
      'line-assembly-group-1',
      'line-assembly-group-2',
    ])
    for (const g of res.body) {
      expect(Object.keys(g).sort()).toEqual(['signal_group_name', 'signal_group_uuid', 'signal_uuids'])
      expect((g.signal_uuids as string[]).length).toBeGreaterThan(0)
    }
    expect((await demo.server.call('POST', '/api/signal-groups', demo.other, body)).status).toBe(404)
    expect(
      (
        await demo.server.call('POST', '/api/signal-groups', demo.admin, {
          ...body,
          plantUuid: 'plant-other',
        })
      ).status,
    ).toBe(404)
    const unknownLine = await demo.server.call<ErrorBody>('POST', '/api/signal-groups', demo.admin, {
      ...body,
      lineUuid: 'nope',
    })
    expect(unknownLine.body.error.message).toBe('Unable to find the line')
    const missing = await demo.server.call<ErrorBody>('POST', '/api/signal-groups', demo.admin, {
      customerUuid: 'cust-demo',
      plantUuid: 'plant-demo',
    })
    expect(missing.status).toBe(400)
    expect(missing.body.error.message).toBe('Line id is required')
  })

  test('SHELL-04 / 400 / 413: CAP, rules, group and count routes without a session, with malformed and oversized bodies', async () => {
    const withBody: Array<[string, string]> = [
      ['POST', '/api/monitors'],
      ['PATCH', '/api/monitors/line-paint-svd-1'],
      ['PATCH', rulesPath('line-paint-svd-1')],
      ['POST', '/api/signal-groups'],
    ]
    const all = [
      ...withBody,
      ['GET', rulesPath('line-paint-svd-1')],
      ['GET', '/api/plant/get-active-monitor-count?plantId=plant-demo'],
    ]
    for (const [method, path] of all) {
      const res = await demo.server.call<ErrorBody>(
        method!,
        path!,
        undefined,
        method === 'GET' ? undefined : {},
      )
      expect(res.status, path).toBe(401)
      expect(res.body.error.message).toBe('Unauthorized')
    }
    for (const [method, path] of withBody) {
      const malformed = await demo.server.request(method, path, { cookie: demo.admin, raw: '[{' })
      expect(malformed.status, path).toBe(400)
      expect(((await malformed.json()) as ErrorBody).error.message).toBe('Request body is not valid JSON')
      expect(
        (await demo.server.request(method, path, { cookie: demo.admin, raw: OVERSIZED })).status,
        path,
      ).toBe(413)
    }
  })
})
