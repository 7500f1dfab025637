import { Schema } from 'effect'
import { ClassificationResult } from './signal'

/**
 * POST /api/signal/associated-result-classifications: signal ids in, and per signal the
 * classifications of the RESULT signals associated to it (a measurement's linked results; a RESULT
 * signal's own), each naming the result signal it belongs to.
 */
export const AssociatedResultClassificationsRequest = Schema.Array(Schema.NonEmptyString)
export type AssociatedResultClassificationsRequest = typeof AssociatedResultClassificationsRequest.Type

export const AssociatedResultClassification = Schema.Struct({
  signalId: Schema.NonEmptyString,
  value: Schema.String,
  result: ClassificationResult,
  failureMode: Schema.NullOr(Schema.String),
})
export type AssociatedResultClassification = typeof AssociatedResultClassification.Type

export const AssociatedResultClassificationsResponse = Schema.Record(
  Schema.String,
  Schema.Struct({ associatedResultClassifications: Schema.Array(AssociatedResultClassification) }),
)
export type AssociatedResultClassificationsResponse = typeof AssociatedResultClassificationsResponse.Type
