import type { User } from '../../shared/schema/user'
import type { Plant } from '../../shared/schema/plant'
import type { DataSource } from '../../shared/schema/data-source'
import type { RelianceConfig } from '../../shared/schema/reliance-config'
import type { TeamsWebhook } from '../../shared/schema/teams-webhook'
import { FEATURE_FLAGS, LOCATION_CORPORATE, LOCATION_PROVIDER } from '../../shared/constants'
import type { DemoCredentials } from '../config'
import { CUSTOMER_WIDE } from '../store/documents'
import { DEMO_IDS } from './demo-ids'
import { buildLineContent } from './line-content'
import { PlantBuilder, type SeedDocument } from './plant-builder'
import { seededRandom } from './random'

export interface SeedCustomer {
  readonly customerId: string
  readonly name: string
  readonly docs: ReadonlyArray<SeedDocument>
  readonly credentials: ReadonlyArray<{ userId: string; email: string; password: string }>
  readonly secrets: ReadonlyArray<{ ownerId: string; kind: string; secret: string }>
}

const SEED = 20261122
const allFlags = () => Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as Plant['featureFlags']
/** Seed data dates are fixed so two seeds of the same version are identical (ingestion times excepted). */
const CREATED = '2026-01-15T14:00:00.000Z'

export function buildDemoCustomer(
  now: Date,
  demo: DemoCredentials,
  targetSignals?: number,
  lineSignals?: number,
): SeedCustomer {
  const { customer, plant, ingestor, lines, users } = DEMO_IDS
  const b = new PlantBuilder(customer, plant, seededRandom(SEED), now)
  b.add('plants', plant, {
    id: plant,
    customerId: customer,
    name: 'Demo Plant',
    timeZone: 'America/Chicago',
    ingestorId: ingestor,
    featureFlags: allFlags(),
    etqCustomerOverride: false,
  } satisfies Plant)

  b.line(lines.assembly, 'Assembly', {
    friendlyName: 'Final Assembly',
    feederLineIds: [lines.machining],
    excludedPartIds: ['P-0001'],
    excludedModelNumbers: ['MX-900'],
  })
  b.line(lines.machining, 'Machining', {
    feederLineIds: [lines.paint],
    lastIngestedTime: b.hoursAgo(2),
    alertViewingWindowDays: 30,
  })
  b.line(lines.paint, 'Paint', { lastIngestedTime: b.hoursAgo(30), isNewLine: true })
  b.line(lines.packaging, 'Packaging', { active: false, lastIngestedTime: null })

  for (const lineId of Object.values(lines)) {
    const content = buildLineContent(b, lineId)
    const active = lineId !== lines.packaging
    const [m1, m2, m3] = content.measurements
    for (const s of content.limited.slice(0, 2))
      b.monitor(`${s.id}-cap`, 'cap', `CAP ${s.name}`, lineId, { signals: [s.id] }, active)
    b.monitor(`${lineId}-svd-1`, 'svd', `SVD ${m1!.name}`, lineId, { signals: [m1!.id] }, active)
    b.monitor(`${lineId}-svd-2`, 'svd', `SVD ${m3!.name}`, lineId, { signals: [m3!.id] }, false)
    b.monitor(
      `${lineId}-mvd-1`,
      'mvd',
      'MVD Press signals',
      lineId,
      { signals: [m1!.id, m2!.id, m3!.id] },
      active,
    )
    b.monitor(
      `${lineId}-mvd-2`,
      'mvd',
      'MVD Station groups',
      lineId,
      { groups: content.groups.map((g) => g.id) },
      active,
    )
    if (!active) {
      // The inactive line stopped these when it was deactivated; reactivating it restarts them (LINE-03).
      const stopped = [
        ...content.limited.slice(0, 2).map((s) => `${s.id}-cap`),
        `${lineId}-svd-1`,
        `${lineId}-mvd-1`,
        `${lineId}-mvd-2`,
      ]
      const at = b.docs.findIndex((d) => d.collection === 'lines' && d.id === lineId)
      const line = b.docs[at]
      if (line) b.docs[at] = { ...line, data: { ...line.data, stoppedMonitorIds: stopped } }
    }
  }

  let bulk = 0
  const signalCount = () => b.docs.filter((d) => d.collection === 'signals').length
  while (targetSignals !== undefined && signalCount() < targetSignals) {
    bulk++
    const lineId = `line-bulk-${String(bulk).padStart(3, '0')}`
    b.line(lineId, `Bulk ${bulk}`)
    // Up to ~3,000 signals per bulk line (or lineSignals): 3 stations × n measurements × (measurement + 2 limits).
    const perStation = lineSignals === undefined ? 333 : Math.ceil(lineSignals / 9)
    buildLineContent(b, lineId, Math.min(perStation, Math.ceil((targetSignals - signalCount()) / 9)))
  }

  b.add('teamsWebhooks', 'webhook-assembly', {
    id: 'webhook-assembly',
    lineId: lines.assembly,
    url: 'https://demo.webhook.office.com/webhookb2/assembly-quality',
    lastModifiedDateTime: CREATED,
  } satisfies TeamsWebhook)
  const reliance = (lineId: string, status: string): RelianceConfig => ({
    id: `reliance-${lineId}`,
    lineId,
    apiHost: 'https://reliance.demo.example',
    clientId: `quality-${lineId}`,
    tokenEndpoint: 'https://reliance.demo.example/oauth/token',
    connectionStatus: status,
    updatedTime: CREATED,
  })
  b.add('relianceConfigs', `reliance-${lines.assembly}`, reliance(lines.assembly, 'SUCCESS'))
  b.add('relianceConfigs', `reliance-${lines.machining}`, reliance(lines.machining, 'ERROR'))

  const user = (
    id: string,
    email: string,
    role: User['role'],
    locationName: string | null,
    locationPlantId: string | null,
    lastLogin: string | null,
  ): User => ({
    id,
    email,
    role,
    lastLogin,
    locationConfig: { locationName, locationPlantId },
    customerId: customer,
  })
  const userDocs: User[] = [
    user(users.admin, demo.adminEmail, 'administrator', 'Demo Plant', plant, null),
    user(users.operator, demo.userEmail, 'user', 'Demo Plant', plant, null),
    user('user-engineer', 'engineer@demo.plant', 'user', LOCATION_CORPORATE, null, CREATED),
    user('user-new-hire', 'new.hire@demo.plant', 'user', null, null, null),
    user('user-provider', 'support@provider.example', 'administrator', LOCATION_PROVIDER, null, CREATED),
  ]
  for (const u of userDocs) b.add('users', u.id, u, CUSTOMER_WIDE)

  const sources: DataSource[] = [
    {
      id: 'source-plc',
      name: 'Line PLC gateway',
      createdAt: CREATED,
      topic: 'plant-demo.plc.v1',
      ingestorId: ingestor,
    },
    {
      id: 'source-vision',
      name: 'Vision system',
      createdAt: '2026-03-02T09:30:00.000Z',
      topic: 'plant-demo.vision.v2',
      ingestorId: ingestor,
    },
    {
      id: 'source-mes',
      name: 'MES export',
      createdAt: '2026-07-20T18:45:00.000Z',
      topic: 'plant-demo.mes.v1',
      ingestorId: ingestor,
    },
  ]
  for (const s of sources) b.add('dataSources', s.id, s)

  b.countActiveMonitors()
  return {
    customerId: customer,
    name: 'Demo Manufacturing',
    docs: b.docs,
    credentials: [
      { userId: users.admin, email: demo.adminEmail, password: demo.adminPassword },
      { userId: users.operator, email: demo.userEmail, password: demo.userPassword },
    ],
    secrets: [
      { ownerId: `reliance-${lines.assembly}`, kind: 'reliance', secret: 'demo-reliance-secret-assembly' },
      { ownerId: `reliance-${lines.machining}`, kind: 'reliance', secret: 'demo-reliance-secret-machining' },
    ],
  }
}

export function buildOtherCustomer(now: Date): SeedCustomer {
  const o = DEMO_IDS.other
  const b = new PlantBuilder(o.customer, o.plant, seededRandom(SEED + 1), now)
  b.add('plants', o.plant, {
    id: o.plant,
    customerId: o.customer,
    name: 'Other Plant',
    timeZone: 'Europe/Berlin',
    ingestorId: 'ingestor-other',
    featureFlags: allFlags(),
    etqCustomerOverride: false,
  } satisfies Plant)
  b.line(o.line, 'Stamping')
  const content = buildLineContent(b, o.line, 2)
  const [m1, m2] = content.measurements
  b.monitor(`${o.line}-mvd-1`, 'mvd', 'MVD Stamping', o.line, { signals: [m1!.id, m2!.id] })
  const admin: User = {
    id: o.admin,
    email: o.adminEmail,
    role: 'administrator',
    lastLogin: null,
    locationConfig: { locationName: 'Other Plant', locationPlantId: o.plant },
    customerId: o.customer,
  }
  b.add('users', admin.id, admin, CUSTOMER_WIDE)
  b.add('dataSources', 'source-other', {
    id: 'source-other',
    name: 'Press line feed',
    createdAt: CREATED,
    topic: 'plant-other.press.v1',
    ingestorId: 'ingestor-other',
  })
  b.countActiveMonitors()
  return {
    customerId: o.customer,
    name: 'Other Manufacturing',
    docs: b.docs,
    credentials: [{ userId: o.admin, email: o.adminEmail, password: o.adminPassword }],
    secrets: [],
  }
}
