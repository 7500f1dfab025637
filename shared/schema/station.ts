import { Schema } from 'effect'

/**
 * A station of a line. Its signals are separate documents (signals carry stationId), so the
 * spec's "children" are a query, not a field: a signal edit then never rewrites its station.
 */
export const Station = Schema.Struct({
  id: Schema.NonEmptyString,
  lineId: Schema.NonEmptyString,
  name: Schema.String,
  /** Final Station label; only settable when the station holds a result signal (SM-04, signal-rules). */
  final: Schema.Boolean,
})
export type Station = typeof Station.Type

/** PATCH /api/stations/{id} body. */
export const StationPatch = Schema.Struct({
  final: Schema.Boolean,
})
export type StationPatch = typeof StationPatch.Type
