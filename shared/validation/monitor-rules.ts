import {
  DEFAULT_MONITOR_NAME_PREFIX,
  FREQUENCY_MAX_MINUTES,
  FREQUENCY_MIN_MINUTES,
  MONITOR_NAME_MAX_LENGTH,
  MVD_MIN_GROUPS,
  MVD_MIN_SIGNALS,
  NOTES_MAX_LENGTH,
} from '../constants'
import type { MonitorFilter } from '../schema/monitor-filter'
import type { MonitorType } from '../schema/monitor-type'
import { fieldError } from './field-error'
import type { FieldErrors } from './field-error'
import { Messages } from './messages'
import { atLeast, atMost, firstError, required, wholeNumber } from './text-rules'

/** Where each monitor-form error points, relative to the monitor (draft) being edited. */
export const MONITOR_FIELD_PATHS = {
  name: ['monitor_name'],
  frequency: ['frequency'],
  notes: ['notes'],
  signalSelection: ['monitor_filter', 'signal_uuids'],
} as const

/** The label a validation summary (MON-03) shows for an error's path, if it is a monitor field. */
export const monitorFieldLabel = (path: ReadonlyArray<string | number>): string | undefined =>
  LABELS[path.join('.')]

export type SignalSelection = Pick<MonitorFilter, 'signal_uuids' | 'signal_group_uuids'>

/** SIG-06: an MVD monitor needs at least 2 distinct signals or at least 1 group. */
export const validateMvdSignalSelection = (s: SignalSelection): FieldErrors =>
  distinct(s.signal_uuids) >= MVD_MIN_SIGNALS || distinct(s.signal_group_uuids) >= MVD_MIN_GROUPS
    ? []
    : [fieldError(MONITOR_FIELD_PATHS.signalSelection, M.mvdSignalSelection)]

/** MON-05: an SVD monitor watches exactly one signal, and no group (a group is several signals). */
export const validateSvdSignalSelection = (s: SignalSelection): FieldErrors =>
  s.signal_uuids.length === 1 && s.signal_group_uuids.length === 0
    ? []
    : [fieldError(MONITOR_FIELD_PATHS.signalSelection, M.svdSignalSelection)]

/** SIG-06 wizard: at least one signal; a group counts, since selecting it selects its signals. */
export const validateWizardSignalSelection = (s: SignalSelection): FieldErrors =>
  s.signal_uuids.length > 0 || s.signal_group_uuids.length > 0
    ? []
    : [fieldError(MONITOR_FIELD_PATHS.signalSelection, M.wizardSignalSelection)]

/** The rule for a monitor type; a cap monitor is one signal's, so it follows the SVD rule. */
export const validateSignalSelection = (type: MonitorType, s: SignalSelection): FieldErrors =>
  type === 'mvd' ? validateMvdSignalSelection(s) : validateSvdSignalSelection(s)

/**
 * MON-04: what the frequency input commits on blur. Rounds to a whole number of minutes and clamps
 * to the bounds; empty (or text that is not a number) falls back to the minimum.
 */
export const clampFrequency = (raw: string | number | undefined): number => {
  const n = typeof raw === 'number' ? raw : raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw)
  if (Number.isNaN(n)) return FREQUENCY_MIN_MINUTES
  return Math.min(FREQUENCY_MAX_MINUTES, Math.max(FREQUENCY_MIN_MINUTES, Math.round(n)))
}

/** MON-04 for values that did not pass through the input (the server): whole and within bounds. */
export const validateFrequency = (frequency: number): FieldErrors =>
  toErrors(
    MONITOR_FIELD_PATHS.frequency,
    firstError(
      wholeNumber(FREQUENCY_LABEL, frequency),
      atLeast(FREQUENCY_LABEL, frequency, FREQUENCY_MIN_MINUTES),
      atMost(FREQUENCY_LABEL, frequency, FREQUENCY_MAX_MINUTES),
    ),
  )

/** MON-01: 'Max length: N characters' past NOTES_MAX_LENGTH (UTF-16 units, as a textarea counts). */
export const validateNotes = (notes: string): FieldErrors =>
  toErrors(
    MONITOR_FIELD_PATHS.notes,
    notes.length > NOTES_MAX_LENGTH ? M.notesMaxLength(NOTES_MAX_LENGTH) : undefined,
  )

/** MON-01: the name is required (generic text rule) and bounded like the notes. */
export const validateMonitorName = (name: string): FieldErrors =>
  toErrors(
    MONITOR_FIELD_PATHS.name,
    firstError(
      required(NAME_LABEL, name),
      name.length > MONITOR_NAME_MAX_LENGTH ? Messages.text.maxLength(MONITOR_NAME_MAX_LENGTH) : undefined,
    ),
  )

/** What the monitor-form rules read of a monitor (draft or saved; shared/schema/monitor.ts). */
export interface MonitorRuleInput {
  readonly monitor_name: string
  readonly monitor_type: MonitorType
  readonly frequency: number
  readonly notes: string
  readonly monitor_filter: SignalSelection
}

/** Every monitor-form rule on one monitor: what the form shows and what the server re-checks. */
export const validateMonitorDraft = (m: MonitorRuleInput): FieldErrors => [
  ...validateMonitorName(m.monitor_name),
  ...validateFrequency(m.frequency),
  ...validateNotes(m.notes),
  ...validateSignalSelection(m.monitor_type, m.monitor_filter),
]

/**
 * The Default button: the type's prefix and the lowest number ≥ 1 whose name is not taken.
 * Names compare trimmed and case-insensitively, so 'mvd monitor 1 ' blocks 'MVD Monitor 1'.
 */
export const nextDefaultMonitorName = (type: MonitorType, existingNames: Iterable<string>): string => {
  const taken = new Set(Array.from(existingNames, normalize))
  const prefix = DEFAULT_MONITOR_NAME_PREFIX[type]
  let n = 1
  while (taken.has(normalize(`${prefix} ${n}`))) n++
  return `${prefix} ${n}`
}

const M = Messages.monitor

const NAME_LABEL = M.nameLabel
const FREQUENCY_LABEL = M.frequencyLabel
const NOTES_LABEL = M.notesLabel

const LABELS: Readonly<Record<string, string>> = {
  [MONITOR_FIELD_PATHS.name.join('.')]: NAME_LABEL,
  [MONITOR_FIELD_PATHS.frequency.join('.')]: FREQUENCY_LABEL,
  [MONITOR_FIELD_PATHS.notes.join('.')]: NOTES_LABEL,
  [MONITOR_FIELD_PATHS.signalSelection.join('.')]: M.signalSelectionField,
}

const distinct = (ids: ReadonlyArray<string>): number => new Set(ids).size

const normalize = (name: string): string => name.trim().toLowerCase()

const toErrors = (path: ReadonlyArray<string>, message: string | undefined): FieldErrors =>
  message === undefined ? [] : [fieldError(path, message)]
