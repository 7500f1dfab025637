import { afterEach, describe, expect, test } from 'vitest'
import type { Plant } from '../../shared/schema/plant'
import type { RelianceConfig } from '../../shared/schema/reliance-config'
import { readRelianceSecret } from '../../sync-server/domain/integration-reliance'
import { relianceChecksSettled } from '../../sync-server/domain/reliance-connection'
import { getDocument } from '../../sync-server/store/documents'
import { INTENT_PROTOCOL_VERSION, type IntentOutcome } from '../../shared/sync/intent-protocol'
import { AUTHORS, action, rejectionOf, type PushedAction } from './support/intent-push'
import { readSse } from './support/sse'
import { DATABASE_KINDS, useDemoServer, writeDemoDocument } from './support/test-server'

type ErrorBody = { error: { code: string; message: string } }
type Doc = Record<string, unknown> & { id: string; revision: number; _deleted: boolean }
type Answer<T> = { status: number; body: T }

/** Every secret these tests store or the seed holds contains one of these. */
const SECRET_MARKERS = ['demo-reliance-secret', 'TOP-SECRET']
const expectNoSecret = (text: string) => {
  for (const marker of SECRET_MARKERS) expect(text).not.toContain(marker)
}
const form = {
  apiHost: 'https://reliance.example.test',
  clientId: 'quality-client',
  tokenEndpoint: 'https://reliance.example.test/oauth/token',
}

describe.each(DATABASE_KINDS)('Teams and Reliance integrations on %s', (kind) => {
  const demo = useDemoServer(kind)
  // A saved Reliance configuration is tested after the answer (ETQ-02); no test sees the one before's.
  afterEach(() => relianceChecksSettled(demo.server.services))

  /** Every answer of this file is checked for secrets, whatever the test is about (ETQ-03). */
  async function api<T = ErrorBody>(
    method: string,
    path: string,
    cookie?: string,
    body?: unknown,
  ): Promise<Answer<T>> {
    const res = await demo.server.request(method, path, {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { body } : {}),
    })
    const text = await res.text()
    expectNoSecret(text)
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
  }
  const raw = async (method: string, path: string, text: string) => {
    const res = await demo.server.request(method, path, { cookie: demo.admin, raw: text })
    return { status: res.status, body: (await res.json()) as ErrorBody }
  }
  const pull = (cookie: string, collection: string) =>
    api<{ documents: Doc[] }>('POST', `/sync/${collection}/pull`, cookie, {
      checkpoint: null,
      batchSize: 1000,
    })
  const master = async (collection: string, id: string) =>
    (await pull(demo.admin, collection)).body.documents.find((d) => d.id === id)!
  /** Pushes actions as a device does; the answer is checked for secrets like every other. */
  const pushed = (cookie: string, actions: ReadonlyArray<PushedAction>) =>
    api<{ results: IntentOutcome[] }>('POST', '/sync/intents', cookie, {
      protocol: INTENT_PROTOCOL_VERSION,
      intents: actions,
    })
  const secretOf = (id: string) => readRelianceSecret(demo.server.services.db, 'cust-demo', id)

  /** Runs `fn` with the demo plant changed, then puts the plant back. */
  async function withPlant(change: (p: Plant) => Plant, fn: () => Promise<void>) {
    const db = demo.server.services.db
    const original = (await getDocument<Plant>(db, 'cust-demo', 'plants', 'plant-demo'))!.data
    const write = (data: Plant) => writeDemoDocument(db, 'plants', 'plant-demo', data)
    await write(change(original))
    try {
      await fn()
    } finally {
      await write(original)
    }
  }

  // ── Microsoft Teams ───────────────────────────────────────────────────────
  const teamsList = '/api/notifications/teams-webhooks/plants/plant-demo'
  const teamsLine = (lineId: string, plantId = 'plant-demo') =>
    `/api/notifications/teams-webhooks/plants/${plantId}/lines/${lineId}`

  test('TEAMS-01 GET lists the plant webhooks with id, lineId and lastModifiedDateTime (no URL)', async () => {
    const res = await api<Array<Record<string, unknown>>>('GET', teamsList, demo.operator)
    expect(res.status).toBe(200)
    expect(res.body).toContainEqual({
      id: 'webhook-assembly',
      lineId: 'line-assembly',
      lastModifiedDateTime: expect.stringMatching(/Z$/),
    })
    for (const row of res.body)
      expect(Object.keys(row).sort()).toEqual(['id', 'lastModifiedDateTime', 'lineId'])
  })

  test('TEAMS-02 PUT saves a line webhook (trimmed, server date), a second PUT replaces it, DELETE removes it', async () => {
    const before = Date.now()
    const saved = await api<Record<string, string>>('PUT', teamsLine('line-paint'), demo.operator, {
      url: '  https://demo.webhook.office.com/webhookb2/paint  ',
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      lineId: 'line-paint',
      url: 'https://demo.webhook.office.com/webhookb2/paint',
    })
    expect(Date.parse(saved.body.lastModifiedDateTime!)).toBeGreaterThanOrEqual(before - 1000)
    const id = saved.body.id!

    const replaced = await api<Record<string, string>>('PUT', teamsLine('line-paint'), demo.operator, {
      url: 'https://demo.webhook.office.com/webhookb2/paint-2',
    })
    expect(replaced.body).toMatchObject({ id, url: 'https://demo.webhook.office.com/webhookb2/paint-2' })
    const listed = await api<Array<{ id: string; lineId: string }>>('GET', teamsList, demo.operator)
    expect(listed.body.filter((w) => w.lineId === 'line-paint').map((w) => w.id)).toEqual([id])

    const del = await demo.server.request('DELETE', `/api/notifications/teams-webhooks/${id}`, {
      cookie: demo.operator,
    })
    expect(del.status).toBe(204)
    expect(
      (await api<Array<{ id: string }>>('GET', teamsList, demo.operator)).body.map((w) => w.id),
    ).not.toContain(id)
    expect((await api('DELETE', `/api/notifications/teams-webhooks/${id}`, demo.operator)).status).toBe(404)
  })

  test.each([
    ['an empty URL', 'URL cannot be blank', ''],
    ['a blank URL', 'URL cannot be blank', '   '],
    ['an http URL', 'URL must be a valid https address', 'http://demo.webhook.office.com/x'],
    ['text that is no URL', 'URL must be a valid https address', 'not a url'],
  ])("TEAMS-01 PUT with %s answers 400 '%s'", async (_name, message, url) => {
    const res = await api('PUT', teamsLine('line-machining'), demo.admin, { url })
    expect(res).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ code: 'VALIDATION', message }) },
    })
  })

  test('TEAMS-01 PUT: malformed JSON 400, oversized 413, unknown line 404, no session 401', async () => {
    const bad = await raw('PUT', teamsLine('line-machining'), '{"url":')
    expect(bad).toEqual({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'Request body is not valid JSON' } },
    })
    const big = await api('PUT', teamsLine('line-machining'), demo.admin, { url: 'x'.repeat(1_100_000) })
    expect(big.status).toBe(413)
    expect(
      (await api('PUT', teamsLine('no-such-line'), demo.admin, { url: 'https://a.example/x' })).status,
    ).toBe(404)
    for (const [method, path] of [
      ['GET', teamsList],
      ['PUT', teamsLine('line-machining')],
      ['DELETE', '/api/notifications/teams-webhooks/webhook-assembly'],
    ] as const) {
      const res = await api(
        method,
        path,
        undefined,
        method === 'PUT' ? { url: 'https://a.example/x' } : undefined,
      )
      expect(res).toEqual({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } } })
    }
  })

  test("TEAMS-01 another tenant's plant, line or webhook answers 404 and changes nothing", async () => {
    const url = { url: 'https://evil.example/hook' }
    expect(await api('GET', teamsList, demo.other)).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
    })
    expect((await api('PUT', teamsLine('line-assembly'), demo.other, url)).status).toBe(404)
    expect((await api('PUT', teamsLine('line-assembly', 'plant-other'), demo.other, url)).status).toBe(404)
    expect(
      (await api('DELETE', '/api/notifications/teams-webhooks/webhook-assembly', demo.other)).status,
    ).toBe(404)
    expect(
      (await api('GET', '/api/notifications/teams-webhooks/plants/plant-other', demo.admin)).status,
    ).toBe(404)
    expect((await api('PUT', teamsLine('line-other', 'plant-demo'), demo.admin, url)).status).toBe(404)
    const stored = await getDocument<{ url: string }>(
      demo.server.services.db,
      'cust-demo',
      'teamsWebhooks',
      'webhook-assembly',
    )
    expect(stored?.deleted).toBe(false)
    expect(stored?.data.url).toBe('https://demo.webhook.office.com/webhookb2/assembly-quality')
  })

  test('TEAMS-02 replication: a pushed URL change applies with a server date; a blank URL is rejected and changes nothing', async () => {
    const m = await master('teamsWebhooks', 'webhook-assembly')
    const save = (url: string) =>
      action(
        'saveTeamsWebhook',
        { lineId: 'line-assembly', url, webhookId: 'webhook-assembly' },
        AUTHORS.admin,
      )
    const before = Date.now()
    const ok = await pushed(demo.admin, [save('https://demo.webhook.office.com/webhookb2/pushed')])
    expect(ok.status).toBe(200)
    expect(ok.body.results.map((r) => r.status)).toEqual(['applied'])
    const now = await master('teamsWebhooks', 'webhook-assembly')
    expect(now.url).toBe('https://demo.webhook.office.com/webhookb2/pushed')
    expect(now.lastModifiedDateTime).not.toBe(m.lastModifiedDateTime)
    expect(Date.parse(now.lastModifiedDateTime as string)).toBeGreaterThanOrEqual(before - 1000)

    const rejected = await pushed(demo.admin, [save('')])
    expect(rejected.body.results.map(rejectionOf)).toEqual([
      { code: 'VALIDATION', status: 400, message: 'URL cannot be blank' },
    ])
    expect(await master('teamsWebhooks', 'webhook-assembly')).toMatchObject({
      url: now.url,
      revision: now.revision,
    })
    // Put the seeded URL back for the other tests.
    const back = await pushed(demo.admin, [
      save('https://demo.webhook.office.com/webhookb2/assembly-quality'),
    ])
    expect(back.body.results.map((r) => r.status)).toEqual(['applied'])
  })

  test('TEAMS-01 replication: one webhook per line (a save keeps the line its one webhook) and only lines of the plant (404)', async () => {
    const save = (webhookId: string, lineId: string, url = 'https://a.example/hook') =>
      action('saveTeamsWebhook', { lineId, url, webhookId }, AUTHORS.admin)
    const res = await pushed(demo.admin, [
      save('webhook-second', 'line-assembly'),
      save('webhook-foreign', 'line-other'),
    ])
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'rejected'])
    expect(rejectionOf(res.body.results[1])).toEqual({ code: 'NOT_FOUND', status: 404, message: 'Not found' })
    const ofAssembly = (await pull(demo.admin, 'teamsWebhooks')).body.documents.filter(
      (d) => d.lineId === 'line-assembly' && !d._deleted,
    )
    expect(ofAssembly.map((d) => [d.id, d.url])).toEqual([['webhook-assembly', 'https://a.example/hook']])
    for (const id of ['webhook-second', 'webhook-foreign']) {
      expect(await getDocument(demo.server.services.db, 'cust-demo', 'teamsWebhooks', id)).toBeUndefined()
    }
    const restored = await pushed(demo.admin, [
      save('webhook-assembly', 'line-assembly', 'https://demo.webhook.office.com/webhookb2/assembly-quality'),
    ])
    expect(restored.body.results.map((r) => r.status)).toEqual(['applied'])

    const created = await pushed(demo.admin, [save('webhook-packaging', 'line-packaging')])
    expect(created.body.results.map((r) => r.status)).toEqual(['applied'])
    expect((await master('teamsWebhooks', 'webhook-packaging')).lineId).toBe('line-packaging')
    const deleted = await pushed(demo.admin, [
      action('deleteTeamsWebhook', { webhookId: 'webhook-packaging' }, AUTHORS.admin),
    ])
    expect(deleted.body.results.map((r) => r.status)).toEqual(['applied'])
    expect((await master('teamsWebhooks', 'webhook-packaging'))._deleted).toBe(true)
  })

  test('TEAMS-01 the document push answers 426: webhooks travel only as intents', async () => {
    const m = await master('teamsWebhooks', 'webhook-assembly')
    const res = await api('POST', '/sync/teamsWebhooks/push', demo.admin, [
      { assumedMasterState: m, newDocumentState: { ...m, url: 'https://evil.example/hook' } },
    ])
    expect(res.status).toBe(426)
    expect((await master('teamsWebhooks', 'webhook-assembly')).url).toBe(m.url)
  })

  // ── ETQ Reliance ──────────────────────────────────────────────────────────
  const relianceList = '/api/reliance-configuration/plants/plant-demo'
  const relianceLine = (lineId: string) => `/api/reliance-configuration/lines/${lineId}`

  test('ETQ-02 GET answers the configs by line with status and time, never a secret', async () => {
    const res = await api<Record<string, RelianceConfig>>('GET', relianceList, demo.operator)
    expect(res.status).toBe(200)
    expect(res.body['line-assembly']).toEqual({
      id: 'reliance-line-assembly',
      lineId: 'line-assembly',
      apiHost: 'https://reliance.demo.example',
      clientId: 'quality-line-assembly',
      tokenEndpoint: 'https://reliance.demo.example/oauth/token',
      updatedTime: '2026-01-15T14:00:00.000Z',
      connectionStatus: 'SUCCESS',
    })
    expect(res.body['line-machining']?.id).toBe('reliance-line-machining')
    for (const config of Object.values(res.body)) expect(config).not.toHaveProperty('clientSecret')
  })

  test('ETQ-03 POST creates a config (NOT_CONFIGURED, secret stored apart), DELETE removes it and its secret', async () => {
    const created = await api<RelianceConfig>('POST', relianceLine('line-paint'), demo.operator, {
      ...form,
      clientSecret: 'TOP-SECRET-create',
    })
    expect(created.status).toBe(200)
    expect(created.body).toEqual({
      id: expect.any(String),
      lineId: 'line-paint',
      ...form,
      updatedTime: expect.stringMatching(/Z$/),
      connectionStatus: 'NOT_CONFIGURED',
    })
    expect(await secretOf(created.body.id)).toBe('TOP-SECRET-create')
    const listed = await api<Record<string, RelianceConfig>>('GET', relianceList, demo.operator)
    expect(listed.body['line-paint']?.id).toBe(created.body.id)

    const del = await demo.server.request('DELETE', relianceLine('line-paint'), { cookie: demo.operator })
    expect(del.status).toBe(204)
    expect(await secretOf(created.body.id)).toBeUndefined()
    expect(
      (await api<Record<string, RelianceConfig>>('GET', relianceList, demo.operator)).body,
    ).not.toHaveProperty('line-paint')
    expect((await api('DELETE', relianceLine('line-paint'), demo.operator)).status).toBe(404)
  })

  test.each([
    ['apiHost', 'Host is required'],
    ['clientId', 'Client ID is required'],
    ['tokenEndpoint', 'Token URL is required'],
    ['clientSecret', 'Client Secret is required'],
  ])('ETQ-03 POST with a blank %s answers 400 %s', async (field, message) => {
    const res = await api('POST', relianceLine('line-paint'), demo.admin, {
      ...form,
      clientSecret: 'TOP-SECRET-x',
      [field]: '  ',
    })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(message)
    expect((await api<Record<string, unknown>>('GET', relianceList, demo.admin)).body).not.toHaveProperty(
      'line-paint',
    )
  })

  test("ETQ-03 a new config without a secret answers 400 'Client Secret is required'", async () => {
    const res = await api('POST', relianceLine('line-paint'), demo.admin, form)
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe('Client Secret is required')
  })

  test('ETQ-03 editing without a secret keeps the stored one; a changed config starts NOT_CONFIGURED', async () => {
    const stored = await secretOf('reliance-line-machining')
    expect(stored).toBeTruthy()
    const res = await api<RelianceConfig>('POST', relianceLine('line-machining'), demo.admin, {
      ...form,
      clientId: 'quality-line-machining-2',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: 'reliance-line-machining',
      clientId: 'quality-line-machining-2',
      connectionStatus: 'NOT_CONFIGURED',
    })
    expect(await secretOf('reliance-line-machining')).toBe(stored)

    const blank = await api('POST', relianceLine('line-machining'), demo.admin, { ...form, clientSecret: '' })
    expect(blank.body.error.message).toBe('Client Secret is required')
    const rotated = await api<RelianceConfig>('POST', relianceLine('line-machining'), demo.admin, {
      ...form,
      clientSecret: 'TOP-SECRET-rotated',
    })
    expect(rotated.status).toBe(200)
    expect(await secretOf('reliance-line-machining')).toBe('TOP-SECRET-rotated')
  })

  test('ETQ-02 re-saving an unchanged config keeps its connection status and time', async () => {
    const res = await api<RelianceConfig>('POST', relianceLine('line-assembly'), demo.admin, {
      apiHost: 'https://reliance.demo.example',
      clientId: 'quality-line-assembly',
      tokenEndpoint: 'https://reliance.demo.example/oauth/token',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ connectionStatus: 'SUCCESS', updatedTime: '2026-01-15T14:00:00.000Z' })
  })

  test('ETQ-01 without the ETQ flag or the customer override the calls answer 403; the override alone is enough', async () => {
    const off = (p: Plant): Plant => ({
      ...p,
      etqCustomerOverride: false,
      featureFlags: { ...p.featureFlags, etqIntegration: false },
    })
    await withPlant(off, async () => {
      expect(await api('GET', relianceList, demo.admin)).toEqual({
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Forbidden resource' } },
      })
      expect(
        (await api('POST', relianceLine('line-paint'), demo.admin, { ...form, clientSecret: 'TOP-SECRET-x' }))
          .status,
      ).toBe(403)
      expect((await api('DELETE', relianceLine('line-assembly'), demo.admin)).status).toBe(403)
    })
    await withPlant(
      (p) => ({ ...off(p), etqCustomerOverride: true }),
      async () => {
        expect((await api('GET', relianceList, demo.admin)).status).toBe(200)
      },
    )
    expect(
      (await getDocument(demo.server.services.db, 'cust-demo', 'relianceConfigs', 'reliance-line-assembly'))
        ?.deleted,
    ).toBe(false)
  })

  test("ETQ-03 Reliance: another tenant's plant or line 404, malformed JSON 400, oversized 413, no session 401", async () => {
    expect((await api('GET', relianceList, demo.other)).status).toBe(404)
    expect(
      (
        await api('POST', relianceLine('line-assembly'), demo.other, {
          ...form,
          clientSecret: 'TOP-SECRET-x',
        })
      ).status,
    ).toBe(404)
    expect((await api('DELETE', relianceLine('line-assembly'), demo.other)).status).toBe(404)
    expect((await api('GET', '/api/reliance-configuration/plants/plant-other', demo.admin)).status).toBe(404)
    expect(
      (await api('POST', relianceLine('line-other'), demo.admin, { ...form, clientSecret: 'TOP-SECRET-x' }))
        .status,
    ).toBe(404)
    expect(await secretOf('reliance-line-assembly')).toBe('demo-reliance-secret-assembly')

    const bad = await raw('POST', relianceLine('line-paint'), '{"apiHost":')
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toBe('Request body is not valid JSON')
    expect((await raw('POST', relianceLine('line-paint'), '[1,2]')).status).toBe(400)
    expect(
      (
        await api('POST', relianceLine('line-paint'), demo.admin, {
          ...form,
          clientSecret: 'TOP-SECRET-'.padEnd(1_100_000, 'x'),
        })
      ).status,
    ).toBe(413)
    for (const [method, path] of [
      ['GET', relianceList],
      ['POST', relianceLine('line-paint')],
      ['DELETE', relianceLine('line-assembly')],
    ] as const) {
      expect((await api(method, path, undefined, method === 'POST' ? form : undefined)).status).toBe(401)
    }
  })

  test('ETQ-03 replication: pull, push answers and the stream never carry the secret; a pushed secret is stored', async () => {
    const res = await demo.server.app.request('/sync/stream', { headers: { cookie: demo.admin } })
    const stream = readSse(res)
    try {
      expect(await stream.next()).toBe('RESYNC')
      const m = await master('relianceConfigs', 'reliance-line-machining')
      expect(m).not.toHaveProperty('clientSecret')
      const save = (args: Record<string, unknown>) =>
        action('saveRelianceConfig', { ...form, configId: 'reliance-line-machining', ...args }, AUTHORS.admin)
      const ok = await pushed(demo.admin, [
        save({
          lineId: 'line-machining',
          apiHost: 'https://pushed.example',
          clientId: m.clientId,
          tokenEndpoint: m.tokenEndpoint,
          clientSecret: 'TOP-SECRET-push',
        }),
      ])
      expect(ok.body.results.map((r) => r.status)).toEqual(['applied'])
      expect(await secretOf('reliance-line-machining')).toBe('TOP-SECRET-push')

      // The save, then (ETQ-02) its connection test's result — the seeded token URL does not
      // resolve, so ERROR — both reach the stream, neither with the secret.
      let machining: Doc | undefined
      while (machining?.connectionStatus !== 'ERROR') {
        const data = await stream.next()
        expectNoSecret(data)
        const event = JSON.parse(data) as { collection: string; documents: Doc[] }
        if (event.collection !== 'relianceConfigs') continue
        machining = event.documents.find((d) => d.id === 'reliance-line-machining')
        expect(machining).toMatchObject({ apiHost: 'https://pushed.example' })
      }

      const rejected = await pushed(demo.admin, [
        save({ lineId: 'line-machining', apiHost: '', clientSecret: 'TOP-SECRET-rejected' }),
        save({ lineId: 'line-packaging', configId: 'reliance-new' }),
      ])
      expect(
        rejected.body.results.map((r) => [r.status, rejectionOf(r)?.status, rejectionOf(r)?.message]),
      ).toEqual([
        ['rejected', 400, 'Host is required'],
        ['rejected', 400, 'Client Secret is required'],
      ])
      expect(await secretOf('reliance-line-machining')).toBe('TOP-SECRET-push')
      expect(
        await getDocument(demo.server.services.db, 'cust-demo', 'relianceConfigs', 'reliance-new'),
      ).toBeUndefined()
    } finally {
      await stream.close()
    }
  })

  test('ETQ-03 replication: a pushed status or time is ignored, the server keeps its own', async () => {
    const m = await master('relianceConfigs', 'reliance-line-assembly')
    const res = await pushed(demo.admin, [
      action(
        'saveRelianceConfig',
        {
          lineId: 'line-assembly',
          configId: 'reliance-line-assembly',
          apiHost: m.apiHost,
          clientId: m.clientId,
          tokenEndpoint: m.tokenEndpoint,
          connectionStatus: 'ERROR',
          updatedTime: '2000-01-01T00:00:00.000Z',
        },
        AUTHORS.admin,
      ),
    ])
    expect(res.body.results.map((r) => r.status)).toEqual(['applied'])
    const after = await master('relianceConfigs', 'reliance-line-assembly')
    expect(after).toMatchObject({
      connectionStatus: 'SUCCESS',
      updatedTime: '2026-01-15T14:00:00.000Z',
      revision: m.revision,
    })
  })

  test('ETQ-01 replication: without the ETQ flag or the override a pushed save or delete is refused 403', async () => {
    await withPlant(
      (p) => ({
        ...p,
        etqCustomerOverride: false,
        featureFlags: { ...p.featureFlags, etqIntegration: false },
      }),
      async () => {
        const res = await pushed(demo.admin, [
          action(
            'saveRelianceConfig',
            { ...form, lineId: 'line-paint', clientSecret: 'TOP-SECRET-x', configId: 'reliance-paint' },
            AUTHORS.admin,
          ),
          action('deleteRelianceConfig', { lineId: 'line-assembly' }, AUTHORS.admin),
        ])
        expect(res.body.results.map(rejectionOf)).toEqual([
          { code: 'FORBIDDEN', status: 403, message: 'Forbidden resource' },
          { code: 'FORBIDDEN', status: 403, message: 'Forbidden resource' },
        ])
      },
    )
    expect(
      await getDocument(demo.server.services.db, 'cust-demo', 'relianceConfigs', 'reliance-paint'),
    ).toBeUndefined()
    expect(await secretOf('reliance-line-assembly')).toBe('demo-reliance-secret-assembly')
  })
})
