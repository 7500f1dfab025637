import { describe, expect, test } from 'vitest'
import { Result, Schema } from 'effect'
import { Plant } from '../../shared/schema/plant'
import { Line } from '../../shared/schema/line'
import { Station } from '../../shared/schema/station'
import { Signal } from '../../shared/schema/signal'
import { SignalGroup } from '../../shared/schema/signal-group'
import { Monitor } from '../../shared/schema/monitor'
import { MonitorRules } from '../../shared/schema/alert-rule'
import { SignalLimitEntry } from '../../shared/schema/signal-limit'
import { TeamsWebhook } from '../../shared/schema/teams-webhook'
import { RelianceConfig } from '../../shared/schema/reliance-config'
import { User } from '../../shared/schema/user'
import { DataSource } from '../../shared/schema/data-source'
import { validateMonitorDraft } from '../../shared/validation/monitor-rules'
import { validateStoredRules } from '../../shared/validation/alert-rules'
import { findFeederCycle } from '../../shared/validation/line-rules'
import type { CollectionName } from '../../shared/sync/collections'
import { DEFAULT_DEMO } from '../../sync-server/config'
import { buildDemoCustomer, buildOtherCustomer } from '../../sync-server/seed/demo-customers'

const SCHEMAS: Record<CollectionName, Schema.Decoder<unknown>> = {
  plants: Plant,
  lines: Line,
  stations: Station,
  signals: Signal,
  signalGroups: SignalGroup,
  monitors: Monitor,
  monitorRules: Schema.Struct({ monitorId: Schema.String, rules: MonitorRules }),
  signalLimits: SignalLimitEntry,
  teamsWebhooks: TeamsWebhook,
  relianceConfigs: RelianceConfig,
  users: User,
  dataSources: DataSource,
}

const now = new Date('2026-11-22T12:00:00Z')
const customers = [buildDemoCustomer(now, DEFAULT_DEMO), buildOtherCustomer(now)]

describe('demo plant seed', () => {
  test.each(customers.map((c) => [c.customerId, c] as const))(
    'every document of %s is valid under its shared schema',
    (_, c) => {
      for (const doc of c.docs) {
        const result = Schema.decodeUnknownResult(SCHEMAS[doc.collection])(doc.data)
        expect(
          Result.isSuccess(result),
          `${doc.collection}/${doc.id}: ${Result.isFailure(result) ? result.failure.message : ''}`,
        ).toBe(true)
      }
    },
  )

  test('the seed is deterministic: the same clock builds the same plant', () => {
    expect(buildDemoCustomer(now, DEFAULT_DEMO)).toEqual(buildDemoCustomer(now, DEFAULT_DEMO))
  })

  test('monitors pass the monitor rules and reference signals and groups of their own line', () => {
    for (const c of customers) {
      const signals = new Map(
        c.docs.filter((d) => d.collection === 'signals').map((d) => [d.id, d.data as unknown as Signal]),
      )
      const groups = new Map(
        c.docs
          .filter((d) => d.collection === 'signalGroups')
          .map((d) => [d.id, d.data as { lineId: string }]),
      )
      for (const doc of c.docs.filter((d) => d.collection === 'monitors')) {
        const m = doc.data as unknown as Monitor
        expect(validateMonitorDraft(m), doc.id).toEqual([])
        for (const s of m.monitor_filter.signal_uuids)
          expect(signals.get(s)?.lineId, `${doc.id} → ${s}`).toBe(m.monitor_filter.line_uuid)
        for (const g of m.monitor_filter.signal_group_uuids)
          expect(groups.get(g)?.lineId).toBe(m.monitor_filter.line_uuid)
      }
      for (const doc of c.docs.filter((d) => d.collection === 'monitorRules')) {
        expect(validateStoredRules((doc.data as { rules: never }).rules)).toEqual([])
      }
    }
  })

  test('LINE-06 the seeded feeder lines have no cycle and LINE-08 counts match the active monitors', () => {
    const [demo] = customers
    const lines = demo!.docs.filter((d) => d.collection === 'lines').map((d) => d.data as unknown as Line)
    for (const line of lines) expect(findFeederCycle(line.id, line.feederLineIds, lines)).toBe(false)
    const monitors = demo!.docs
      .filter((d) => d.collection === 'monitors')
      .map((d) => d.data as unknown as Monitor)
    for (const line of lines) {
      expect(line.activeMonitorsCount).toBe(
        monitors.filter((m) => m.active && m.monitor_filter.line_uuid === line.id).length,
      )
    }
    expect(lines.some((l) => !l.active)).toBe(true)
  })

  test('associations point at signals of the right entity type on the same line', () => {
    const signals = customers[0]!.docs
      .filter((d) => d.collection === 'signals')
      .map((d) => d.data as unknown as Signal)
    const byId = new Map(signals.map((s) => [s.id, s]))
    for (const s of signals) {
      if (s.upperLimit) expect(byId.get(s.upperLimit)?.entityType).toBe('UPPER_LIMIT')
      if (s.lowerLimit) expect(byId.get(s.lowerLimit)?.entityType).toBe('LOWER_LIMIT')
      for (const r of s.result) expect(byId.get(r)?.entityType).toBe('RESULT')
    }
    const types = new Set(signals.map((s) => s.entityType))
    expect([...types].sort()).toEqual([
      'COMPONENT_ID',
      'LOWER_LIMIT',
      'MEASUREMENT',
      'PART_ATTRIBUTE',
      'RESULT',
      'UNITS',
      'UNKNOWN',
      'UPPER_LIMIT',
    ])
  })

  test('the size option grows the plant to the requested number of signals', () => {
    const big = buildDemoCustomer(now, DEFAULT_DEMO, 20_000)
    const count = big.docs.filter((d) => d.collection === 'signals').length
    expect(count).toBeGreaterThanOrEqual(20_000)
    expect(count).toBeLessThan(24_000)
    expect(new Set(big.docs.map((d) => `${d.collection}/${d.id}`)).size).toBe(big.docs.length)
  })
})
