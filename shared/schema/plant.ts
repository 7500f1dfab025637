import { Schema } from 'effect'
import { FEATURE_FLAGS } from '../constants'
import { isValidTimeZone } from '../time/plant-time'

/**
 * The plant (its time zone, ingestor and feature flags) and the customer it belongs to, plus the two
 * time primitives every settings entity uses. They live here because plant time is anchored on the
 * plant's zone; move them to a common module if one appears.
 */

const isValidUtcIsoString = (value: string): boolean => {
  // Only the UTC 'Z' form is stored (ARCHITECTURE: "All instants are stored as UTC ISO strings").
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/.test(value)) return false
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) return false
  // Date.parse rolls 2024-02-30 over to March: compare the calendar fields to reject such dates.
  const iso = new Date(ms).toISOString()
  return iso.slice(0, 16) === value.slice(0, 16)
}

/** An instant as a UTC ISO 8601 string ending in 'Z', e.g. '2024-05-01T08:30:00.000Z'. */
export const UtcIsoString = Schema.String.check(
  Schema.makeFilter(isValidUtcIsoString, { message: 'Expected a UTC ISO date-time string ending in Z' }),
)
export type UtcIsoString = typeof UtcIsoString.Type

/**
 * An IANA time zone name such as 'Europe/Berlin' or 'UTC'. Valid means plant time (Temporal) can
 * convert in it: the same check every plant-time conversion relies on.
 */
export const TimeZone = Schema.String.check(
  Schema.makeFilter(isValidTimeZone, { message: 'Expected an IANA time zone name' }),
)
export type TimeZone = typeof TimeZone.Type

export type FeatureFlagName = (typeof FEATURE_FLAGS)[number]

const featureFlagFields = Object.fromEntries(FEATURE_FLAGS.map((name) => [name, Schema.Boolean])) as {
  readonly [K in FeatureFlagName]: typeof Schema.Boolean
}

/** One boolean per flag of FEATURE_FLAGS; every flag must be present so the client never guesses. */
export const FeatureFlags = Schema.Struct(featureFlagFields)
export type FeatureFlags = typeof FeatureFlags.Type

/** All flags off: what a plant starts with until the server says otherwise. */
export const noFeatureFlags = (): FeatureFlags =>
  Object.fromEntries(FEATURE_FLAGS.map((name) => [name, false])) as Record<FeatureFlagName, boolean>

export const Plant = Schema.Struct({
  id: Schema.NonEmptyString,
  customerId: Schema.NonEmptyString,
  name: Schema.String,
  timeZone: TimeZone,
  ingestorId: Schema.NullOr(Schema.NonEmptyString),
  featureFlags: FeatureFlags,
  /** The customer-id override that shows ETQ Reliance even when the ETQ flag is off. */
  etqCustomerOverride: Schema.Boolean,
})
export type Plant = typeof Plant.Type

export const Customer = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.String,
})
export type Customer = typeof Customer.Type
