import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { INTENTS } from '../../shared/intents'
import type { SignalLimitEntry } from '../../shared/schema/signal-limit'
import { INTENT_PROTOCOL_VERSION, type IntentPushResponse } from '../../shared/sync/intent-protocol'
import type { PullResponse } from '../../shared/sync/protocol'
import { replaceStrings } from '../../shared/sync/replace-ids'
import { relianceChecksSettled } from '../../sync-server/domain/reliance-connection'
import { startGatewayRig, type GatewayRig } from './support/gateway-rig'
import { differences, entities, pullAll, withoutEmptyRules, type PlantDocuments } from './support/plant-state'
import { DEMO, startTestServer, type TestServer } from './support/test-server'

/**
 * Every intent's upstream plan (sync-server/gateway/plans/) against the authority's own engine: two
 * instances of this product seeded alike; one change set of actions covering every intent goes to
 * one of them through a gateway (its plans' REST calls) and to the other directly (its intent push).
 * Both must give every action the same verdict and end with the same plant — ids the authority minted
 * mapped back to the device's, and times each server stamps on its own left out.
 */
const OWN_TIMES = ['lastLogin', 'lastModifiedDateTime', 'updatedTime', 'lastIngestedTime']
/**
 * A Reliance configuration's status is what each server found when it tried the connection, after
 * its answer (ETQ-02, tests/integration/reliance-connection.test.ts): the replica learns the
 * authority's by its next poll, which this test does not wait for.
 */
const OWN_FINDINGS = ['connectionStatus']

describe.each(['pglite', 'postgres'] as const)('upstream plans on %s', (kind) => {
  let rig: GatewayRig
  let direct: TestServer
  let device: string
  let directCookie: string
  beforeAll(async () => {
    rig = await startGatewayRig(kind, { pollStructureMs: 600_000, pollBulkMs: 600_000 })
    direct = await startTestServer('pglite')
    device = await rig.gateway.signIn()
    directCookie = await direct.signIn()
  }, 60_000)
  afterAll(async () => {
    // Connection tests still running would write to closed databases.
    if (rig) await relianceChecksSettled(rig.authority.server.services)
    if (direct) await relianceChecksSettled(direct.services)
    await rig?.close()
    await direct?.close()
  })

  const pullDirect = () =>
    pullAll(async (path, body) => (await direct.call<PullResponse>('POST', path, directCookie, body)).body)
  const pullUpstream = async () => {
    const cookie = await rig.authority.signIn()
    return pullAll(
      async (path, body) => (await rig.authority.call<PullResponse>('POST', path, cookie, body)).body,
    )
  }

  test('MON-06 MON-07 LINE-03 SM-04 SM-10 CAPA-02 CAPL-02 TEAMS-02 ETQ-02 USER-02 DS-03 every intent through the gateway does what it does on the authority itself', async () => {
    const before = await pullDirect()
    const actions = scenario(before)
    expect(new Set(actions.map((a) => a.name))).toEqual(new Set(Object.keys(INTENTS)))

    const author = (await direct.call<{ id: string }>('GET', '/api/session', directCookie)).body.id
    const toWire = (a: (typeof actions)[number]) => ({
      ...a,
      author,
      createdAt: new Date().toISOString(),
      base: [],
    })
    const straight = await direct.call<IntentPushResponse>('POST', '/sync/intents', directCookie, {
      protocol: INTENT_PROTOCOL_VERSION,
      intents: actions.map(toWire),
    })
    const through = await rig.gateway.push(device, actions)
    expect(straight.status).toBe(200)
    expect(through.status).toBe(200)
    const verdict = (r: IntentPushResponse['results'][number]) =>
      r.status === 'applied' ? 'applied' : `${r.status} ${r.rejection.code} ${r.rejection.message}`
    expect(through.body.results.map(verdict)).toEqual(straight.body.results.map(verdict))
    // The scenario exercises refusals too, not only applications.
    expect(straight.body.results.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0)

    // The authority's ids of what the gateway created, mapped back to the ids the device minted.
    const minted = new Map(
      through.body.results.flatMap((r) =>
        r.status === 'applied'
          ? Object.entries(r.replacedIds ?? {}).map(([from, to]) => [to, from] as const)
          : [],
      ),
    )
    expect(minted.size, 'the authority minted ids of its own').toBeGreaterThan(0)
    const upstream = replaceStrings(await pullUpstream(), minted) as PlantDocuments
    const expected = await pullDirect()
    const own = [...OWN_TIMES, ...OWN_FINDINGS]
    expect(differences(entities(upstream, own), entities(expected, own))).toEqual([])
    // And the replica the devices pull equals the authority it stands in front of.
    const replica = replaceStrings(
      await pullAll(
        async (path, body) => (await rig.gateway.call<PullResponse>('POST', path, device, body)).body,
      ),
      minted,
    ) as PlantDocuments
    // (lastLogin: signing in to read the authority above stamped it after the replica's last read.)
    expect(
      differences(
        withoutEmptyRules(entities(replica, ['lastLogin', ...OWN_FINDINGS])),
        withoutEmptyRules(entities(upstream, ['lastLogin', ...OWN_FINDINGS])),
      ),
    ).toEqual([])
  })
})

/** One action of each intent (and a few refusals), on the seeded demo plant. */
function scenario(plant: PlantDocuments): Array<{ id: string; name: string; args: unknown }> {
  const id = () => randomUUID()
  const monitor = plant.monitors.find((m) => m.monitor_uuid === 'line-machining-svd-2')!
  const { updatedAt: _u, revision: _r, _deleted: _d, ...svd } = monitor
  const limits = plant.signalLimits.find((l) => l.signalUUID === 'line-paint-st-1-m2')!
  const { updatedAt: _lu, revision: _lr, _deleted: _ld, ...entry } = limits
  const editedEntry = {
    ...(entry as unknown as SignalLimitEntry),
    limits: (entry as unknown as SignalLimitEntry).limits.map((l, i) =>
      i === 0 ? { ...l, uclFormula: '77' } : l,
    ),
  }
  const rules = [
    { type: 'Consecutive', active: true, details: { breaches: 4 } },
    { type: 'ExceedanceRuns', active: true, details: { breaches: 5, runs: 20 } },
    { type: 'ExceedanceTime', active: false, details: { breaches: 7, seconds: 900 } },
  ]
  const newMonitor = {
    ...svd,
    monitor_uuid: id(),
    monitor_name: 'Plan monitor',
    monitor_type: 'mvd',
    active: true,
    monitor_filter: {
      ...(svd.monitor_filter as Record<string, unknown>),
      signal_uuids: ['line-machining-st-2-m1', 'line-machining-st-2-m2'],
      part_numbers: ['plan'],
    },
  }
  return [
    {
      id: id(),
      name: 'updateLineSettings',
      args: {
        lineId: 'line-machining',
        changes: { friendlyName: 'Plan Machining', ingestionThresholdHours: 12 },
      },
    },
    {
      id: id(),
      name: 'updateLineSettings',
      args: { lineId: 'line-paint', changes: { feederLineIds: ['line-assembly'] } },
    },
    { id: id(), name: 'setLineActive', args: { lineId: 'line-paint', active: false } },
    { id: id(), name: 'setLineActive', args: { lineId: 'line-paint', active: true } },
    { id: id(), name: 'createMonitor', args: { monitor: newMonitor, rules } },
    {
      id: id(),
      name: 'createMonitor',
      args: { monitor: { ...newMonitor, monitor_uuid: id(), monitor_name: 'Plan copy' } },
    },
    {
      id: id(),
      name: 'updateMonitor',
      args: { monitor: { ...svd, monitor_name: 'Plan renamed SVD', frequency: 30 }, rules },
    },
    { id: id(), name: 'setMonitorActive', args: { monitorId: 'line-assembly-mvd-2', active: false } },
    {
      id: id(),
      name: 'updateMonitorSwitches',
      args: { monitorId: 'line-assembly-svd-1', useExcludedPartIds: true },
    },
    { id: id(), name: 'deleteMonitor', args: { monitorId: 'line-assembly-mvd-1' } },
    { id: id(), name: 'saveAlertRules', args: { monitorId: 'line-paint-svd-1', rules } },
    {
      id: id(),
      name: 'setCapAlert',
      args: { signalId: 'line-paint-st-2-m1', active: true, newMonitorId: id() },
    },
    {
      id: id(),
      name: 'setCapAlert',
      args: { signalId: 'line-paint-st-1-m1', active: false, newMonitorId: id() },
    },
    {
      id: id(),
      name: 'saveTeamsWebhook',
      args: { lineId: 'line-paint', url: 'https://demo.webhook.office.com/webhookb2/plan', webhookId: id() },
    },
    { id: id(), name: 'deleteTeamsWebhook', args: { webhookId: 'webhook-assembly' } },
    {
      id: id(),
      name: 'saveRelianceConfig',
      args: {
        lineId: 'line-paint',
        apiHost: 'https://etq.plan.example',
        clientId: 'plan-client',
        tokenEndpoint: 'https://etq.plan.example/token',
        clientSecret: 'plan-secret',
        configId: id(),
      },
    },
    { id: id(), name: 'deleteRelianceConfig', args: { lineId: 'line-machining' } },
    {
      id: id(),
      name: 'addUser',
      args: {
        userId: id(),
        email: 'plan.user@demo.plant',
        locationPlantId: 'plant-demo',
        locationName: 'Demo Plant',
      },
    },
    {
      id: id(),
      name: 'addUser',
      args: {
        userId: id(),
        email: DEMO.userEmail,
        locationPlantId: 'plant-demo',
        locationName: 'Demo Plant',
      },
    },
    { id: id(), name: 'setUserRole', args: { userId: 'user-engineer', role: 'administrator' } },
    {
      id: id(),
      name: 'setUserLocation',
      args: {
        userId: 'user-new-hire',
        locationConfig: { locationName: 'Demo Plant', locationPlantId: 'plant-demo' },
      },
    },
    { id: id(), name: 'deleteUser', args: { userId: 'user-new-hire' } },
    { id: id(), name: 'deleteDataSource', args: { dataSourceId: 'source-mes' } },
    { id: id(), name: 'setStationFinal', args: { stationId: 'line-paint-st-1', final: true } },
    { id: id(), name: 'setSignalStatus', args: { signalIds: ['line-paint-st-1-m2'], active: false } },
    { id: id(), name: 'renameSignal', args: { signalId: 'line-paint-st-1-m2', friendlyName: 'Plan rename' } },
    {
      id: id(),
      name: 'changeSignalEntityType',
      args: { signalIds: ['line-paint-st-1-m1-usl'], entityType: 'UNKNOWN' },
    },
    {
      id: id(),
      name: 'setSignalDistribution',
      args: { signals: [{ signalId: 'line-paint-st-2-m3', singleSide: 'UPPER' }] },
    },
    {
      id: id(),
      name: 'setQualityCharacteristic',
      args: { signalIds: ['line-paint-st-2-m1', 'line-paint-st-2-m2'], qualityCharacteristic: 'High impact' },
    },
    {
      id: id(),
      name: 'saveResultClassifications',
      args: {
        signals: [
          {
            signalId: 'line-paint-st-2-result',
            resultClassifications: [
              { value: 'OK', result: 'pass', failureMode: null },
              { value: 'Scratch', result: 'fail', failureMode: 'Scratched' },
            ],
          },
        ],
      },
    },
    {
      id: id(),
      name: 'saveSignalAssociations',
      args: {
        lineId: 'line-paint',
        containers: {
          measurement: ['line-paint-st-1-m1'],
          upperLimit: ['line-paint-st-1-raw'],
          lowerLimit: ['line-paint-st-1-m1-lsl'],
          result: ['line-paint-st-1-result'],
        },
      },
    },
    {
      id: id(),
      name: 'updateSignals',
      args: {
        lineId: 'line-paint',
        signals: [
          {
            signalId: 'line-paint-st-3-m1',
            changes: { qualityCharacteristic: 'Critical', friendlyName: 'Plan updated' },
          },
        ],
      },
    },
    { id: id(), name: 'saveSignalLimits', args: { lineId: 'line-paint', entries: [editedEntry] } },
  ]
}
