import { Schema, SchemaGetter } from 'effect'
import { CLASSIFICATION_RESULTS, ENTITY_TYPES, QUALITY_CHARACTERISTICS, SINGLE_SIDES } from '../constants'
import { checkWith } from '../validation/field-error'
import { validateClassificationRows, validateSignalFriendlyName } from '../validation/signal-field-rules'

/**
 * Signals with their labeling (entity type, quality characteristic, associations, result
 * classifications), and the three PATCH bodies signal management sends. Associations are stored on
 * the measurement: its upperLimit, lowerLimit and result fields hold the linked signals' ids.
 */

export const EntityType = Schema.Literals(ENTITY_TYPES)
export type EntityType = typeof EntityType.Type

export const QualityCharacteristic = Schema.Literals(QUALITY_CHARACTERISTICS)
export type QualityCharacteristic = typeof QualityCharacteristic.Type

/** Distribution of a single-sided measurement; null when the signal is two sided. */
export const SingleSide = Schema.Literals(SINGLE_SIDES)
export type SingleSide = typeof SingleSide.Type

export const ClassificationResult = Schema.Literals(CLASSIFICATION_RESULTS)
export type ClassificationResult = typeof ClassificationResult.Type

export const ResultClassification = Schema.Struct({
  value: Schema.String,
  result: ClassificationResult,
  failureMode: Schema.NullOr(Schema.String),
})
export type ResultClassification = typeof ResultClassification.Type

/** A row of the classification editor (device-side state; `isNew` rows are editable only in value). */
export const ClassificationRow = Schema.Struct({
  id: Schema.NonEmptyString,
  value: Schema.String,
  result: ClassificationResult,
  failureMode: Schema.NullOr(Schema.String),
  isNew: Schema.Boolean,
  signalId: Schema.NonEmptyString,
})
export type ClassificationRow = typeof ClassificationRow.Type

/** A signal's classifications: values required and unique (SM-11), so the server rejects what the editor would. */
export const ResultClassifications = Schema.Array(ResultClassification).check(
  checkWith<ReadonlyArray<ResultClassification>>(validateClassificationRows),
)

const FriendlyName = Schema.NullOr(
  Schema.String.check(Schema.makeFilter((v: string) => validateSignalFriendlyName(v) ?? true)),
)
const SignalId = Schema.NonEmptyString

export const Signal = Schema.Struct({
  id: SignalId,
  name: Schema.String,
  friendlyName: FriendlyName,
  entityType: EntityType,
  isSignalActive: Schema.Boolean,
  singleSide: Schema.NullOr(SingleSide),
  upperLimit: Schema.NullOr(SignalId),
  lowerLimit: Schema.NullOr(SignalId),
  /** Linked result signal ids. */
  result: Schema.Array(SignalId),
  qualityCharacteristic: QualityCharacteristic,
  /** Kept in the canonical order of `canonicalClassificationOrder`. */
  resultClassifications: ResultClassifications,
  stationId: Schema.NonEmptyString,
  stationName: Schema.String,
  lineId: Schema.NonEmptyString,
  /**
   * FLT-09: for a PART_ATTRIBUTE signal, the values its ingested data holds (what a monitor's part
   * attribute filter chooses from). Absent when the source does not say; no user action writes it.
   */
  attributeValues: Schema.optionalKey(Schema.Array(Schema.String)),
})
export type Signal = typeof Signal.Type

// ── PATCH /api/signal-attribute-update ──────────────────────────────────────

/** Only the attributes present are changed; null limits dissociate. */
export const SignalAttributes = Schema.Struct({
  quality_characteristic: Schema.optionalKey(QualityCharacteristic),
  upper_limit: Schema.optionalKey(Schema.NullOr(SignalId)),
  lower_limit: Schema.optionalKey(Schema.NullOr(SignalId)),
  result: Schema.optionalKey(Schema.Array(SignalId)),
  signal_entity_type: Schema.optionalKey(EntityType),
  signal_friendly_name: Schema.optionalKey(FriendlyName),
  signal_active: Schema.optionalKey(Schema.Boolean),
})
export type SignalAttributes = typeof SignalAttributes.Type

export const SignalAttributeUpdate = Schema.Struct({
  signalRequest: Schema.Struct({
    customer_uuid: Schema.NonEmptyString,
    plant_uuid: Schema.NonEmptyString,
    line_uuid: Schema.NonEmptyString,
  }),
  signals: Schema.Array(Schema.Struct({ signal_uuid: SignalId, signal_attributes: SignalAttributes })),
})
export type SignalAttributeUpdate = typeof SignalAttributeUpdate.Type

// ── PATCH /api/signals (distribution) ───────────────────────────────────────

export const SignalSingleSideUpdate = Schema.Array(
  Schema.Struct({ id: SignalId, singleSide: Schema.NullOr(SingleSide) }),
)
export type SignalSingleSideUpdate = typeof SignalSingleSideUpdate.Type

// ── PATCH /api/signal/result-classifications ────────────────────────────────

/** One wire entry; its result is the group it sits in. */
export const ClassificationEntry = Schema.Struct({
  value: Schema.String,
  failureMode: Schema.NullOr(Schema.String),
})
export type ClassificationEntry = typeof ClassificationEntry.Type

export const GroupedResultClassifications = Schema.Struct({
  pass: Schema.Array(ClassificationEntry),
  fail: Schema.Array(ClassificationEntry),
  other: Schema.Array(ClassificationEntry),
})
export type GroupedResultClassifications = typeof GroupedResultClassifications.Type

/** pass entries, then fail, then other; each group keeps its wire order. */
export const flattenResultClassifications = (
  grouped: GroupedResultClassifications,
): Array<ResultClassification> =>
  CLASSIFICATION_RESULTS.flatMap((result) =>
    grouped[result].map((e) => ({ value: e.value, result, failureMode: e.failureMode })),
  )

export const groupResultClassifications = (
  flat: ReadonlyArray<ResultClassification>,
): GroupedResultClassifications => {
  const entries = (result: ClassificationResult) =>
    flat.filter((c) => c.result === result).map((c) => ({ value: c.value, failureMode: c.failureMode }))
  return { pass: entries('pass'), fail: entries('fail'), other: entries('other') }
}

/**
 * The canonical order of a flat list: grouped by result in the order pass, fail, other, and within
 * a result in the order given (a stable sort). Grouped → flat → grouped is always lossless;
 * flat → grouped → flat is lossless exactly for lists already in this order.
 */
export const canonicalClassificationOrder = (
  flat: ReadonlyArray<ResultClassification>,
): Array<ResultClassification> =>
  [...flat].sort(
    (a, b) => CLASSIFICATION_RESULTS.indexOf(a.result) - CLASSIFICATION_RESULTS.indexOf(b.result),
  )

/** Wire {pass, fail, other} ⇄ the flat list the Signal document holds. */
export const ResultClassificationsFromGrouped = GroupedResultClassifications.pipe(
  Schema.decodeTo(ResultClassifications, {
    decode: SchemaGetter.transform(flattenResultClassifications),
    encode: SchemaGetter.transform(groupResultClassifications),
  }),
)

/** Body keyed by signal id; decodes to flat lists per signal. */
export const ResultClassificationsPatch = Schema.Record(
  Schema.String,
  Schema.Struct({ resultClassifications: ResultClassificationsFromGrouped }),
)
export type ResultClassificationsPatch = typeof ResultClassificationsPatch.Type
export type ResultClassificationsPatchWire = typeof ResultClassificationsPatch.Encoded
