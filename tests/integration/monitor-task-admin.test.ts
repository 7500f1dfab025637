import { beforeAll, describe, expect, test } from 'vitest'
import type { Task } from '../../shared/schema/task'
import { DATABASE_KINDS, OTHER_ADMIN, useDemoServer } from './support/test-server'
import { createTask, master, measurementsOf, OTHER_LINE, taskInput, type ErrorBody } from './monitor-fixtures'

/** The task calls around a monitor's life: update, get, delete, list; 401, tenancy, malformed and oversized bodies. */
describe.each(DATABASE_KINDS)('monitor task administration on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin', 'operator'] })
  let assembly: string[]
  beforeAll(async () => {
    assembly = (await measurementsOf(demo.server, 'line-assembly')).map((s) => s.id)
  })

  const getTask = (taskId: string, cookie = demo.admin) =>
    demo.server.call<Task & ErrorBody>('POST', '/api/tasks/get-monitor-by-id', cookie, { taskId })

  test('MON-08 update-task answers 404 for an unknown task and 400 without task_uuid', async () => {
    const body = taskInput('line-assembly', 'mvd', { signals: assembly.slice(0, 2) }, 207)
    const unknown = await demo.server.call<ErrorBody>('PUT', '/api/tasks/update-task', demo.admin, {
      ...body,
      task_uuid: 'nope',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Monitor not found')
    const missing = await demo.server.call<ErrorBody>('PUT', '/api/tasks/update-task', demo.admin, body)
    expect(missing.status).toBe(400)
    const get = await demo.server.call<ErrorBody>('POST', '/api/tasks/get-monitor-by-id', demo.admin, {})
    expect(get.status).toBe(400)
    expect(get.body.error.message).toBe('Task id is required')
    expect((await getTask('nope')).status).toBe(404)
  })

  test('MADM-04 delete-task answers 204; the monitor and its rules are gone; deleting again answers 404', async () => {
    const task = await createTask(
      demo.server,
      demo.admin,
      taskInput('line-assembly', 'svd', { signals: [assembly[2]!] }, 208),
    )
    const rules = [{ type: 'Consecutive', active: true, details: { breaches: 3 } }]
    expect(
      (
        await demo.server.call(
          'PATCH',
          `/api/notifications/monitor-rules/${task.task_uuid}`,
          demo.admin,
          rules,
        )
      ).status,
    ).toBe(200)
    const del = await demo.server.call('DELETE', '/api/tasks/delete-task', demo.operator, {
      monitor_uuid: task.task_uuid,
    })
    expect(del.status).toBe(204)
    expect((await getTask(task.task_uuid)).status).toBe(404)
    expect(
      (await demo.server.call('GET', `/api/notifications/monitor-rules/${task.task_uuid}`, demo.admin))
        .status,
    ).toBe(404)
    const again = await demo.server.call<ErrorBody>('DELETE', '/api/tasks/delete-task', demo.admin, {
      monitor_uuid: task.task_uuid,
    })
    expect(again.status).toBe(404)
    expect(
      (await master(demo.server, demo.admin, 'monitors', 'monitor_uuid', task.task_uuid))?._deleted,
    ).toBe(true)
    expect(
      (await master(demo.server, demo.admin, 'monitorRules', 'monitorId', task.task_uuid))?._deleted,
    ).toBe(true)
    const missing = await demo.server.call<ErrorBody>('DELETE', '/api/tasks/delete-task', demo.admin, {})
    expect(missing.body.error.message).toBe('Monitor id is required')
  })

  test('MADM-01 GET /api/tasks lists the monitors of one line and type, in wire shape', async () => {
    const res = await demo.server.call<Task[]>(
      'GET',
      '/api/tasks?lineId=line-assembly&type=svd',
      demo.operator,
    )
    expect(res.status).toBe(200)
    const ids = res.body.map((t) => t.task_uuid)
    expect(ids).toEqual(expect.arrayContaining(['line-assembly-svd-1', 'line-assembly-svd-2']))
    for (const t of res.body)
      expect(t).toMatchObject({ task_type: 'svd', task_details: { line_uuid: 'line-assembly' } })
    const bad = await demo.server.call<ErrorBody>(
      'GET',
      '/api/tasks?lineId=line-assembly&type=spc',
      demo.admin,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toBe('Monitor type must be one of cap, svd, mvd')
    const noLine = await demo.server.call<ErrorBody>('GET', '/api/tasks?type=mvd', demo.admin)
    expect(noLine.body.error.message).toBe('Line id is required')
    expect(
      (await demo.server.call('GET', '/api/tasks?lineId=line-nowhere&type=mvd', demo.admin)).status,
    ).toBe(404)
    expect(
      (await demo.server.call('GET', `/api/tasks?lineId=${OTHER_LINE}&type=mvd`, demo.admin)).status,
    ).toBe(404)
  })

  test('SHELL-04 every task route answers 401 without a session', async () => {
    const body = taskInput('line-assembly', 'mvd', { signals: assembly.slice(0, 2) }, 209)
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/tasks/create-task', body],
      ['PUT', '/api/tasks/update-task', { ...body, task_uuid: 'line-assembly-mvd-1' }],
      ['POST', '/api/tasks/get-monitor-by-id', { taskId: 'line-assembly-mvd-1' }],
      ['DELETE', '/api/tasks/delete-task', { monitor_uuid: 'line-assembly-mvd-1' }],
      ['GET', '/api/tasks?lineId=line-assembly&type=mvd', undefined],
    ]
    for (const [method, path, payload] of calls) {
      const res = await demo.server.call<ErrorBody>(method, path, undefined, payload)
      expect(res.status, path).toBe(401)
      expect(res.body.error.message).toBe('Unauthorized')
    }
  })

  test('OFF-06 another tenant cannot read, change or delete a monitor, nor create one on a foreign line', async () => {
    const other = await demo.server.signIn(OTHER_ADMIN.email, OTHER_ADMIN.password)
    const seeded = (await getTask('line-assembly-mvd-1')).body
    expect((await getTask('line-assembly-mvd-1', other)).status).toBe(404)
    expect(
      (await demo.server.call('PUT', '/api/tasks/update-task', other, { ...seeded, task_name: 'x' })).status,
    ).toBe(404)
    expect(
      (await demo.server.call('DELETE', '/api/tasks/delete-task', other, { monitor_uuid: seeded.task_uuid }))
        .status,
    ).toBe(404)
    expect((await demo.server.call('GET', '/api/tasks?lineId=line-assembly&type=mvd', other)).status).toBe(
      404,
    )
    const intoDemo = await demo.server.call<ErrorBody>('POST', '/api/tasks/create-task', other, {
      ...seeded,
      task_uuid: undefined,
      task_name: 'Sneaky',
    })
    expect(intoDemo.status).toBe(404)
    expect((await getTask(`${OTHER_LINE}-mvd-1`)).status).toBe(404)
    expect((await getTask('line-assembly-mvd-1')).body).toEqual(seeded)
  })

  test('every task route with a body answers 400 to malformed JSON and 413 to an oversized body', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/tasks/create-task'],
      ['PUT', '/api/tasks/update-task'],
      ['POST', '/api/tasks/get-monitor-by-id'],
      ['DELETE', '/api/tasks/delete-task'],
    ]
    for (const [method, path] of routes) {
      const malformed = await demo.server.request(method, path, { cookie: demo.admin, raw: '{"task_name": ' })
      expect(malformed.status, path).toBe(400)
      expect(((await malformed.json()) as ErrorBody).error.message).toBe('Request body is not valid JSON')
      const big = await demo.server.request(method, path, {
        cookie: demo.admin,
        raw: JSON.stringify({ taskId: 'x'.repeat(1_100_000) }),
      })
      expect(big.status, path).toBe(413)
    }
  })
})
