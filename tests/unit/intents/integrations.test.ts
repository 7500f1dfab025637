import { describe, expect, test } from 'vitest'
import { line, plant, rejectionOf } from './admin-fixtures'
import { changesById, doc, run } from './intent-harness'

/** Teams webhooks and Reliance configs (shared/intents/integrations.ts). */
const NOW = '2026-11-23T12:00:00Z'
const webhook = doc('teamsWebhooks', 'webhook-assembly', {
  id: 'webhook-assembly',
  lineId: 'line-assembly',
  url: 'https://demo.webhook.office.com/a',
  lastModifiedDateTime: '2026-01-01T00:00:00.000Z',
})
const config = doc('relianceConfigs', 'reliance-assembly', {
  id: 'reliance-assembly',
  lineId: 'line-assembly',
  apiHost: 'https://r.example',
  clientId: 'client',
  tokenEndpoint: 'https://r.example/token',
  connectionStatus: 'SUCCESS',
  updatedTime: '2026-01-15T14:00:00.000Z',
})
const lines = [line('line-assembly', 'Assembly'), line('line-paint', 'Paint')]
const etq = plant({ etqIntegration: true })
const form = { apiHost: 'https://r.example', clientId: 'client', tokenEndpoint: 'https://r.example/token' }
const reject = (status: number, code: string, message: string) => ({ status, code, message })

describe('saveTeamsWebhook', () => {
  test.each([
    ['creates a line webhook with the new id', 'line-paint', 'webhook-new', 'webhook-new'],
    [
      "replaces the line's one webhook, whatever id the device sent",
      'line-assembly',
      'webhook-second',
      'webhook-assembly',
    ],
  ])('TEAMS-02 %s (trimmed URL, Date Configured now)', async (_name, lineId, webhookId, storedId) => {
    const result = await run([...lines, webhook], 'saveTeamsWebhook', {
      lineId,
      url: ' https://x.example/h ',
      webhookId,
    })
    expect(result.changes).toHaveLength(1)
    const change = changesById(result.changes).get(`teamsWebhooks/${storedId}`)
    expect(change?.kind === 'put' && change.data).toEqual({
      id: storedId,
      lineId,
      url: 'https://x.example/h',
      lastModifiedDateTime: NOW,
    })
  })

  test('TEAMS-02 re-saving the same URL changes nothing (Date Configured stays)', async () => {
    const args = {
      lineId: 'line-assembly',
      url: 'https://demo.webhook.office.com/a',
      webhookId: 'webhook-assembly',
    }
    expect((await run([...lines, webhook], 'saveTeamsWebhook', args)).changes).toEqual([])
  })

  test.each([
    ['a blank URL', 'line-paint', '  ', reject(400, 'VALIDATION', 'URL cannot be blank')],
    [
      'an http URL',
      'line-paint',
      'http://x.example',
      reject(400, 'VALIDATION', 'URL must be a valid https address'),
    ],
    ['an unknown line', 'line-other', 'https://x.example', reject(404, 'NOT_FOUND', 'Not found')],
  ])('TEAMS-01 %s is refused', async (_name, lineId, url, expected) => {
    const args = { lineId, url, webhookId: 'w' }
    expect(await rejectionOf(run([...lines, webhook], 'saveTeamsWebhook', args))).toEqual(expected)
  })
})

describe('deleteTeamsWebhook', () => {
  test('TEAMS-02 deletes the webhook, named by its line', async () => {
    const result = await run([...lines, webhook], 'deleteTeamsWebhook', { webhookId: 'webhook-assembly' })
    expect(result.changes).toEqual([{ kind: 'delete', collection: 'teamsWebhooks', id: 'webhook-assembly' }])
    expect(result.description).toBe('Delete Microsoft Teams webhook of Assembly')
  })

  test("TEAMS-02 an unknown webhook is 404 'Not found'", async () => {
    expect(await rejectionOf(run(lines, 'deleteTeamsWebhook', { webhookId: 'nope' }))).toEqual(
      reject(404, 'NOT_FOUND', 'Not found'),
    )
  })
})

describe('saveRelianceConfig', () => {
  const save = (args: Record<string, unknown>, docs = [etq, ...lines, config]) =>
    run(docs, 'saveRelianceConfig', { ...form, lineId: 'line-assembly', configId: 'c-new', ...args } as never)

  test.each([
    ['a new config', { lineId: 'line-paint', clientSecret: 's' }, 'c-new'],
    ['a changed client id', { clientId: 'client-2' }, 'reliance-assembly'],
    ['a new secret on an unchanged config', { clientSecret: 's2' }, 'reliance-assembly'],
  ])('ETQ-03 %s is stored NOT_CONFIGURED, now, and never holds the secret', async (_name, args, id) => {
    const result = await save(args)
    const change = changesById(result.changes).get(`relianceConfigs/${id}`)
    expect(change?.kind === 'put' && change.data).toMatchObject({
      id,
      connectionStatus: 'NOT_CONFIGURED',
      updatedTime: NOW,
    })
    expect(JSON.stringify(result.changes)).not.toContain('clientSecret')
  })

  test('ETQ-02 re-saving an unchanged config without a secret keeps its status and time', async () => {
    expect((await save({})).changes).toEqual([])
  })

  test.each([
    [
      'a blank host',
      { apiHost: ' ', clientSecret: 's' },
      [etq],
      reject(400, 'VALIDATION', 'Host is required'),
    ],
    ['a blank client id', { clientId: '' }, [etq], reject(400, 'VALIDATION', 'Client ID is required')],
    ['a blank token URL', { tokenEndpoint: '' }, [etq], reject(400, 'VALIDATION', 'Token URL is required')],
    ['a blank secret', { clientSecret: '' }, [etq], reject(400, 'VALIDATION', 'Client Secret is required')],
    [
      'a new config without a secret',
      { lineId: 'line-paint' },
      [etq],
      reject(400, 'VALIDATION', 'Client Secret is required'),
    ],
    [
      'an unknown line',
      { lineId: 'line-other', clientSecret: 's' },
      [etq],
      reject(404, 'NOT_FOUND', 'Not found'),
    ],
    [
      'no ETQ flag nor override',
      { clientSecret: 's' },
      [plant()],
      reject(403, 'FORBIDDEN', 'Forbidden resource'),
    ],
  ])('ETQ-01/03 %s is refused', async (_name, args, plants, expected) => {
    expect(await rejectionOf(save(args, [...plants, ...lines, config]))).toEqual(expected)
  })

  test('ETQ-01 the customer override alone is enough', async () => {
    const result = await save({ clientSecret: 's' }, [plant({}, true), ...lines, config])
    expect(result.changes).toHaveLength(1)
  })
})

describe('deleteRelianceConfig', () => {
  test("ETQ-02 deletes the line's config", async () => {
    const result = await run([etq, ...lines, config], 'deleteRelianceConfig', { lineId: 'line-assembly' })
    expect(result.changes).toEqual([
      { kind: 'delete', collection: 'relianceConfigs', id: 'reliance-assembly' },
    ])
  })

  test.each([
    ['a line without one', 'line-paint', [etq], reject(404, 'NOT_FOUND', 'Not found')],
    ['no ETQ flag nor override', 'line-assembly', [plant()], reject(403, 'FORBIDDEN', 'Forbidden resource')],
  ])('ETQ-02 deleting for %s is refused', async (_name, lineId, plants, expected) => {
    expect(await rejectionOf(run([...plants, ...lines, config], 'deleteRelianceConfig', { lineId }))).toEqual(
      expected,
    )
  })
})
