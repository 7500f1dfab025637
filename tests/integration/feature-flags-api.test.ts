import { afterAll, describe, expect, test } from 'vitest'
import { spawn } from 'node:child_process'
import { FEATURE_FLAGS } from '../../shared/constants'
import type { Plant } from '../../shared/schema/plant'
import {
  applyFeatureFlagSetting,
  parseFeatureFlagSetting,
} from '../../sync-server/domain/feature-flag-settings'
import { getDocument } from '../../sync-server/store/documents'
import { measurementsOf, monitorsOf, pull, pushIntent, taskInput } from './monitor-fixtures'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'

type ErrorBody = { error: { code: string; message: string } }
type FlagsAnswer = {
  customerId: string
  plants: Array<{ plantId: string; featureFlags: Plant['featureFlags']; etqCustomerOverride: boolean }>
}

const TOKEN = 'deploy-secret-1'
const FLAGS_PATH = '/api/deployment/customers/cust-demo/feature-flags'
const allOff = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false]))
const allOn = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true]))

describe.each(DATABASE_KINDS)('SHELL-03 feature flags set by the deployment on %s', (kind) => {
  const demo = useDemoServer(kind, { deploymentToken: TOKEN, signIn: ['admin', 'other'] })

  /** The deployment's call: bearer token, JSON body. */
  const deploy = async <T>(method: string, path: string, body?: unknown, token = TOKEN) => {
    const res = await demo.server.request(method, path, {
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined ? { body } : {}),
    })
    const text = await res.text()
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
  }
  const storedPlant = async (customerId = 'cust-demo', plantId = 'plant-demo') =>
    (await getDocument<Plant>(demo.server.services.db, customerId, 'plants', plantId))!.data

  afterAll(async () => {
    // The suite's server is its own, but leave the demo as seeded for any later test of it.
    await deploy('PATCH', FLAGS_PATH, { ...allOn, etqCustomerOverride: false })
  })

  test('SHELL-03 the endpoint needs the deployment token: none 401, a wrong one 401', async () => {
    const none = await demo.server.call<ErrorBody>('GET', FLAGS_PATH)
    expect(none).toEqual({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } } })
    // An administrator's session is not the deployment's token.
    expect((await demo.server.call('PATCH', FLAGS_PATH, demo.admin, { multiselect: false })).status).toBe(401)
    expect((await deploy('PATCH', FLAGS_PATH, { multiselect: false }, 'wrong-token')).status).toBe(401)
    expect((await storedPlant()).featureFlags.multiselect).toBe(true)
  })

  test('SHELL-03 GET answers every plant of the customer with its flags and the ETQ override', async () => {
    const res = await deploy<FlagsAnswer>('GET', FLAGS_PATH)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      customerId: 'cust-demo',
      plants: [{ plantId: 'plant-demo', featureFlags: allOn, etqCustomerOverride: false }],
    })
  })

  test('SHELL-03 PATCH changes the named flags only, replicates the plant, and leaves other customers alone', async () => {
    const before = await pull(demo.server, demo.admin, 'plants')
    const seqBefore = before.body.documents.find((d) => d.id === 'plant-demo')!.revision
    const res = await deploy<FlagsAnswer>('PATCH', FLAGS_PATH, {
      multiselect: false,
      etqCustomerOverride: true,
    })
    expect(res.status).toBe(200)
    expect(res.body.plants[0]!.featureFlags).toEqual({ ...allOn, multiselect: false })
    expect(res.body.plants[0]!.etqCustomerOverride).toBe(true)
    const after = (await pull(demo.server, demo.admin, 'plants')).body.documents.find(
      (d) => d.id === 'plant-demo',
    )!
    expect(after.featureFlags).toEqual({ ...allOn, multiselect: false })
    expect(after.revision).toBeGreaterThan(seqBefore)
    expect((await storedPlant('cust-other', 'plant-other')).featureFlags).toEqual(allOn)
    await deploy('PATCH', FLAGS_PATH, { multiselect: true, etqCustomerOverride: false })
  })

  test('SHELL-03 a bad setting is a 400 naming the key, an unknown customer 404; nothing changes', async () => {
    const unknown = await deploy<ErrorBody>('PATCH', FLAGS_PATH, { multiselect: false, multiSelect: false })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.message).toContain("unknown feature flag 'multiSelect'")
    const notBoolean = await deploy<ErrorBody>('PATCH', FLAGS_PATH, { limits: 'no' })
    expect(notBoolean).toEqual({
      status: 400,
      body: { error: { code: 'VALIDATION', message: "Request body: 'limits' must be true or false" } },
    })
    const notObject = await deploy<ErrorBody>('PATCH', FLAGS_PATH, [true])
    expect(notObject.status).toBe(400)
    expect(notObject.body.error.message).toBe('Request body must be a JSON object')
    const nobody = await deploy<ErrorBody>('PATCH', '/api/deployment/customers/cust-nobody/feature-flags', {
      limits: false,
    })
    expect(nobody).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: "Customer 'cust-nobody' has no plant on this server" } },
    })
    expect((await storedPlant()).featureFlags).toEqual(allOn)
  })

  test('SHELL-03 FEATURE_FLAGS at start is written into the named customers; an unknown customer stops it', async () => {
    const setting = parseFeatureFlagSetting(JSON.stringify({ 'cust-other': { partMarriage: false } }))
    await applyFeatureFlagSetting(demo.server.services, setting)
    expect((await storedPlant('cust-other', 'plant-other')).featureFlags).toEqual({
      ...allOn,
      partMarriage: false,
    })
    expect((await storedPlant()).featureFlags).toEqual(allOn)
    await applyFeatureFlagSetting(
      demo.server.services,
      parseFeatureFlagSetting('{"cust-other":{"partMarriage":true}}'),
    )
    await expect(
      applyFeatureFlagSetting(
        demo.server.services,
        parseFeatureFlagSetting('{"cust-gone":{"limits":false}}'),
      ),
    ).rejects.toThrow("Customer 'cust-gone' has no plant on this server")
  })

  describe('with every flag off', () => {
    const off = (feature: string) => ({
      code: 'FORBIDDEN',
      status: 403,
      message: `${feature} is turned off for this plant`,
    })
    const rejection = (result: Awaited<ReturnType<typeof pushIntent>>) =>
      result.status === 'applied'
        ? undefined
        : { code: result.rejection.code, status: result.rejection.status, message: result.rejection.message }

    test('SHELL-03 MON-06 creating an MVD monitor is refused (REST 403, push a kept rejection); SVD still works', async () => {
      await deploy('PATCH', FLAGS_PATH, allOff)
      const signals = (await measurementsOf(demo.server, 'line-machining')).map((s) => s.id)
      const mvd = await demo.server.call<ErrorBody>(
        'POST',
        '/api/tasks/create-task',
        demo.admin,
        taskInput('line-machining', 'mvd', { signals: signals.slice(0, 2) }, 4321),
      )
      expect(mvd).toEqual({
        status: 403,
        body: {
          error: {
            code: 'FORBIDDEN',
            message: 'Multi-variate monitor creation is turned off for this plant',
          },
        },
      })
      const svd = await demo.server.call(
        'POST',
        '/api/tasks/create-task',
        demo.admin,
        taskInput('line-machining', 'svd', { signals: signals.slice(3, 4) }, 4322),
      )
      expect(svd.status).toBe(201)
    })

    test('SHELL-03 LINE-05 CAPA-04 feeder lines and exclusions are refused; other line settings are not', async () => {
      const feeders = await demo.server.call<ErrorBody>('PATCH', '/api/lines/line-paint', demo.admin, {
        feederLineIds: ['line-packaging'],
      })
      expect(feeders.status).toBe(403)
      expect(feeders.body.error.message).toBe('Part marriage is turned off for this plant')
      const excluded = await pushIntent(demo.server, demo.admin, {
        name: 'updateLineSettings',
        args: { lineId: 'line-paint', changes: { excludedPartIds: ['P-9'] } },
      })
      expect(rejection(excluded)).toEqual(off('Exclude parts and model numbers'))
      // The values a line already holds are no change: the line editor sends them with the flag off.
      const same = await pushIntent(demo.server, demo.admin, {
        name: 'updateLineSettings',
        args: {
          lineId: 'line-assembly',
          changes: { feederLineIds: ['line-machining'], alertViewingWindowDays: 12 },
        },
      })
      expect(same.status).toBe('applied')
      const cap = (await monitorsOf(demo.server, 'line-assembly')).find((m) => m.monitor_type === 'cap')!
      const switched = await demo.server.call<ErrorBody>(
        'PATCH',
        `/api/monitors/${cap.monitor_uuid}`,
        demo.admin,
        {
          useExcludedPartIds: true,
        },
      )
      expect(switched.status).toBe(403)
      expect(switched.body.error.message).toBe('Exclude parts and model numbers is turned off for this plant')
    })

    test('SHELL-03 SM-04 SM-07 SM-08 multiselect, gated entity types and single sided are refused', async () => {
      const [a, b] = (await measurementsOf(demo.server, 'line-paint')).map((s) => s.id)
      const many = await pushIntent(demo.server, demo.admin, {
        name: 'setSignalStatus',
        args: { signalIds: [a, b], active: false },
      })
      expect(rejection(many)).toEqual(off('Multiselect'))
      for (const [entityType, feature] of [
        ['RESULT', 'Result entity type selection'],
        ['UPPER_LIMIT', 'Limit entity type selection'],
        ['COMPONENT_ID', 'Component id entity type selection'],
      ] as const) {
        const changed = await pushIntent(demo.server, demo.admin, {
          name: 'changeSignalEntityType',
          args: { signalIds: [a], entityType },
        })
        expect(rejection(changed)).toEqual(off(feature))
      }
      const side = await demo.server.call<ErrorBody>('PATCH', '/api/signals', demo.admin, [
        { id: a, singleSide: 'LOWER' },
      ])
      expect(side.status).toBe(403)
      expect(side.body.error.message).toBe('Single-sided limits is turned off for this plant')
      // One signal, ungated values: still allowed.
      const one = await pushIntent(demo.server, demo.admin, {
        name: 'changeSignalEntityType',
        args: { signalIds: [a], entityType: 'PART_ATTRIBUTE' },
      })
      expect(one.status).toBe('applied')
      await pushIntent(demo.server, demo.admin, {
        name: 'changeSignalEntityType',
        args: { signalIds: [a], entityType: 'MEASUREMENT' },
      })
    })

    test('SHELL-03 the same actions are applied once the deployment turns the flags back on', async () => {
      await deploy('PATCH', FLAGS_PATH, allOn)
      const [a, b] = (await measurementsOf(demo.server, 'line-paint')).map((s) => s.id)
      const side = await demo.server.call('PATCH', '/api/signals', demo.admin, [
        { id: a, singleSide: 'LOWER' },
      ])
      expect(side.status).toBe(200)
      const many = await pushIntent(demo.server, demo.admin, {
        name: 'setQualityCharacteristic',
        args: { signalIds: [a, b], qualityCharacteristic: 'Critical' },
      })
      expect(many.status).toBe('applied')
      await demo.server.call('PATCH', '/api/signals', demo.admin, [{ id: a, singleSide: null }])
    })
  })
})

describe('SHELL-03 the server process and FEATURE_FLAGS', () => {
  test('SHELL-03 a bad FEATURE_FLAGS stops the start with a message naming the key', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
      env: {
        ...process.env,
        FEATURE_FLAGS: '{"cust-demo":{"multiselct":false}}',
        PORT: '0',
        DATA_DIR: '/nonexistent-qm',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain("Cannot start: FEATURE_FLAGS.cust-demo: unknown feature flag 'multiselct'")
  })
})

describe('SHELL-03 without DEPLOYMENT_TOKEN', () => {
  const demo = useDemoServer('pglite', { signIn: ['admin'] })
  test('SHELL-03 the deployment routes do not exist (404), even for an administrator', async () => {
    expect((await demo.server.call('GET', FLAGS_PATH)).status).toBe(404)
    expect((await demo.server.call('PATCH', FLAGS_PATH, demo.admin, { limits: false })).status).toBe(404)
  })
})
