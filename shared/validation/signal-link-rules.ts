import { ASSOCIABLE_ENTITY_TYPES } from '../constants'
import type { EntityType, Signal } from '../schema/signal'
import { fieldError } from './field-error'
import type { FieldErrors } from './field-error'
import { Messages } from './messages'
import { validateAssociation } from './signal-rules'

/**
 * The stored form of associations (links live on the measurement: upperLimit, lowerLimit, result)
 * checked against the signals of the line, and what an entity-type change dissociates. The server
 * re-checks every replicated or REST change with these; the entity-type summary dialog can list the
 * same dissociations before the user confirms.
 */
export const SignalLinkMessages = {
  linkTargetType: (what: LinkLabel, entityType: EntityType) =>
    Messages.signals.linkTargetType(what, entityType),
  singleSideOnlyForMeasurements: Messages.signals.singleSideOnlyForMeasurements,
} as const

type LinkLabel = 'upper limit' | 'lower limit' | 'result'

export type LinkedSignal = Pick<
  Signal,
  'id' | 'entityType' | 'lineId' | 'singleSide' | 'upperLimit' | 'lowerLimit' | 'result'
>

const isAssociable = (t: EntityType) => (ASSOCIABLE_ENTITY_TYPES as ReadonlyArray<EntityType>).includes(t)

const hasOwnLinks = (s: LinkedSignal) => s.upperLimit !== null || s.lowerLimit !== null || s.result.length > 0

/**
 * Errors of a signal's own links. No links is always valid. Only a measurement holds links; each
 * target must be a signal of the same line with the entity type of its container, and the
 * container rules of the Associations panel apply (at most one of each; a single boundary when the
 * measurement is single sided and `singleSidedFlag` is on).
 */
export const validateSignalLinks = (
  signal: LinkedSignal,
  signalsById: ReadonlyMap<string, LinkedSignal>,
  singleSidedFlag: boolean,
): FieldErrors => {
  if (!hasOwnLinks(signal)) return []
  if (signal.entityType !== 'MEASUREMENT') {
    const message = isAssociable(signal.entityType)
      ? Messages.signals.atLeastOneMeasurement
      : Messages.signals.notAssociable
    return [fieldError('entityType', message)]
  }
  const errors = [
    ...validateAssociation(
      {
        measurement: [signal.id],
        upperLimit: signal.upperLimit === null ? [] : [signal.upperLimit],
        lowerLimit: signal.lowerLimit === null ? [] : [signal.lowerLimit],
        result: signal.result,
      },
      singleSidedFlag && signal.singleSide !== null,
    ),
  ]
  const check = (path: Array<string | number>, id: string, label: LinkLabel, expected: EntityType) => {
    const target = signalsById.get(id)
    if (target === undefined || target.lineId !== signal.lineId) {
      errors.push(fieldError(path, Messages.signals.signalNotFound))
    } else if (!isAssociable(target.entityType)) {
      errors.push(fieldError(path, Messages.signals.notAssociable))
    } else if (target.entityType !== expected) {
      errors.push(fieldError(path, SignalLinkMessages.linkTargetType(label, expected)))
    }
  }
  if (signal.upperLimit !== null) check(['upperLimit'], signal.upperLimit, 'upper limit', 'UPPER_LIMIT')
  if (signal.lowerLimit !== null) check(['lowerLimit'], signal.lowerLimit, 'lower limit', 'LOWER_LIMIT')
  signal.result.forEach((id, i) => check(['result', i], id, 'result', 'RESULT'))
  return errors
}

/**
 * A signal given a new entity type: anything but a measurement holds no links and no distribution,
 * so those are dropped (its limits, classifications and quality characteristic are kept).
 */
export const withEntityType = <S extends LinkedSignal>(signal: S, entityType: EntityType): S =>
  entityType === 'MEASUREMENT'
    ? { ...signal, entityType }
    : { ...signal, entityType, upperLimit: null, lowerLimit: null, result: [], singleSide: null }

/**
 * The other signals whose links to `target` no longer fit its entity type (a measurement's upper
 * limit must be an UPPER_LIMIT signal, and so on), each returned with those links removed.
 * Signals that need no change are not returned.
 */
export const dissociatedBy = <S extends LinkedSignal>(
  target: Pick<Signal, 'id' | 'entityType'>,
  signals: Iterable<S>,
): Array<S> => {
  const out: Array<S> = []
  for (const s of signals) {
    if (s.id === target.id) continue
    const upper = s.upperLimit === target.id && target.entityType !== 'UPPER_LIMIT'
    const lower = s.lowerLimit === target.id && target.entityType !== 'LOWER_LIMIT'
    const result = s.result.includes(target.id) && target.entityType !== 'RESULT'
    if (!upper && !lower && !result) continue
    out.push({
      ...s,
      upperLimit: upper ? null : s.upperLimit,
      lowerLimit: lower ? null : s.lowerLimit,
      result: result ? s.result.filter((id) => id !== target.id) : s.result,
    })
  }
  return out
}

/** Whether the links differ (the result list compared as a set: its order carries no meaning). */
export const linksChanged = (a: LinkedSignal, b: LinkedSignal): boolean => {
  if (a.upperLimit !== b.upperLimit || a.lowerLimit !== b.lowerLimit) return true
  const sa = new Set(a.result)
  const sb = new Set(b.result)
  return sa.size !== sb.size || [...sa].some((id) => !sb.has(id)) || a.result.length !== b.result.length
}
