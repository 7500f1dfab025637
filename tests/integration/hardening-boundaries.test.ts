import { describe, expect, test } from 'vitest'
import { getDocument } from '../../sync-server/store/documents'
import { master, pushIntent, pushIntents, storedMonitor, taskInput, type Doc } from './monitor-fixtures'
import { DATABASE_KINDS, DEMO, useDemoServer } from './support/test-server'

/**
 * Issue 12 items 1, 3, 4 and 6: what the HTTP boundary refuses before any rule runs, and that a
 * refusal changes nothing. Messages are the catalogue's (shared/validation/messages.ts).
 */
type ErrorBody = { error: { code: string; message: string } }
const unstorable = (label: string) =>
  `${label} contains a character that cannot be stored (a NUL character or an unpaired surrogate)`

describe.each(DATABASE_KINDS)('HARDEN boundaries on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin', 'operator'] })
  const db = () => demo.server.services.db

  test.each([
    ['GET', '/api/lines/%00/stations', 'Request path'],
    ['PATCH', '/api/monitors/line-machining-cap-1%00', 'Request path'],
    ['GET', '/api/tasks?lineId=line-paint%00&type=svd', 'Request query'],
    ['GET', '/api/tasks?line%00Id=line-paint', 'Request query'],
  ])('HARDEN-01 %s %s with a NUL answers 400, not 500', async (method, path, label) => {
    const body = method === 'GET' ? undefined : { active: true }
    const res = await demo.server.call<ErrorBody>(method, path, demo.admin, body)
    expect(res).toEqual({ status: 400, body: { error: { code: 'VALIDATION', message: unstorable(label) } } })
  })

  test.each([
    ['a NUL', '\u0000'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'a\udc00b'],
  ])('HARDEN-01 %s in a REST body field answers 400 naming the field and stores nothing', async (_n, bad) => {
    const before = await getDocument(db(), 'cust-demo', 'relianceConfigs', 'line-paint')
    const res = await demo.server.call<ErrorBody>(
      'POST',
      '/api/reliance-configuration/lines/line-paint',
      demo.admin,
      { host: 'https://etq.example', clientId: 'c', clientSecret: 's', tokenEndpoint: `https://t${bad}` },
    )
    expect(res).toEqual({
      status: 400,
      body: {
        error: { code: 'VALIDATION', message: unstorable('tokenEndpoint'), issues: expect.any(Array) },
      },
    })
    expect(await getDocument(db(), 'cust-demo', 'relianceConfigs', 'line-paint')).toEqual(before)
  })

  test('HARDEN-01 a NUL in a pushed change set (value or key) answers 400 and applies no action', async () => {
    const line = async () => (await getDocument(db(), 'cust-demo', 'lines', 'line-machining'))?.data
    const before = await line()
    for (const changes of [{ friendlyName: 'bad\u0000name' }, { ['friendlyName\u0000']: 'x' }]) {
      const res = await pushIntents(demo.server, demo.admin, [
        { name: 'updateLineSettings', args: { lineId: 'line-machining', changes: { friendlyName: 'Fine' } } },
        { name: 'updateLineSettings', args: { lineId: 'line-machining', changes } },
      ])
      expect(res.status).toBe(400)
      expect((res.body as unknown as ErrorBody).error.message).toMatch(/cannot be stored/)
    }
    expect(await line()).toEqual(before)
  })

  test.each([
    ['evaluation_ratio', -1, 'Evaluation ratio must be at least 0.01'],
    ['evaluation_ratio', 0, 'Evaluation ratio must be at least 0.01'],
    ['evaluation_ratio', 1.5, 'Evaluation ratio must be at most 0.5'],
    ['evaluation_ratio', 1e308, 'Evaluation ratio must be at most 0.5'],
    ['sample_size', -1, 'Sample size must be at least 50'],
    ['sample_size', 0, 'Sample size must be at least 50'],
  ])(
    'HARDEN-03 %s %s is refused by create-task, update-task and a pushed updateMonitor',
    async (field, value, message) => {
      const id = 'line-machining-mvd-1'
      const body = taskInput('line-machining', 'svd', { signals: ['x'] }, 333)
      const created = await demo.server.call<ErrorBody>('POST', '/api/tasks/create-task', demo.admin, {
        ...body,
        task_details: { ...body.task_details, [field]: value },
      })
      expect(created.status).toBe(400)
      expect(created.body.error.message).toBe(message)

      const before = await storedMonitor(demo.server, id)
      const task = await demo.server.call<{ task_details: Record<string, unknown> }>(
        'POST',
        '/api/tasks/get-monitor-by-id',
        demo.admin,
        { taskId: id },
      )
      const updated = await demo.server.call<ErrorBody>('PUT', '/api/tasks/update-task', demo.admin, {
        ...task.body,
        task_details: { ...task.body.task_details, [field]: value },
      })
      expect(updated.status).toBe(400)
      expect(updated.body.error.message).toBe(message)

      const m = (await master(demo.server, demo.admin, 'monitors', 'monitor_uuid', id)) as Doc
      const { revision: _r, updatedAt: _u, _deleted: _d, ...monitor } = m
      const filter = m.monitor_filter as Record<string, unknown>
      const pushed = await pushIntent(demo.server, demo.admin, {
        name: 'updateMonitor',
        args: { monitor: { ...monitor, monitor_filter: { ...filter, [field]: value } } },
      })
      expect(pushed).toMatchObject({ status: 'rejected', rejection: { status: 400, message } })
      expect(await storedMonitor(demo.server, id)).toEqual(before)
    },
  )

  const rolesBody = { userId: 'user-operator', role: 'administrator' }
  const operatorRole = async () =>
    (await getDocument<{ role: string }>(db(), 'cust-demo', 'users', 'user-operator'))?.data.role

  test.each([
    ['a foreign Origin', { origin: 'https://evil.example', 'content-type': 'application/json' }, 403],
    ["the literal 'null' Origin", { origin: 'null', 'content-type': 'application/json' }, 403],
    ['a text/plain body', { 'content-type': 'text/plain' }, 415],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['a body without a type', {}, 415],
  ])(
    'HARDEN-04 a state-changing call with %s is refused and changes nothing',
    async (_n, headers, status) => {
      for (const path of ['/api/update-user-roles', '/sync/intents']) {
        const body = path.startsWith('/sync')
          ? JSON.stringify({ protocol: 1, intents: [] })
          : JSON.stringify(rolesBody)
        const init = { method: 'POST', headers: { ...headers, cookie: demo.admin }, body }
        const res = await demo.server.app.request(path, init)
        expect(res.status).toBe(status)
        const answer = (await res.json()) as ErrorBody
        expect(answer.error.message).toBe(
          status === 403
            ? 'Cross-site requests are not accepted'
            : 'Request body must be JSON (Content-Type: application/json)',
        )
      }
      expect(await operatorRole()).toBe('user')
    },
  )

  test("HARDEN-04 the app's own origin (the Host it was addressed by) may write; reads are not checked", async () => {
    const own = await demo.server.app.request('http://qm.plant.example/api/session', {
      method: 'POST',
      headers: { origin: 'https://qm.plant.example', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: DEMO.userEmail, password: DEMO.userPassword }),
    })
    expect(own.status).toBe(200)
    const read = await demo.server.request('GET', '/api/session', {
      cookie: demo.operator,
      headers: { origin: 'https://evil.example' },
    })
    expect(read.status).toBe(200)
  })
})
