import { CLOCK_SKEW_TOLERANCE_MS } from '../constants'
import { periodQueryOf } from '../query/period'
import { validatePartAttributes, validatePeriod } from '../query/query-rules'
import type { Monitor } from '../schema/monitor'
import { MONITOR_COMPOSITIONS } from '../schema/monitor-composition'
import type { Signal } from '../schema/signal'
import type { Clock } from '../time/clock'
import { fieldError, type FieldError, type FieldErrors } from './field-error'
import { Messages } from './messages'

/**
 * The monitor query rules that need the plant's documents or the clock (FLT-08, FLT-09, FLT-10):
 * the form runs them as the user types, and both hosts run them again when a monitor is saved (the
 * createMonitor / updateMonitor intents), so a monitor the form would refuse is refused everywhere
 * with the same message. Paths are the monitor's (monitor_filter.…).
 */

export const PERIOD_PATH = ['monitor_filter', 'period'] as const
export const CLASSIFICATIONS_PATH = ['monitor_filter', 'result_classifications'] as const

type SignalView = Pick<Signal, 'entityType' | 'result' | 'resultClassifications'>

/**
 * FLT-08: the classification values a monitor can choose — those of the result signals linked to its
 * selected measurements — and whether some selected measurement has no result signal linked.
 */
export const classificationsOfSelection = (
  selectedIds: ReadonlyArray<string>,
  signalOf: (id: string) => SignalView | undefined,
): { readonly values: ReadonlyArray<string>; readonly lacking: boolean } => {
  const values = new Set<string>()
  let lacking = false
  for (const id of selectedIds) {
    const s = signalOf(id)
    if (s?.entityType !== 'MEASUREMENT') continue
    if (s.result.length === 0) lacking = true
    for (const r of s.result) for (const c of signalOf(r)?.resultClassifications ?? []) values.add(c.value)
  }
  return { values: [...values].sort(), lacking }
}

/** What the plant holds; a form still reading the line's signals leaves them out (not checked yet). */
export interface MonitorQueryReferences {
  /** The PART_ATTRIBUTE signals of the monitor's line (at least those the monitor names). */
  readonly knownAttributeIds?: Iterable<string>
  /** What classificationsOfSelection gives for the monitor's signals. */
  readonly classifications?: ReadonlyArray<string>
}

/**
 * The period (FLT-10: valid times, not in the future beyond the clock skew tolerance, start before
 * end), the named part attributes being the line's (FLT-09), and the chosen classifications being
 * offered (FLT-08). A composition without part attributes (capability) has no query to check, but
 * may not carry part attributes either. Messages are worded per form (SVD or MVD).
 */
export const validateMonitorQuery = (
  monitor: Pick<Monitor, 'monitor_type' | 'monitor_filter'>,
  refs: MonitorQueryReferences,
  clock: Clock,
): FieldErrors => {
  const f = monitor.monitor_filter
  if (!MONITOR_COMPOSITIONS[monitor.monitor_type].partAttributes) {
    return f.part_attributes.length > 0
      ? [fieldError(['monitor_filter', 'part_attributes'], Messages.monitor.noPartAttributes)]
      : []
  }
  const variant = monitor.monitor_type === 'svd' ? 'svd' : 'mvd'
  const errors: Array<FieldError> = []
  if (f.period) {
    const period = validatePeriod(periodQueryOf(f.period, f.sample_size), {
      variant,
      clock,
      futureToleranceMs: CLOCK_SKEW_TOLERANCE_MS,
    })
    errors.push(...period.map((e) => fieldError([...PERIOD_PATH, ...e.path], e.message)))
  }
  const attributes = validatePartAttributes(f.part_attributes, {
    variant,
    ...(refs.knownAttributeIds === undefined ? {} : { knownAttributeIds: refs.knownAttributeIds }),
  })
  errors.push(...attributes.map((e) => fieldError(['monitor_filter', ...e.path], e.message)))
  if (refs.classifications !== undefined) {
    errors.push(...validateChosenClassifications(f.result_classifications ?? [], refs.classifications))
  }
  return errors
}

/** FLT-08: every chosen classification is one the selected signals offer. */
const validateChosenClassifications = (
  chosen: ReadonlyArray<string>,
  offered: ReadonlyArray<string>,
): FieldErrors => {
  const set = new Set(offered)
  return chosen.some((c) => !set.has(c))
    ? [fieldError(CLASSIFICATIONS_PATH, Messages.monitor.classificationsNotFound)]
    : []
}
