import { describe, expect, test } from 'vitest'
import { runIntent } from '../../../shared/intents/run'
import { isIntentName } from '../../../shared/intents'
import { recordRelianceConnection } from '../../../sync-server/domain/reliance-connection'
import { ADMIN_ACTOR, doc } from '../intents/intent-harness'

/**
 * ETQ-02: the server's own write of a connection test's result (sync-server/domain/reliance-connection.ts).
 * The result belongs to the configuration as it was tested: one changed or deleted meanwhile keeps
 * what it has, since its newer save runs its own test.
 */
const config = {
  id: 'reliance-paint',
  lineId: 'line-paint',
  apiHost: 'https://r.example',
  clientId: 'client',
  tokenEndpoint: 'https://r.example/token',
  connectionStatus: 'NOT_CONFIGURED',
  updatedTime: '2026-11-23T12:00:00.000Z',
}
const tested = {
  apiHost: config.apiHost,
  clientId: config.clientId,
  tokenEndpoint: config.tokenEndpoint,
  updatedTime: config.updatedTime,
}

const record = (
  stored: ReadonlyArray<Record<string, unknown>>,
  args: Parameters<typeof recordRelianceConnection.apply>[1],
) =>
  runIntent(
    recordRelianceConnection,
    args,
    { actor: ADMIN_ACTOR, now: '2026-11-23T12:05:00Z' },
    async (reads) =>
      reads.flatMap((read) =>
        'ids' in read
          ? stored
              .filter((d) => read.ids.includes(d.id as string))
              .map((d) => doc('relianceConfigs', d.id as string, d))
          : [],
      ),
  )

describe('recordRelianceConnection', () => {
  test.each(['SUCCESS', 'ERROR'] as const)(
    'ETQ-02 records %s on the configuration it tested, nothing else changes',
    async (status) => {
      const { changes } = await record([config], { configId: config.id, tested, status })
      expect(changes).toEqual([
        expect.objectContaining({
          kind: 'put',
          id: config.id,
          data: { ...config, connectionStatus: status },
          fields: ['connectionStatus'],
        }),
      ])
    },
  )

  test.each([
    ['its token URL', { tokenEndpoint: 'https://other.example/token' }],
    ['its client id', { clientId: 'other' }],
    ['its host', { apiHost: 'https://other.example' }],
    ['its time (a new secret)', { updatedTime: '2026-11-23T12:01:00.000Z' }],
  ])('ETQ-02 a configuration whose %s changed since the test keeps its status', async (_name, change) => {
    const { changes } = await record([{ ...config, ...change }], {
      configId: config.id,
      tested,
      status: 'SUCCESS',
    })
    expect(changes).toEqual([])
  })

  test('ETQ-02 a deleted configuration, or one that already has the status, is left alone', async () => {
    expect((await record([], { configId: config.id, tested, status: 'ERROR' })).changes).toEqual([])
    const failed = { ...config, connectionStatus: 'ERROR' }
    expect((await record([failed], { configId: config.id, tested, status: 'ERROR' })).changes).toEqual([])
  })

  test('ETQ-02 no device can push it: it is not one of the named user intents', () => {
    expect(isIntentName(recordRelianceConnection.name)).toBe(false)
  })
})
