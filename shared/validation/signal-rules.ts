import { NEW_CLASSIFICATION_RESULT } from '../constants'
import type { ClassificationRow, EntityType, Signal } from '../schema/signal'
import type { Station } from '../schema/station'
import { fieldError } from './field-error'
import type { FieldError, FieldErrors } from './field-error'
import { Messages } from './messages'
import { validateClassificationRows } from './signal-field-rules'

export {
  classificationValueKey,
  validateClassificationRows,
  validateSignalFriendlyName,
} from './signal-field-rules'
import { compareNames } from '../../shared/text/name-order'

/** Signal management rules: friendly name (SM-06), final station (SM-04), associations (SM-10). */
const M = Messages.signals

// ── SM-06 friendly name (its rule is in signal-field-rules.ts) ────────────────

/** What Save stores: trailing spaces dropped, blank means "no friendly name". */
export const friendlyNameToSave = (input: string): string | null => {
  const trimmed = input.trimEnd()
  return trimmed === '' ? null : trimmed
}

// ── SM-04 final station ─────────────────────────────────────────────────────

/**
 * The Final Station switch is usable when the station holds a result signal, or is already final
 * (so it can be switched off). `signalsOfStation` are the signals of that station.
 */
export const canBeFinal = (
  station: Pick<Station, 'final'>,
  signalsOfStation: ReadonlyArray<Pick<Signal, 'entityType'>>,
): boolean => station.final || signalsOfStation.some((s) => s.entityType === 'RESULT')

/** The rejection for setting `final`; switching final off is always allowed. */
export const finalStationError = (
  station: Pick<Station, 'final'>,
  signalsOfStation: ReadonlyArray<Pick<Signal, 'entityType'>>,
  final: boolean,
): string | undefined =>
  final && !canBeFinal(station, signalsOfStation) ? M.finalStationRequiresResult : undefined

// ── SM-10 associations ──────────────────────────────────────────────────────

/** The four drag-and-drop containers of the Associations panel, holding signal ids (or signals). */
export interface AssociationContainers<T = string> {
  readonly measurement: ReadonlyArray<T>
  readonly upperLimit: ReadonlyArray<T>
  readonly lowerLimit: ReadonlyArray<T>
  readonly result: ReadonlyArray<T>
}
export type AssociationContainer = keyof AssociationContainers

/** Parts, units, component ids and unknown signals are shown under Measurement. */
export const containerForEntityType = (entityType: EntityType): AssociationContainer =>
  entityType === 'UPPER_LIMIT'
    ? 'upperLimit'
    : entityType === 'LOWER_LIMIT'
      ? 'lowerLimit'
      : entityType === 'RESULT'
        ? 'result'
        : 'measurement'

const CONTAINER_ENTITY_TYPES = {
  measurement: 'MEASUREMENT',
  upperLimit: 'UPPER_LIMIT',
  lowerLimit: 'LOWER_LIMIT',
  result: 'RESULT',
} as const satisfies Record<AssociationContainer, EntityType>

/** Dropping a chip into a container gives the signal this entity type. */
export const entityTypeForContainer = (container: AssociationContainer): EntityType =>
  CONTAINER_ENTITY_TYPES[container]

/**
 * Confirm stays disabled while this returns errors. Paths name the container; the single-boundary
 * rule (Single Sided on: exactly one of upper limit and lower limit) is reported at ['boundary'].
 */
export const validateAssociation = <T>(c: AssociationContainers<T>, singleSided: boolean): FieldErrors => {
  const errors: Array<FieldError> = []
  if (c.measurement.length < 1) errors.push(fieldError('measurement', M.atLeastOneMeasurement))
  if (c.upperLimit.length > 1) errors.push(fieldError('upperLimit', M.noMoreThanOne('upper limit')))
  if (c.lowerLimit.length > 1) errors.push(fieldError('lowerLimit', M.noMoreThanOne('lower limit')))
  if (c.result.length > 1) errors.push(fieldError('result', M.noMoreThanOne('result')))
  if (singleSided && c.upperLimit.length + c.lowerLimit.length !== 1) {
    errors.push(fieldError('boundary', M.singleBoundaryRequired))
  }
  return errors
}

/** The links each measurement of a valid selection stores (associations live on the measurement). */
export const measurementLinks = (
  c: AssociationContainers,
): { upperLimit: string | null; lowerLimit: string | null; result: ReadonlyArray<string> } => ({
  upperLimit: c.upperLimit[0] ?? null,
  lowerLimit: c.lowerLimit[0] ?? null,
  result: [...c.result],
})

type LinkedSignal = Pick<Signal, 'id' | 'upperLimit' | 'lowerLimit' | 'result'>

/** A signal is associated when it links to others (a measurement) or others link to it. */
export const hasAssociations = (signal: LinkedSignal, allSignals: ReadonlyArray<LinkedSignal>): boolean =>
  associatedIn(linkTargets(allSignals))(signal)

/** Every signal id some signal links to. */
const linkTargets = (allSignals: ReadonlyArray<LinkedSignal>): ReadonlySet<string> => {
  const targets = new Set<string>()
  for (const s of allSignals) {
    if (s.upperLimit !== null) targets.add(s.upperLimit)
    if (s.lowerLimit !== null) targets.add(s.lowerLimit)
    for (const id of s.result) targets.add(id)
  }
  return targets
}

/** hasAssociations against targets gathered once: a big selection stays linear in the line's size. */
const associatedIn =
  (targets: ReadonlySet<string>) =>
  (signal: LinkedSignal): boolean =>
    signal.upperLimit !== null ||
    signal.lowerLimit !== null ||
    signal.result.length > 0 ||
    targets.has(signal.id)

export type ViewEligibility = { readonly ok: true } | { readonly ok: false; readonly message: string }

/**
 * What the Associations label shows: the links of one associated signal; 'No Associations Set'
 * when none of the selection is associated; 'Mixed Associations' when only some are; 'Cannot be
 * Viewed for Multiple Signals' when several associated signals are selected.
 */
export const associationsView = (
  selected: ReadonlyArray<LinkedSignal>,
  allSignals: ReadonlyArray<LinkedSignal> = selected,
): ViewEligibility => {
  const isAssociated = associatedIn(linkTargets(allSignals))
  const associated = selected.filter(isAssociated).length
  if (associated === 0) return { ok: false, message: Messages.classifications.noAssociationsSet }
  if (associated < selected.length) return { ok: false, message: Messages.classifications.mixedAssociations }
  if (selected.length > 1) return { ok: false, message: Messages.classifications.cannotViewMultiple }
  return { ok: true }
}

// ── SM-11 result classifications ────────────────────────────────────────────

type ViewedSignal = LinkedSignal & Pick<Signal, 'entityType' | 'isSignalActive'>

/**
 * Whether the classification table can show the selection. "The same configuration" is not
 * defined by the spec; here it means the same status (On/Off) and the same association state
 * (all associated or none). Classifications themselves may differ: the drawer shows them as Common
 * and Unique. Nothing selected gives the empty-pane text.
 */
export const classificationViewEligibility = (
  selected: ReadonlyArray<ViewedSignal>,
  allSignals: ReadonlyArray<LinkedSignal> = selected,
): ViewEligibility => {
  const [first] = selected
  if (first === undefined) return { ok: false, message: M.configuringSignalData }
  if (selected.some((s) => s.entityType !== 'RESULT')) {
    return { ok: false, message: Messages.classifications.allMustBeResult }
  }
  const isAssociated = associatedIn(linkTargets(allSignals))
  const configuration = (s: ViewedSignal) => `${s.isSignalActive}|${isAssociated(s)}`
  const expected = configuration(first)
  if (selected.some((s) => configuration(s) !== expected)) {
    return { ok: false, message: Messages.classifications.sameConfiguration }
  }
  return { ok: true }
}

/** Rows sorted by value (natural order, case-insensitive; ties keep their order). */
export const sortClassificationRows = <T extends { readonly value: string }>(
  rows: ReadonlyArray<T>,
): Array<T> => [...rows].sort((a, b) => compareNames(a.value.trim(), b.value.trim()))

/** A new row: result 'other', no failure mode, editable only in value. */
export const newClassificationRow = (id: string, signalId: string): ClassificationRow => ({
  id,
  value: '',
  result: NEW_CLASSIFICATION_RESULT,
  failureMode: null,
  isNew: true,
  signalId,
})

type ComparableRow = Pick<ClassificationRow, 'value' | 'result' | 'failureMode' | 'signalId'>

const contentKey = (rows: ReadonlyArray<ComparableRow>): string =>
  rows
    .map((r) => JSON.stringify([r.signalId, r.value, r.result, r.failureMode]))
    .sort()
    .join('\n')

/** Save is enabled only for a valid change (row ids, isNew and order are not changes). */
export const canSaveClassifications = (
  original: ReadonlyArray<ComparableRow>,
  current: ReadonlyArray<ComparableRow>,
): boolean => validateClassificationRows(current).length === 0 && contentKey(original) !== contentKey(current)
