import { QUALITY_CHARACTERISTICS } from '../../../shared/constants'
import type { CollectionName } from '../../../shared/sync/collections'
import type { ReplicatedDocument } from '../../../shared/sync/protocol'
import { validateIngestionThresholdHours } from '../../../shared/validation/line-rules'
import { Messages } from '../../../shared/validation/messages'
import type { Random } from './convergence-random'

/**
 * The random operations of the convergence test: edits a user can make on the settings screens
 * (line alert settings, friendly names, excluded parts, monitor on/off, signal labels), plus edits
 * the server must refuse (a threshold over the maximum written straight to the local database, a
 * feeder line that closes a cycle), and now and then "Re-apply" on a conflict record. Values come from the seeded PRNG only, never from the current
 * state (a monitor switch flips what the device shows), so a seed always produces the same operations.
 */
export interface Operation {
  readonly kind: OperationKind
  readonly collection: CollectionName
  readonly id: string
  readonly patch: Readonly<Record<string, unknown>>
  /** A boolean field the device switches (the patch is empty then). */
  readonly toggle?: string
  /** Set when the server must reject the change: the field, and the message it must answer. */
  readonly invalid?: { readonly field: string; readonly message: string }
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
  | 'monitor-active'
  | 'signal-friendly-name'
  | 'signal-quality'
  | 'invalid-threshold'
  | 'circular-feeder'

/** Relative weights: mostly valid edits, a few the server refuses. */
const WEIGHTS: ReadonlyArray<readonly [OperationKind | Reapply['kind'], number]> = [
  ['line-threshold', 13],
  ['line-alert-window', 11],
  ['line-friendly-name', 11],
  ['line-excluded-parts', 9],
  ['line-settings', 4],
  ['monitor-active', 20],
  ['signal-friendly-name', 11],
  ['signal-quality', 11],
  ['invalid-threshold', 6],
  ['circular-feeder', 4],
  ['reapply-conflict', 2],
]

export interface Targets {
  readonly lines: ReadonlyArray<string>
  /** Monitors of active lines: switching them on or off is always allowed. */
  readonly monitors: ReadonlyArray<string>
  readonly signals: ReadonlyArray<string>
  /** Feeder lists that close a cycle in the seeded feeder graph, by line. */
  readonly cycles: ReadonlyArray<{ readonly lineId: string; readonly feederLineIds: ReadonlyArray<string> }>
}

/** Picks the documents to edit from the server's seeded plant. */
export function chooseTargets(
  server: Record<CollectionName, ReadonlyArray<ReplicatedDocument>>,
  random: Random,
): Targets {
  const lines = server.lines.filter((l) => !l._deleted)
  const activeLines = new Set(lines.filter((l) => l.active === true).map((l) => String(l.id)))
  const monitors = server.monitors
    .filter(
      (m) => !m._deleted && activeLines.has(String((m.monitor_filter as { line_uuid: string }).line_uuid)),
    )
    .map((m) => String(m.monitor_uuid))
  const signals = server.signals.filter((s) => !s._deleted).map((s) => String(s.id))
  const feedersOf = new Map(lines.map((l) => [String(l.id), (l.feederLineIds as string[]) ?? []]))
  // A line that feeds, directly or not, line X closes a cycle when X is made to feed it.
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
  // Fisher–Yates with the seeded PRNG: the same seed edits the same signals.
  const shuffled = [...signals]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
  }
  return { lines: lines.map((l) => String(l.id)), monitors, signals: shuffled.slice(0, 24), cycles }
}

const PARTS = ['P-0001', 'P-0002', 'P-1000', 'P-2024', 'P-7331', 'P-9000']

function pickKind(random: Random): OperationKind | Reapply['kind'] {
  const total = WEIGHTS.reduce((sum, [, w]) => sum + w, 0)
  let roll = random() * total
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight
    if (roll < 0) return kind
  }
  return WEIGHTS[0]![0]
}

export function nextOperation(targets: Targets, random: Random): Operation | Reapply {
  const kind = pickKind(random)
  const line = () => random.pick(targets.lines)
  switch (kind) {
    case 'line-threshold':
      return {
        kind,
        collection: 'lines',
        id: line(),
        patch: { ingestionThresholdHours: random.int(0, 1000) },
      }
    case 'line-alert-window':
      return { kind, collection: 'lines', id: line(), patch: { alertViewingWindowDays: random.int(1, 90) } }
    case 'line-friendly-name':
      return {
        kind,
        collection: 'lines',
        id: line(),
        patch: { friendlyName: random.chance(0.2) ? null : `Line ${random.int(1, 500)}` },
      }
    case 'line-excluded-parts':
      return {
        kind,
        collection: 'lines',
        id: line(),
        patch: { excludedPartIds: PARTS.filter(() => random.chance(0.4)) },
      }
    case 'line-settings':
      return {
        kind,
        collection: 'lines',
        id: line(),
        patch: {
          ingestionThresholdHours: random.int(0, 1000),
          alertViewingWindowDays: random.int(1, 90),
          friendlyName: `Cell ${random.int(1, 99)}`,
        },
      }
    case 'monitor-active':
      // The grid's switch: it flips whatever the device shows.
      return { kind, collection: 'monitors', id: random.pick(targets.monitors), patch: {}, toggle: 'active' }
    case 'signal-friendly-name':
      return {
        kind,
        collection: 'signals',
        id: random.pick(targets.signals),
        patch: { friendlyName: random.chance(0.2) ? null : `Probe ${random.int(1, 500)}` },
      }
    case 'signal-quality':
      return {
        kind,
        collection: 'signals',
        id: random.pick(targets.signals),
        patch: { qualityCharacteristic: random.pick(QUALITY_CHARACTERISTICS) },
      }
    case 'invalid-threshold': {
      const value = random.int(1_000_001, 5_000_000)
      return {
        kind,
        collection: 'lines',
        id: line(),
        patch: { ingestionThresholdHours: value },
        invalid: { field: 'ingestionThresholdHours', message: validateIngestionThresholdHours(value) ?? '' },
      }
    }
    case 'reapply-conflict':
      return { kind, pick: random.int(0, 1000) }
    case 'circular-feeder': {
      const cycle = random.pick(targets.cycles)
      return {
        kind,
        collection: 'lines',
        id: cycle.lineId,
        patch: { feederLineIds: [...cycle.feederLineIds] },
        invalid: { field: 'feederLineIds', message: Messages.lines.circularDependency },
      }
    }
  }
}

/** The messages the server may refuse a document with: one per invalid value it holds. */
export type RejectionReasons = (
  collection: CollectionName,
  doc: Readonly<Record<string, unknown>>,
) => string[]

export function rejectionReasons(
  initial: Record<CollectionName, ReadonlyArray<ReplicatedDocument>>,
): RejectionReasons {
  const feeders = new Map(initial.lines.map((l) => [String(l.id), new Set(l.feederLineIds as string[])]))
  return (collection, doc) => {
    if (collection !== 'lines') return []
    const reasons: string[] = []
    const hours = validateIngestionThresholdHours(doc.ingestionThresholdHours as number)
    if (hours !== undefined) reasons.push(hours)
    const seeded = feeders.get(String(doc.id)) ?? new Set<string>()
    const next = new Set(doc.feederLineIds as string[])
    if (next.size !== seeded.size || [...next].some((id) => !seeded.has(id)))
      reasons.push(Messages.lines.circularDependency)
    return reasons
  }
}
