import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DataSource } from '../../shared/schema/data-source'
import type { Line } from '../../shared/schema/line'
import type { Task } from '../../shared/schema/task'
import { Messages } from '../../shared/validation/messages'
import { getDocument } from '../../sync-server/store/documents'
import { measurementsOf, taskInput } from './monitor-fixtures'
import { DATABASE_KINDS, useDemoServer, writeDemoDocument } from './support/test-server'

/**
 * What the embedded server offers a gateway in front of it (a client of its REST API like any other):
 * `Idempotency-Key` on writes (a retried call is answered, not applied twice), conditional reads
 * (ETag / If-None-Match), the plant read, the Teams webhooks with their URLs, body-less deletes
 * declared JSON — and none of the gateway's own routes.
 */
type ErrorBody = { error: { code: string; message: string; task_uuid?: string } }
type Doc = Record<string, unknown> & { id: string; revision: number; _deleted: boolean }
type UserRow = { id: string; email: string }

describe.each(DATABASE_KINDS)('the API a gateway uses, embedded, on %s', (kind) => {
  const demo = useDemoServer(kind)
  let machining: string[]
  beforeAll(async () => {
    machining = (await measurementsOf(demo.server, 'line-machining')).map((s) => s.id)
  })

  /** A call with an optional Idempotency-Key; answers status, headers and the parsed body. */
  async function send<T = unknown>(
    method: string,
    path: string,
    options: {
      cookie?: string | undefined
      body?: unknown
      key?: string
      headers?: Record<string, string>
    } = {},
  ): Promise<{ status: number; headers: Headers; body: T; text: string }> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) }
    if (options.key !== undefined) headers['Idempotency-Key'] = options.key
    const res = await demo.server.request(method, path, {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      headers,
    })
    const text = await res.text()
    return {
      status: res.status,
      headers: res.headers,
      body: (text ? JSON.parse(text) : undefined) as T,
      text,
    }
  }

  const tasksOf = async (lineId: string, type: string) => {
    const res = await send<Task[]>('GET', `/api/tasks?lineId=${lineId}&type=${type}`, { cookie: demo.admin })
    expect(res.status).toBe(200)
    return res.body
  }
  const usersWith = async (email: string) => {
    const res = await send<UserRow[]>('GET', '/api/customer-users-for-user', { cookie: demo.admin })
    expect(res.status).toBe(200)
    return res.body.filter((u) => u.email === email)
  }
  const getLine = async (id: string) =>
    (await send<Line>('GET', `/api/lines/${id}`, { cookie: demo.admin })).body
  const pulled = async (collection: string, cookie = demo.admin) => {
    const res = await send<{ documents: Doc[] }>('POST', `/sync/${collection}/pull`, {
      cookie,
      body: { checkpoint: null, batchSize: 1000 },
    })
    expect(res.status).toBe(200)
    return res.body.documents
  }
  const revisionOf = async (collection: string, id: string) =>
    (await pulled(collection)).find((d) => d.id === id)!.revision
  const newKey = (what: string) => `${what}-${randomUUID()}`

  // ── Idempotency-Key ─────────────────────────────────────────────────────────
  test('MON-06 OFF-03 create-task sent twice with one Idempotency-Key creates one monitor, answered alike', async () => {
    const body = taskInput('line-machining', 'mvd', { signals: machining.slice(0, 2) }, 301)
    const key = newKey('create')
    const first = await send<Task>('POST', '/api/tasks/create-task', { cookie: demo.admin, body, key })
    expect(first.status).toBe(201)
    const again = await send<Task>('POST', '/api/tasks/create-task', { cookie: demo.admin, body, key })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect((await tasksOf('line-machining', 'mvd')).filter((t) => t.task_name === body.task_name)).toEqual([
      first.body,
    ])

    // Another key is another call: the same settings are applied again, and refused as a duplicate.
    const otherKey = await send<ErrorBody>('POST', '/api/tasks/create-task', {
      cookie: demo.admin,
      body,
      key: newKey('create'),
    })
    expect(otherKey.status).toBe(409)
    expect(otherKey.body.error.task_uuid).toBe(first.body.task_uuid)

    // Another key with other settings creates another monitor.
    const second = { ...taskInput('line-machining', 'mvd', { signals: machining.slice(0, 2) }, 302) }
    const created = await send<Task>('POST', '/api/tasks/create-task', {
      cookie: demo.admin,
      body: second,
      key: newKey('create'),
    })
    expect(created.status).toBe(201)
    expect(created.body.task_uuid).not.toBe(first.body.task_uuid)
    const names = (await tasksOf('line-machining', 'mvd')).map((t) => t.task_name)
    expect(names.filter((n) => n === body.task_name || n === second.task_name).sort()).toEqual(
      [body.task_name, second.task_name].sort(),
    )
  })

  test('USER-02 OFF-03 add-user sent twice with one Idempotency-Key adds one user, answered alike', async () => {
    const email = `idem.${kind}@demo.plant`
    const body = { email, locationPlantId: 'plant-demo', locationName: 'Demo Plant' }
    const key = newKey('add-user')
    const path = '/api/add-user?customerId=cust-demo'
    const first = await send<UserRow>('POST', path, { cookie: demo.admin, body, key })
    expect(first.status).toBe(201)
    const again = await send<UserRow>('POST', path, { cookie: demo.admin, body, key })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect((await usersWith(email)).map((u) => u.id)).toEqual([first.body.id])

    // Without the key the same call is applied again, and refused: the user exists.
    const plain = await send<ErrorBody>('POST', path, { cookie: demo.admin, body })
    expect(plain.status).toBe(409)
    expect(plain.body.error.message).toBe('User with the email already exists')
  })

  test('LINE-05 OFF-03 a PATCH of a line retried with its Idempotency-Key is applied once; a later change stands', async () => {
    const key = newKey('patch')
    const first = await send<Line>('PATCH', '/api/lines/line-paint', {
      cookie: demo.admin,
      body: { ingestionThresholdHours: 11 },
      key,
    })
    expect(first.status).toBe(200)
    expect(first.body.ingestionThresholdHours).toBe(11)
    const revision = await revisionOf('lines', 'line-paint')

    const again = await send<Line>('PATCH', '/api/lines/line-paint', {
      cookie: demo.admin,
      body: { ingestionThresholdHours: 11 },
      key,
    })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(await revisionOf('lines', 'line-paint')).toBe(revision)

    // Someone changes the line; the old call retried does not put its value back.
    const later = await send<Line>('PATCH', '/api/lines/line-paint', {
      cookie: demo.operator,
      body: { ingestionThresholdHours: 12 },
    })
    expect(later.body.ingestionThresholdHours).toBe(12)
    const retried = await send<Line>('PATCH', '/api/lines/line-paint', {
      cookie: demo.admin,
      body: { ingestionThresholdHours: 11 },
      key,
    })
    expect(retried.status).toBe(200)
    expect((await getLine('line-paint')).ingestionThresholdHours).toBe(12)

    // Another key is another call: applied.
    const other = await send<Line>('PATCH', '/api/lines/line-paint', {
      cookie: demo.admin,
      body: { ingestionThresholdHours: 11 },
      key: newKey('patch'),
    })
    expect(other.body.ingestionThresholdHours).toBe(11)
    expect((await getLine('line-paint')).ingestionThresholdHours).toBe(11)
  })

  test('OFF-06 an invalid Idempotency-Key (empty, 201 characters, a space, non-ASCII) is refused with 400, nothing written', async () => {
    const lineBefore = await getLine('line-assembly')
    const lineRevision = await revisionOf('lines', 'line-assembly')
    const invalid = ['', 'k'.repeat(201), 'two words', 'clé']
    for (const [i, key] of invalid.entries()) {
      const task = taskInput('line-machining', 'svd', { signals: [machining[0]!] }, 310 + i)
      const created = await send<ErrorBody>('POST', '/api/tasks/create-task', {
        cookie: demo.admin,
        body: task,
        key,
      })
      expect(created.status, `create-task with key ${JSON.stringify(key)}`).toBe(400)
      expect(created.body.error.code).toBe('VALIDATION')
      expect(created.body.error.message).toContain('Idempotency-Key')
      expect((await tasksOf('line-machining', 'svd')).some((t) => t.task_name === task.task_name)).toBe(false)

      const email = `bad-key.${i}.${kind}@demo.plant`
      const added = await send('POST', '/api/add-user?customerId=cust-demo', {
        cookie: demo.admin,
        body: { email, locationPlantId: 'plant-demo', locationName: 'Demo Plant' },
        key,
      })
      expect(added.status).toBe(400)
      expect(await usersWith(email)).toEqual([])

      const patched = await send('PATCH', '/api/lines/line-assembly', {
        cookie: demo.admin,
        body: { excludedModelNumbers: ['MX-bad-key'] },
        key,
      })
      expect(patched.status).toBe(400)
    }
    expect(await getLine('line-assembly')).toEqual(lineBefore)
    expect(await revisionOf('lines', 'line-assembly')).toBe(lineRevision)

    // The bounds themselves are valid: 200 visible ASCII characters, '!' to '~'.
    for (const key of ['k'.repeat(200), '!~']) {
      const task = taskInput(
        'line-machining',
        'svd',
        { signals: [machining[0]!] },
        key.length === 2 ? 320 : 321,
      )
      const created = await send('POST', '/api/tasks/create-task', { cookie: demo.admin, body: task, key })
      expect(created.status, `create-task with key of ${key.length} characters`).toBe(201)
    }
  })

  test('OFF-03 an Idempotency-Key on a GET is ignored, valid or not', async () => {
    const plain = await send<Line>('GET', '/api/lines/line-paint', { cookie: demo.operator })
    expect(plain.status).toBe(200)
    for (const key of ['not valid: it has spaces', '', newKey('get')]) {
      const res = await send<Line>('GET', '/api/lines/line-paint', { cookie: demo.operator, key })
      expect(res.status).toBe(200)
      expect(res.body).toEqual(plain.body)
    }
  })

  test('OFF-06 an Idempotency-Key of one customer is not answered from another customer’s calls', async () => {
    const key = newKey('shared')
    const ours = await send<Task>('POST', '/api/tasks/create-task', {
      cookie: demo.admin,
      body: taskInput('line-machining', 'mvd', { signals: machining.slice(2, 4) }, 330),
      key,
    })
    expect(ours.status).toBe(201)
    const otherSignals = (await measurementsOf(demo.server, 'line-other', 'cust-other')).map((s) => s.id)
    const theirs = await send<Task>('POST', '/api/tasks/create-task', {
      cookie: demo.other,
      body: taskInput('line-other', 'mvd', { signals: otherSignals.slice(0, 2) }, 330),
      key,
    })
    expect(theirs.status).toBe(201)
    expect(theirs.body.task_uuid).not.toBe(ours.body.task_uuid)
    expect(theirs.body.task_details.line_uuid).toBe('line-other')
  })

  // ── Conditional reads ───────────────────────────────────────────────────────
  test('OFF-06 an Idempotency-Key sent again with another request is refused with 422; another user’s same key is their own call', async () => {
    const key = newKey('reused')
    const first = await send<Line>('PATCH', '/api/lines/line-paint', {
      cookie: demo.admin,
      body: { ingestionThresholdHours: 21 },
      key,
    })
    expect(first.status).toBe(200)
    const before = await getLine('line-assembly')
    const otherPath = await send<ErrorBody>('PATCH', '/api/lines/line-assembly', {
      cookie: demo.admin,
      body: { ingestionThresholdHours: 22 },
      key,
    })
    expect(otherPath.status).toBe(422)
    expect(otherPath.body.error.message).toBe(Messages.server.idempotencyKeyReused)
    expect((await getLine('line-assembly')).ingestionThresholdHours).toBe(before.ingestionThresholdHours)
    const otherBody = await send<ErrorBody>('PATCH', '/api/lines/line-paint', {
      cookie: demo.admin,
      body: { ingestionThresholdHours: 23 },
      key,
    })
    expect(otherBody.status).toBe(422)
    expect((await getLine('line-paint')).ingestionThresholdHours).toBe(21)
    // The operator's call with the same key is not the administrator's.
    const operator = await send<Line>('PATCH', '/api/lines/line-paint', {
      cookie: demo.operator,
      body: { ingestionThresholdHours: 24 },
      key,
    })
    expect(operator.status).toBe(200)
    expect((await getLine('line-paint')).ingestionThresholdHours).toBe(24)
  })

  test('OFF-03 GET /api/lines/{id} answers an ETag; with If-None-Match 304 and no body; after a PATCH 200 and a new ETag', async () => {
    const first = await send<Line>('GET', '/api/lines/line-machining', { cookie: demo.admin })
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()

    const unchanged = await send('GET', '/api/lines/line-machining', {
      cookie: demo.admin,
      headers: { 'if-none-match': etag! },
    })
    expect(unchanged.status).toBe(304)
    expect(unchanged.text).toBe('')

    const patched = await send<Line>('PATCH', '/api/lines/line-machining', {
      cookie: demo.admin,
      body: { excludedModelNumbers: [...first.body.excludedModelNumbers, 'MX-etag'] },
    })
    expect(patched.status).toBe(200)
    const changed = await send<Line>('GET', '/api/lines/line-machining', {
      cookie: demo.admin,
      headers: { 'if-none-match': etag! },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.excludedModelNumbers).toContain('MX-etag')
    const newEtag = changed.headers.get('etag')
    expect(newEtag).toBeTruthy()
    expect(newEtag).not.toBe(etag)
    const now = await send('GET', '/api/lines/line-machining', {
      cookie: demo.admin,
      headers: { 'if-none-match': newEtag! },
    })
    expect(now.status).toBe(304)

    await send('PATCH', '/api/lines/line-machining', {
      cookie: demo.admin,
      body: { excludedModelNumbers: first.body.excludedModelNumbers },
    })
  })

  // ── The plant ───────────────────────────────────────────────────────────────
  test('SHELL-03 SHELL-09 GET /api/plants/{plantId} answers the session’s plant with its time zone and feature flags', async () => {
    const replicated = (await pulled('plants')).find((d) => d.id === 'plant-demo')!
    for (const cookie of [demo.admin, demo.operator]) {
      const res = await send<Record<string, unknown>>('GET', '/api/plants/plant-demo', { cookie })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id: 'plant-demo',
        timeZone: replicated.timeZone,
        featureFlags: replicated.featureFlags,
      })
      expect(typeof res.body.timeZone).toBe('string')
      expect(Object.keys(res.body.featureFlags as object).length).toBeGreaterThan(0)
    }
    const theirs = await send<Record<string, unknown>>('GET', '/api/plants/plant-other', {
      cookie: demo.other,
    })
    expect(theirs.status).toBe(200)
    expect(theirs.body.id).toBe('plant-other')
  })

  test('SHELL-04 GET /api/plants/{plantId}: another plant or another customer’s plant 404, no session 401', async () => {
    for (const [cookie, plantId] of [
      [demo.admin, 'plant-other'],
      [demo.admin, 'no-such-plant'],
      [demo.other, 'plant-demo'],
    ] as const) {
      const res = await send<ErrorBody>('GET', `/api/plants/${plantId}`, { cookie })
      expect(res.status, plantId).toBe(404)
      expect(res.text).not.toContain('featureFlags')
    }
    const none = await send<ErrorBody>('GET', '/api/plants/plant-demo')
    expect(none.status).toBe(401)
    expect(none.body.error.message).toBe('Unauthorized')
  })

  // ── Microsoft Teams ─────────────────────────────────────────────────────────
  test('TEAMS-01 the Teams webhooks list with ?include=url carries each webhook’s URL; without it, the three fields only', async () => {
    const list = '/api/notifications/teams-webhooks/plants/plant-demo'
    const replicated = await pulled('teamsWebhooks', demo.operator)
    expect(replicated.length).toBeGreaterThan(0)

    const withUrl = await send<Array<Record<string, unknown>>>('GET', `${list}?include=url`, {
      cookie: demo.operator,
    })
    expect(withUrl.status).toBe(200)
    expect(withUrl.body).toHaveLength(replicated.length)
    for (const row of withUrl.body) {
      expect(Object.keys(row).sort()).toEqual(['id', 'lastModifiedDateTime', 'lineId', 'url'])
      expect(row.url).toBe(replicated.find((d) => d.id === row.id)!.url)
    }

    const plain = await send<Array<Record<string, unknown>>>('GET', list, { cookie: demo.operator })
    expect(plain.body).toHaveLength(replicated.length)
    for (const row of plain.body)
      expect(Object.keys(row).sort()).toEqual(['id', 'lastModifiedDateTime', 'lineId'])
    expect(plain.text).not.toContain('webhook.office')
  })

  // ── The gateway's routes ────────────────────────────────────────────────────
  test('OFF-03 the gateway’s own routes are not there in the embedded mode (404)', async () => {
    const poke = await send<ErrorBody>('POST', '/gateway/poke', { body: { customerId: 'cust-demo' } })
    expect(poke.status).toBe(404)
    const emptyPoke = await send<ErrorBody>('POST', '/gateway/poke', {
      headers: { 'content-type': 'application/json' },
    })
    expect(emptyPoke.status).toBe(404)
    const status = await send<ErrorBody>('GET', '/api/gateway/status', { cookie: demo.admin })
    expect(status.status).toBe(404)
    expect(status.body.error.code).toBe('NOT_FOUND')
  })

  // ── Body-less deletes ───────────────────────────────────────────────────────
  describe('DS-03 a DELETE declared JSON with no body (as a gateway sends it)', () => {
    let http: ServerType | undefined
    let baseUrl = ''
    beforeAll(async () => {
      http = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: demo.server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
      })
      baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
    })
    afterAll(async () => {
      if (http) await new Promise<void>((resolve) => http!.close(() => resolve()))
    })

    /** Puts a data source back as seeded (the API cannot create one). */
    const restoreSource = (id: string, data: DataSource) =>
      writeDemoDocument(demo.server.services.db, 'dataSources', id, data)
    const sourceIds = async () =>
      (
        await send<DataSource[]>('GET', '/api/plants/plant-demo/data-sources', { cookie: demo.admin })
      ).body.map((s) => s.id)

    test('DS-03 OFF-03 in process and over HTTP, the source is deleted (204)', async () => {
      const db = demo.server.services.db
      const seeded = (await getDocument<DataSource>(db, 'cust-demo', 'dataSources', 'source-mes'))!.data
      try {
        const inProcess = await send('DELETE', '/api/data-sources/source-mes', {
          cookie: demo.admin,
          headers: { 'content-type': 'application/json' },
        })
        expect(inProcess.status).toBe(204)
        expect(await sourceIds()).not.toContain('source-mes')
        await restoreSource('source-mes', seeded)
        expect(await sourceIds()).toContain('source-mes')

        const res = await fetch(`${baseUrl}/api/data-sources/source-mes`, {
          method: 'DELETE',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            cookie: demo.admin,
            'idempotency-key': newKey('delete'),
          },
        })
        expect(res.status).toBe(204)
        expect(await sourceIds()).not.toContain('source-mes')
      } finally {
        await restoreSource('source-mes', seeded)
      }
    })
  })
})
