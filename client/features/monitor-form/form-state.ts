/**
 * The monitor form's state as plain data (MON-01..05, SIG-04, FLT-01..10, RULE-*): what a new or
 * loaded form holds, which errors each part has, when a tab may be left, and the monitor and rules a
 * save sends. No React here, so every rule of the form is unit-tested without a browser; the rules
 * themselves are the shared ones (shared/validation, shared/query), only assembled here.
 */
import { DURATION_DEFAULT_MS } from '../../../shared/constants'
import { clampDuration, correctQuery, clampRecords } from '../../../shared/query/correction'
import type { FilterQuery, PeriodInputMode } from '../../../shared/query/period'
import { compatibleInputModes } from '../../../shared/query/period'
import {
  defaultAlertRuleFormValues,
  type AlertRuleFormValues,
  type MonitorRules,
} from '../../../shared/schema/alert-rule'
import { formFromRules, rulesFromForm } from '../../../shared/schema/alert-rules-from-form'
import { newMonitorDraft, type Monitor, type MonitorDraft } from '../../../shared/schema/monitor'
import type { MonitorFilter } from '../../../shared/schema/monitor-filter'
import type { MonitorPeriod } from '../../../shared/schema/monitor-period'
import { validateAlertRules } from '../../../shared/validation/alert-rules'
import {
  validateMonitorQuery,
  type MonitorQueryReferences,
} from '../../../shared/validation/monitor-query-rules'
import { fieldError, type FieldError, type FieldErrors } from '../../../shared/validation/field-error'
import {
  clampFrequency,
  monitorFieldLabel,
  nextDefaultMonitorName,
  validateFrequency,
  validateMonitorName,
  validateNotes,
  validateSignalSelection,
} from '../../../shared/validation/monitor-rules'
import type { Clock } from '../../../shared/time/clock'
import { nowUtc } from '../../../shared/time/plant-time'
import type { AdminMonitorType } from '../monitors/monitor-labels'

export type ViewMode = 'CREATE' | 'EDIT' | 'VIEW'
export type FormTab = 'signals' | 'filters' | 'rules'

/** The period of the Data Filters tab. Records come from the monitor's sample size (one value). */
export interface PeriodValues {
  readonly start_mode: PeriodInputMode
  readonly end_mode: PeriodInputMode
  readonly start_time: string | null
  readonly end_time: string | null
  /** Milliseconds. */
  readonly start_duration: number | null
  readonly end_duration: number | null
}

export interface MonitorFormValues {
  readonly monitor: MonitorDraft
  readonly period: PeriodValues
  readonly rules: AlertRuleFormValues
  /** Result classification values chosen in the Data Filters tab (FLT-08). */
  readonly resultClassifications: ReadonlyArray<string>
}

/** Tabs in the order the form shows them: SVD starts with its filter (MON-05). */
export const TABS_OF: Readonly<Record<AdminMonitorType, ReadonlyArray<FormTab>>> = {
  mvd: ['signals', 'filters', 'rules'],
  svd: ['filters', 'signals', 'rules'],
}

export const TAB_TITLES: Readonly<Record<AdminMonitorType, Readonly<Record<FormTab, string>>>> = {
  mvd: { signals: 'Signals', filters: 'Data Filters', rules: 'Alert Rules' },
  svd: { signals: 'Signal Selection', filters: 'Filter', rules: 'Alert Rules' },
}

/** The period a form opens with: the last `sample_size` records up to now. */
export const defaultPeriod = (clock: Clock): PeriodValues => ({
  start_mode: 'RECORDS',
  end_mode: 'TIME',
  start_time: null,
  end_time: nowUtc(clock),
  start_duration: DURATION_DEFAULT_MS,
  end_duration: DURATION_DEFAULT_MS,
})

export interface Scope {
  readonly cust_uuid: string
  readonly plant_uuid: string
  readonly line_uuid?: string
}

/** MON-09 (and MON-05 for SVD): a new monitor, its rules all off with the spec defaults (RULE-01). */
export const newFormValues = (type: AdminMonitorType, scope: Scope, clock: Clock): MonitorFormValues => ({
  monitor: newMonitorDraft(type, scope),
  period: defaultPeriod(clock),
  rules: defaultAlertRuleFormValues,
  resultClassifications: [],
})

/**
 * A stored monitor and its stored rules (none stored: the defaults, all off). The stored period and
 * classifications move to their own form fields; a monitor stored without a period (one read from an
 * authority that keeps none) shows the default period.
 */
export const formValuesOf = (
  monitor: Monitor,
  rules: MonitorRules | undefined,
  clock: Clock,
): MonitorFormValues => ({
  monitor: stripMeta(monitor),
  period: monitor.monitor_filter.period ?? defaultPeriod(clock),
  rules: rules ? formFromRules(rules) : defaultAlertRuleFormValues,
  resultClassifications: monitor.monitor_filter.result_classifications ?? [],
})

/**
 * Only the monitor's own fields: the local view's revision and pending marks are not sent back, and
 * the period and classifications live in the form's own fields until a save puts them back.
 */
const stripMeta = (m: Monitor): MonitorDraft => {
  const { period: _period, result_classifications: _classifications, ...filter } = m.monitor_filter
  return {
    monitor_uuid: m.monitor_uuid,
    monitor_name: m.monitor_name,
    monitor_type: m.monitor_type,
    active: m.active,
    frequency: m.frequency,
    notes: m.notes,
    use_excluded_part_ids: m.use_excluded_part_ids,
    use_excluded_model_numbers: m.use_excluded_model_numbers,
    monitor_filter: filter,
  }
}

// ── Changes ─────────────────────────────────────────────────────────────────

export const withFilter = (values: MonitorFormValues, patch: Partial<MonitorFilter>): MonitorFormValues => ({
  ...values,
  monitor: { ...values.monitor, monitor_filter: { ...values.monitor.monitor_filter, ...patch } },
})

/**
 * SIG-04: choosing another line clears the signals, groups, part numbers and part attributes (they
 * belong to the old line) and the result classifications picked from them. The same line: nothing.
 */
export const changeLine = (values: MonitorFormValues, lineId: string): MonitorFormValues => {
  if (values.monitor.monitor_filter.line_uuid === lineId) return values
  return {
    ...withFilter(values, {
      line_uuid: lineId,
      signal_uuids: [],
      signal_group_uuids: [],
      part_numbers: [],
      part_groups: [],
      part_attributes: [],
    }),
    resultClassifications: [],
  }
}

/**
 * FLT-04: the filter corrected whenever it changes — durations and records clamped, the evaluation
 * ratio rounded and clamped — through the shared query correction, so the form never holds a value
 * the query would change.
 */
export const correctValues = (values: MonitorFormValues): MonitorFormValues => {
  const corrected = correctQuery(filterQueryOf(values))
  const f = values.monitor.monitor_filter
  const same =
    corrected.evaluation_ratio === f.evaluation_ratio &&
    corrected.start_records === f.sample_size &&
    corrected.start_duration === values.period.start_duration &&
    corrected.end_duration === values.period.end_duration
  if (same) return values
  return {
    ...withFilter(values, {
      evaluation_ratio: corrected.evaluation_ratio,
      sample_size: corrected.start_records,
    }),
    period: {
      ...values.period,
      start_duration: corrected.start_duration,
      end_duration: corrected.end_duration,
    },
  }
}

/** The Records input of either side: the monitor's sample size, clamped to the record bounds. */
export const withRecords = (values: MonitorFormValues, records: number | null): MonitorFormValues =>
  withFilter(values, { sample_size: clampRecords(records) })

/** A selector's mode; the other side is moved to Time when the pair would have no anchor (FLT-02). */
export const changePeriodMode = (
  period: PeriodValues,
  side: 'start' | 'end',
  mode: PeriodInputMode,
): PeriodValues => {
  const other = side === 'start' ? 'end_mode' : 'start_mode'
  const next = { ...period, [`${side}_mode`]: mode }
  return compatibleInputModes(mode).includes(next[other]) ? next : { ...next, [other]: 'TIME' }
}

/** MON-04: what the frequency input holds after blur (and after its debounce). */
export const commitFrequency = (values: MonitorFormValues, raw: string): MonitorFormValues => ({
  ...values,
  monitor: { ...values.monitor, frequency: clampFrequency(raw) },
})

/** The Default button: the next name not used by the type's monitors on the line (MON-01). */
export const defaultName = (type: AdminMonitorType, names: Iterable<string>): string =>
  nextDefaultMonitorName(type, names)

// ── Validation ──────────────────────────────────────────────────────────────

/** The plant's references the query rules compare against (omitted: not checked yet), and the time. */
export interface ValidationContext extends MonitorQueryReferences {
  readonly clock: Clock
}

/** Errors of each part of the form. `general` is the name row, frequency and notes (always shown). */
export interface FormErrors {
  readonly general: FieldErrors
  readonly signals: FieldErrors
  readonly filters: FieldErrors
  readonly rules: FieldErrors
}

/** The query the Data Filters tab describes (FLT-01..04), for the shared correction and rules. */
export const filterQueryOf = (values: MonitorFormValues): FilterQuery => {
  const f = values.monitor.monitor_filter
  const p = values.period
  return {
    ...p,
    start_records: f.sample_size,
    end_records: f.sample_size,
    evaluation_ratio: f.evaluation_ratio,
    part_numbers: f.part_numbers,
    pass_fail_filter: f.pass_fail_filter,
    signals: f.signal_uuids,
    signalGroups: f.signal_group_uuids,
    part_attributes: f.part_attributes,
    line_uuid: f.line_uuid || null,
  }
}

export const validateForm = (values: MonitorFormValues, context: ValidationContext): FormErrors => {
  const m = values.monitor
  return {
    general: [
      ...validateMonitorName(m.monitor_name),
      ...validateFrequency(m.frequency),
      ...validateNotes(m.notes),
    ],
    signals: validateSignalSelection(m.monitor_type, m.monitor_filter),
    // The query rules the server runs on save (FLT-08..10), on the monitor this form would save;
    // the form names fields without the monitor_filter.period prefix.
    filters: validateMonitorQuery(
      { monitor_type: m.monitor_type, monitor_filter: filterToSave(values) },
      context,
      context.clock,
    ).map((e) => fieldError(formPath(e.path), e.message)),
    // RULE-02: only rules that are switched on are checked, so only they block saving.
    rules: validateAlertRules(values.rules),
  }
}

const formPath = (path: ReadonlyArray<string | number>): ReadonlyArray<string | number> => {
  const rest = path[0] === 'monitor_filter' ? path.slice(1) : path
  return rest[0] === 'period' ? rest.slice(1) : rest
}

export const allErrors = (errors: FormErrors): FieldErrors => [
  ...errors.general,
  ...errors.signals,
  ...errors.filters,
  ...errors.rules,
]

/** MON-03: what blocks leaving a tab — its own errors and the always-visible name row's. */
export const blockingErrors = (errors: FormErrors, tab: FormTab): FieldErrors => [
  ...errors.general,
  ...errors[tab],
]

/** One line of the validation summary dialog: the field's label and the message. */
export const summaryLine = (error: FieldError): string => {
  const label = monitorFieldLabel(error.path) ?? FIELD_LABELS[String(error.path[0])] ?? ruleLabel(error.path)
  return label ? `${label}: ${error.message}` : error.message
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  start_time: 'Period Start',
  end_time: 'Period End',
  start_duration: 'Period Start',
  end_duration: 'Period End',
  end_mode: 'Period',
  part_attributes: 'Part attributes',
  result_classifications: 'Result classifications',
}

const RULE_LABELS: Readonly<Record<string, string>> = {
  Consecutive: 'Consecutive',
  ExceedanceRuns: 'Exceedance Runs',
  ExceedanceTime: 'Exceedance Time',
}

const ruleLabel = (path: ReadonlyArray<string | number>): string | undefined => RULE_LABELS[String(path[0])]

// ── Saving ──────────────────────────────────────────────────────────────────

/** Whether anything the user can change differs from where the form started. */
export const isDirty = (initial: MonitorFormValues, current: MonitorFormValues): boolean =>
  JSON.stringify(initial) !== JSON.stringify(current)

/**
 * The monitor and rules one createMonitor / updateMonitor action sends (MON-06): a new monitor gets
 * its uuid here (minted on the device, so the offline copy and the server's are the same monitor);
 * in CREATE 'Deploy on create' decides `active`.
 */
export const monitorToSave = (
  values: MonitorFormValues,
  mode: 'CREATE' | 'EDIT',
  deploy: boolean,
  newId: () => string,
): { monitor: Monitor; rules: MonitorRules } | undefined => {
  const m = values.monitor
  const uuid = mode === 'CREATE' ? newId() : m.monitor_uuid
  if (uuid === undefined) return undefined
  const monitor: Monitor = {
    ...m,
    monitor_uuid: uuid,
    monitor_name: m.monitor_name.trim(),
    active: mode === 'CREATE' ? deploy : m.active,
    monitor_filter: filterToSave(values),
  }
  return { monitor, rules: rulesFromForm(values.rules) }
}

/** The filter a save stores: the form's period and classifications put back on the monitor. */
const filterToSave = (values: MonitorFormValues): MonitorFilter => ({
  ...values.monitor.monitor_filter,
  period: storedPeriod(values.period),
  result_classifications: values.resultClassifications,
})

/** The period as the monitor keeps it: an empty duration is what the correction makes of it. */
const storedPeriod = (p: PeriodValues): MonitorPeriod => ({
  ...p,
  start_duration: clampDuration(p.start_duration),
  end_duration: clampDuration(p.end_duration),
})

// ── Live changes underneath (docs/ui-rules.md) ──────────────────────────────

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * The stored monitor (or its rules) changed while the form is open — another device, the server. A
 * field the user has not touched takes the stored value; a field the user changed keeps the user's
 * value and is named in `underneath` (the form says so). Monitor fields, filter fields and each rule
 * are the units compared; the period and the chosen classifications are one unit each.
 */
export const rebaseValues = (
  initial: MonitorFormValues,
  values: MonitorFormValues,
  stored: MonitorFormValues,
): { initial: MonitorFormValues; values: MonitorFormValues; underneath: ReadonlyArray<string> } => {
  const underneath: Array<string> = []
  const merge = <T extends object>(base: T, mine: T, theirs: T, prefix: string): T => {
    const out: Record<string, unknown> = { ...(mine as Record<string, unknown>) }
    for (const key of Object.keys(theirs) as Array<keyof T & string>) {
      if (same(base[key], theirs[key])) continue
      if (same(mine[key], base[key])) out[key] = theirs[key]
      else if (!same(mine[key], theirs[key])) underneath.push(UNDERNEATH_LABELS[`${prefix}${key}`] ?? key)
    }
    return out as T
  }
  const { monitor_filter: baseFilter, ...baseMonitor } = initial.monitor
  const { monitor_filter: myFilter, ...myMonitor } = values.monitor
  const { monitor_filter: theirFilter, ...theirMonitor } = stored.monitor
  const monitor = {
    ...merge(baseMonitor, myMonitor, theirMonitor, ''),
    monitor_filter: merge(baseFilter, myFilter, theirFilter, 'monitor_filter.'),
  }
  const rules = merge(initial.rules, values.rules, stored.rules, 'rules.')
  const { period, resultClassifications } = merge(
    { period: initial.period, resultClassifications: initial.resultClassifications },
    { period: values.period, resultClassifications: values.resultClassifications },
    { period: stored.period, resultClassifications: stored.resultClassifications },
    '',
  )
  return {
    initial: stored,
    values: { ...values, monitor, rules, period, resultClassifications },
    underneath,
  }
}

const UNDERNEATH_LABELS: Readonly<Record<string, string>> = {
  monitor_name: 'Monitor name',
  frequency: 'Frequency',
  notes: 'Notes',
  active: 'Active',
  use_excluded_part_ids: 'Exclude Challenge Parts',
  use_excluded_model_numbers: 'Exclude Model Numbers',
  'monitor_filter.line_uuid': 'Line',
  'monitor_filter.signal_uuids': 'Signal selection',
  'monitor_filter.signal_group_uuids': 'Signal selection',
  'monitor_filter.alert_threshold': 'Breach Threshold',
  'monitor_filter.part_numbers': 'Model Numbers',
  'monitor_filter.part_groups': 'Part groups',
  'monitor_filter.part_attributes': 'Part attributes',
  'monitor_filter.pass_fail_filter': 'Result',
  'monitor_filter.evaluation_ratio': 'Training Split',
  'monitor_filter.sample_size': 'Records',
  period: 'Period',
  resultClassifications: 'Result classifications',
  'rules.Consecutive': 'Consecutive',
  'rules.ExceedanceRuns': 'Exceedance Runs',
  'rules.ExceedanceTime': 'Exceedance Time',
}
