import type { IntentName } from '../../../shared/intents'
import type { CollectionName } from '../../../shared/sync/collections'
import type { ReplicatedDocument } from '../../../shared/sync/protocol'
import type { Random } from './convergence-random'

/**
 * The random user actions of the convergence test, as intents (shared/intents/): line settings
 * (thresholds, alert window, friendly name, excluded parts, feeder lines — some closing a loop, which
 * must be refused), switching lines off (stopping their monitors) and on again, the monitor grid's
 * Active switch, creating a monitor together with its alert rules and deleting one, changing a
 * signal's entity type (which dissociates the links that no longer fit), and now and then
 * "Re-apply" on a conflict record. Values come from the seeded PRNG only, never from the current state
 * (a switch flips what the device shows), so a seed always produces the same actions.
 */
export interface Operation {
  readonly kind: OperationKind
  readonly name: IntentName
  readonly args: Readonly<Record<string, unknown>>
  /** A boolean argument the device sets to the opposite of what it shows (the grid's switch). */
  readonly toggle?: {
    readonly arg: string
    readonly collection: CollectionName
    readonly id: string
    readonly field: string
  }
}

/** "Re-apply" on one of the device's conflict records: which one depends on what it has by then. */
export interface Reapply {
  readonly kind: 'reapply-conflict'
  /** Taken modulo the device's number of conflict records. */
  readonly pick: number
}

export type OperationKind =
  | 'line-threshold'
  | 'line-alert-window'
  | 'line-friendly-name'
  | 'line-excluded-parts'
  | 'line-settings'
  | 'line-feeders'
  | 'circular-feeder'
  | 'invalid-threshold'
  | 'line-active'
  | 'monitor-active'
  | 'create-monitor'
  | 'delete-monitor'
  | 'entity-type'

/** Relative weights: mostly valid edits, a few that are refused (on the device or on the server). */
const WEIGHTS: ReadonlyArray<readonly [OperationKind | Reapply['kind'], number]> = [
  ['line-threshold', 12],
  ['line-alert-window', 8],
  ['line-friendly-name', 10],
  ['line-excluded-parts', 6],
  ['line-settings', 4],
  ['line-feeders', 4],
  ['circular-feeder', 3],
  ['invalid-threshold', 3],
  ['line-active', 6],
  ['monitor-active', 18],
  ['create-monitor', 9],
  ['delete-monitor', 3],
  ['entity-type', 5],
  ['reapply-conflict', 3],
]

type Doc = Readonly<Record<string, unknown>>

export interface Targets {
  readonly lines: ReadonlyArray<string>
  /** Seeded monitors, and the ones the run creates (whether or not their creation is applied). */
  readonly monitors: string[]
  readonly created: string[]
  /** Seeded non-cap monitors, copied (with other part numbers) for new ones. */
  readonly templates: ReadonlyArray<Doc>
  /** Signals whose entity type the run changes (dissociating the links that no longer fit). */
  readonly signals: ReadonlyArray<string>
  /** Feeder lists that close a loop in the seeded feeder graph, by line. */
  readonly cycles: ReadonlyArray<{ readonly lineId: string; readonly feederLineIds: ReadonlyArray<string> }>
}

/** Picks the documents to act on from the server's seeded plant. */
export function chooseTargets(server: Record<CollectionName, ReadonlyArray<ReplicatedDocument>>): Targets {
  const lines = server.lines.filter((l) => !l._deleted)
  const monitors = server.monitors.filter((m) => !m._deleted)
  const feedersOf = new Map(lines.map((l) => [String(l.id), (l.feederLineIds as string[]) ?? []]))
  // A line that feeds, directly or not, line X closes a loop when X is made to feed it.
  const cycles: Array<{ lineId: string; feederLineIds: string[] }> = []
  for (const [lineId] of feedersOf) {
    const upstream = new Set<string>()
    const stack = [...(feedersOf.get(lineId) ?? [])]
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (upstream.has(id)) continue
      upstream.add(id)
      stack.push(...(feedersOf.get(id) ?? []))
    }
    for (const feeder of upstream) cycles.push({ lineId: feeder, feederLineIds: [lineId] })
  }
  // Without a seeded chain, a line made to feed its own feeder still closes a loop.
  if (cycles.length === 0 && lines.length >= 2)
    cycles.push({ lineId: String(lines[0]!.id), feederLineIds: [String(lines[0]!.id)] })
  return {
    lines: lines.map((l) => String(l.id)),
    monitors: monitors.map((m) => String(m.monitor_uuid)),
    created: [],
    templates: monitors.filter((m) => m.monitor_type !== 'cap'),
    // Signals that take part in links: a type change of one of them dissociates others.
    signals: server.signals
      .filter(
        (s) =>
          !s._deleted &&
          ['MEASUREMENT', 'UPPER_LIMIT', 'LOWER_LIMIT', 'RESULT'].includes(String(s.entityType)),
      )
      .map((s) => String(s.id)),
    cycles,
  }
}

const PARTS = ['P-0001', 'P-0002', 'P-1000', 'P-2024', 'P-7331', 'P-9000']
const MONITOR_FIELDS = [
  'monitor_name',
  'monitor_type',
  'active',
  'frequency',
  'notes',
  'use_excluded_part_ids',
  'use_excluded_model_numbers',
  'monitor_filter',
] as const

function pickKind(random: Random): OperationKind | Reapply['kind'] {
  const total = WEIGHTS.reduce((sum, [, w]) => sum + w, 0)
  let roll = random() * total
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight
    if (roll < 0) return kind
  }
  return WEIGHTS[0]![0]
}

/** A uuid-shaped id from the seeded PRNG: the device mints ids of what it creates. */
const seededUuid = (random: Random) => {
  const hex = (n: number) => Array.from({ length: n }, () => random.int(0, 15).toString(16)).join('')
  return `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`
}

const settings = (lineId: string, changes: Record<string, unknown>): Omit<Operation, 'kind'> => ({
  name: 'updateLineSettings',
  args: { lineId, changes },
})

export function nextOperation(targets: Targets, random: Random, n: number): Operation | Reapply {
  const kind = pickKind(random)
  const line = () => random.pick(targets.lines)
  switch (kind) {
    case 'line-threshold':
      return { kind, ...settings(line(), { ingestionThresholdHours: random.int(0, 1000) }) }
    case 'line-alert-window':
      return { kind, ...settings(line(), { alertViewingWindowDays: random.int(1, 90) }) }
    case 'line-friendly-name':
      return {
        kind,
        ...settings(line(), { friendlyName: random.chance(0.2) ? null : `Line ${random.int(1, 500)}` }),
      }
    case 'line-excluded-parts':
      return { kind, ...settings(line(), { excludedPartIds: PARTS.filter(() => random.chance(0.4)) }) }
    case 'line-settings':
      return {
        kind,
        ...settings(line(), {
          ingestionThresholdHours: random.int(0, 1000),
          alertViewingWindowDays: random.int(1, 90),
          friendlyName: `Cell ${random.int(1, 99)}`,
        }),
      }
    case 'line-feeders': {
      // Up to two other lines: two devices doing this offline can close a loop only the server sees.
      const lineId = line()
      const others = targets.lines.filter((l) => l !== lineId)
      const feeders = random.chance(0.3)
        ? []
        : [random.pick(others), ...(random.chance(0.3) ? [random.pick(others)] : [])]
      return { kind, ...settings(lineId, { feederLineIds: feeders }) }
    }
    case 'circular-feeder': {
      const cycle = random.pick(targets.cycles)
      return { kind, ...settings(cycle.lineId, { feederLineIds: [...cycle.feederLineIds] }) }
    }
    case 'invalid-threshold':
      return { kind, ...settings(line(), { ingestionThresholdHours: random.int(1_000_001, 5_000_000) }) }
    case 'line-active':
      // Mostly back on: a line left off would refuse every monitor switch on it.
      return { kind, name: 'setLineActive', args: { lineId: line(), active: random.chance(0.6) } }
    case 'monitor-active': {
      const monitorId = random.pick(targets.monitors)
      return {
        kind,
        name: 'setMonitorActive',
        args: { monitorId },
        toggle: { arg: 'active', collection: 'monitors', id: monitorId, field: 'active' },
      }
    }
    case 'create-monitor': {
      const template = random.pick(targets.templates)
      const filter = template.monitor_filter as Record<string, unknown>
      const monitorId = seededUuid(random)
      // Now and then the template's own settings: a duplicate, refused on the device or the server.
      const copy = random.chance(0.15)
      const parts = PARTS.filter(() => random.chance(0.5))
      const monitor = {
        ...Object.fromEntries(MONITOR_FIELDS.map((f) => [f, template[f]])),
        monitor_uuid: monitorId,
        monitor_name: `Convergence ${n}`,
        active: random.chance(0.7),
        monitor_filter: { ...filter, part_numbers: copy ? filter.part_numbers : parts },
      }
      const rules = [
        {
          type: 'ExceedanceRuns',
          active: true,
          details: { breaches: random.int(1, 5), runs: random.int(10, 50) },
        },
      ]
      targets.created.push(monitorId)
      targets.monitors.push(monitorId)
      return { kind, name: 'createMonitor', args: { monitor, rules } }
    }
    case 'delete-monitor': {
      const pool = targets.created.length > 0 ? targets.created : targets.monitors
      return { kind, name: 'deleteMonitor', args: { monitorId: random.pick(pool) } }
    }
    case 'entity-type':
      return {
        kind,
        name: 'changeSignalEntityType',
        args: {
          signalIds: [random.pick(targets.signals)],
          entityType: random.pick([
            'MEASUREMENT',
            'UPPER_LIMIT',
            'LOWER_LIMIT',
            'RESULT',
            'UNKNOWN',
          ] as const),
        },
      }
    case 'reapply-conflict':
      return { kind, pick: random.int(0, 1000) }
  }
}

/**
 * Two monitors with the same new settings, for two devices that are both offline: neither device can
 * know of the other's, so both save it, and the server refuses the second to arrive as a duplicate
 * (MON-07) — a refusal only the server can make, made certain in every run.
 */
export function twinMonitorOperations(targets: Targets, random: Random, n: number): [Operation, Operation] {
  const template = targets.templates[0]!
  const filter = template.monitor_filter as Record<string, unknown>
  const twin = (i: number): Operation => {
    const monitorId = seededUuid(random)
    targets.created.push(monitorId)
    targets.monitors.push(monitorId)
    const monitor = {
      ...Object.fromEntries(MONITOR_FIELDS.map((f) => [f, template[f]])),
      monitor_uuid: monitorId,
      monitor_name: `Twin ${n}.${i}`,
      active: false,
      monitor_filter: { ...filter, part_numbers: [`TWIN-${n}`] },
    }
    return { kind: 'create-monitor', name: 'createMonitor', args: { monitor, rules: [] } }
  }
  return [twin(1), twin(2)]
}
