import { EVALUATION_RATIO_DECIMALS } from '../constants'
import type { MonitorDraft } from '../schema/monitor'

/** The parts of a monitor that decide what it computes (MON-07). */
export type MonitorSettings = Pick<
  MonitorDraft,
  'monitor_type' | 'use_excluded_part_ids' | 'use_excluded_model_numbers' | 'monitor_filter'
>

/**
 * MON-07: two monitors are "configured with the same settings" when they would compute the same
 * thing. Compared:
 * - type and line;
 * - the set of signals and the set of signal groups (order and repeats do not matter);
 * - for svd and mvd monitors also the filter: the sets of part numbers and part groups, the part
 *   attributes (per attribute the set of selected values, attributes in any order), the pass/fail
 *   filter and the set of chosen result classifications, the evaluation ratio (to the query's 4
 *   decimals), the sample size, the alert threshold, and both exclude flags (they change which parts
 *   are read).
 * Not compared: name, notes, frequency, active — they say how and when, not what — and the period:
 * its times follow the Now button, so two monitors saved a minute apart with the same settings would
 * otherwise never be the duplicate MON-07 is there to catch.
 * A cap monitor is its signal's capability monitor (CAPA-02: the Cap Alerts toggle finds "the" cap
 * monitor of a signal), so for cap only type, line and signals count: one cap monitor per signal.
 */
export const monitorSettingsKey = (m: MonitorSettings): string => {
  const f = m.monitor_filter
  const what = [m.monitor_type, f.line_uuid, canonicalSet(f.signal_uuids)]
  if (m.monitor_type === 'cap') return JSON.stringify(what)
  const attributes = new Map<string, Set<string>>()
  for (const a of f.part_attributes) {
    const values = attributes.get(a.attributeUuid) ?? new Set<string>()
    for (const v of a.selectedAttributeValues) values.add(v)
    attributes.set(a.attributeUuid, values)
  }
  return JSON.stringify([
    ...what,
    canonicalSet(f.signal_group_uuids),
    canonicalSet(f.part_numbers),
    canonicalSet(f.part_groups),
    [...attributes.keys()].sort().map((k) => [k, canonicalSet(attributes.get(k) ?? [])]),
    f.pass_fail_filter,
    canonicalSet(f.result_classifications ?? []),
    roundRatio(f.evaluation_ratio),
    f.sample_size,
    f.alert_threshold,
    m.use_excluded_part_ids,
    m.use_excluded_model_numbers,
  ])
}

export const sameMonitorSettings = (a: MonitorSettings, b: MonitorSettings): boolean =>
  monitorSettingsKey(a) === monitorSettingsKey(b)

/** The first of `others` (never the candidate itself, by uuid) with the candidate's settings. */
export const findDuplicateMonitor = <M extends MonitorSettings & { readonly monitor_uuid: string }>(
  candidate: MonitorSettings & { readonly monitor_uuid?: string },
  others: Iterable<M>,
): M | undefined => {
  const key = monitorSettingsKey(candidate)
  for (const other of others) {
    if (other.monitor_uuid !== candidate.monitor_uuid && monitorSettingsKey(other) === key) return other
  }
  return undefined
}

const canonicalSet = (values: Iterable<string>): Array<string> => [...new Set(values)].sort()

const roundRatio = (ratio: number): number => {
  const factor = 10 ** EVALUATION_RATIO_DECIMALS
  return Math.round(ratio * factor) / factor
}
