import type { CollectionName } from '../../shared/sync/collections'
import type { Signal } from '../../shared/schema/signal'
import type { Station } from '../../shared/schema/station'
import type { Line } from '../../shared/schema/line'
import type { Monitor } from '../../shared/schema/monitor'
import type { AlertRule } from '../../shared/schema/alert-rule'
import { newMonitorFilter } from '../../shared/schema/monitor-filter'
import { defaultMonitorPeriod } from '../../shared/schema/monitor-period'
import {
  ALERT_RULE_DEFAULTS,
  FREQUENCY_DEFAULT_MINUTES,
  INGESTION_THRESHOLD_HOURS_DEFAULT,
} from '../../shared/constants'
import type { Random } from './random'

/** One document the seed writes. */
export interface SeedDocument {
  readonly collection: CollectionName
  readonly id: string
  /** '*' for customer-wide documents. */
  readonly plantId: string
  readonly data: Record<string, unknown>
}

/** Collects the documents of one plant while keeping the cross-references (ids) consistent. */
export class PlantBuilder {
  readonly docs: SeedDocument[] = []

  constructor(
    readonly customerId: string,
    readonly plantId: string,
    readonly random: Random,
    readonly now: Date,
  ) {}

  add(collection: CollectionName, id: string, data: object, plantId = this.plantId): void {
    this.docs.push({ collection, id, plantId, data: data as Record<string, unknown> })
  }

  hoursAgo(h: number): string {
    return new Date(this.now.getTime() - h * 3_600_000).toISOString()
  }

  line(id: string, name: string, options: Partial<Line> = {}): Line {
    const line: Line = {
      id,
      name: name.toUpperCase().replace(/\s+/g, '_'),
      displayName: `${name} Line`,
      friendlyName: null,
      active: true,
      isNewLine: false,
      lastIngestedTime: this.hoursAgo(1),
      ingestionThresholdHours: INGESTION_THRESHOLD_HOURS_DEFAULT,
      alertViewingWindowDays: 90,
      feederLineIds: [],
      excludedPartIds: [],
      excludedModelNumbers: [],
      // What its data names: the models with their own limits, the one the demo excludes, and more.
      modelNumbers: ['MX-100', 'MX-200', 'MX-300', 'MX-450', 'MX-900'],
      activeMonitorsCount: 0,
      ...options,
    }
    this.add('lines', id, line)
    return line
  }

  station(lineId: string, index: number, name: string, final = false): Station {
    const station: Station = { id: `${lineId}-st-${index}`, lineId, name, final }
    this.add('stations', station.id, station)
    return station
  }

  signal(
    station: Station,
    suffix: string,
    name: string,
    entityType: Signal['entityType'],
    options: Partial<Signal> = {},
  ): Signal {
    const signal: Signal = {
      id: `${station.id}-${suffix}`,
      name,
      friendlyName: null,
      entityType,
      isSignalActive: true,
      singleSide: null,
      upperLimit: null,
      lowerLimit: null,
      result: [],
      qualityCharacteristic: 'None',
      resultClassifications: [],
      stationId: station.id,
      stationName: station.name,
      lineId: station.lineId,
      ...options,
    }
    this.add('signals', signal.id, signal)
    return signal
  }

  monitor(
    id: string,
    type: Monitor['monitor_type'],
    name: string,
    lineId: string,
    selection: { signals?: ReadonlyArray<string>; groups?: ReadonlyArray<string> },
    active = true,
  ): Monitor {
    const monitor: Monitor = {
      monitor_uuid: id,
      monitor_name: name,
      monitor_type: type,
      active,
      frequency: FREQUENCY_DEFAULT_MINUTES,
      notes: '',
      use_excluded_part_ids: false,
      use_excluded_model_numbers: false,
      monitor_filter: {
        ...newMonitorFilter({ cust_uuid: this.customerId, plant_uuid: this.plantId, line_uuid: lineId }),
        signal_uuids: [...(selection.signals ?? [])],
        signal_group_uuids: [...(selection.groups ?? [])],
        // The seeded monitors train on their last records up to the start (UTC) of the day the plant
        // was seeded: two plants seeded moments apart hold the same monitors.
        ...(type === 'cap'
          ? {}
          : { period: defaultMonitorPeriod(`${this.now.toISOString().slice(0, 10)}T00:00:00.000Z`) }),
      },
    }
    this.add('monitors', id, monitor)
    this.add('monitorRules', id, { monitorId: id, rules: defaultRules(this.random) })
    return monitor
  }

  /** Fills in every line's activeMonitorsCount from the monitors added so far. */
  countActiveMonitors(): void {
    const counts = new Map<string, number>()
    for (const d of this.docs) {
      if (d.collection !== 'monitors') continue
      const m = d.data as unknown as Monitor
      if (m.active) counts.set(m.monitor_filter.line_uuid, (counts.get(m.monitor_filter.line_uuid) ?? 0) + 1)
    }
    for (const d of this.docs) {
      if (d.collection === 'lines')
        (d.data as { activeMonitorsCount: number }).activeMonitorsCount = counts.get(d.id) ?? 0
    }
  }
}

function defaultRules(random: Random): AlertRule[] {
  const runsOn = random.chance(0.7)
  return [
    {
      type: 'Consecutive',
      active: !runsOn && random.chance(0.5),
      details: { breaches: ALERT_RULE_DEFAULTS.consecutiveBreaches },
    },
    {
      type: 'ExceedanceRuns',
      active: runsOn,
      details: { breaches: ALERT_RULE_DEFAULTS.breachesForRuns, runs: ALERT_RULE_DEFAULTS.runs },
    },
    {
      type: 'ExceedanceTime',
      active: random.chance(0.3),
      details: { breaches: ALERT_RULE_DEFAULTS.breachesForTime, seconds: ALERT_RULE_DEFAULTS.seconds },
    },
  ]
}
