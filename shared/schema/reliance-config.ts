import { Schema } from 'effect'
import { RELIANCE_CONNECTION_STATUSES } from '../constants'
import { checkWith } from '../validation/field-error'
import { validateRelianceForm } from '../validation/integration-rules'
import { UtcIsoString } from './plant'

/**
 * The ETQ Reliance integration of a line (ETQ-01..03). The client secret is write-only: it travels
 * in RelianceConfigInput to the server and is never part of RelianceConfig, which is what the
 * server stores for replication and answers with. Struct decoding drops unknown keys, so decoding
 * a row that still holds a `clientSecret` yields a config without it.
 */

export const KnownRelianceConnectionStatus = Schema.Literals(RELIANCE_CONNECTION_STATUSES)
export type KnownRelianceConnectionStatus = typeof KnownRelianceConnectionStatus.Type

/** SUCCESS, ERROR, NOT_CONFIGURED, or any other string the integration reports (shown as Not Configured). */
export const RelianceConnectionStatus = Schema.String
export type RelianceConnectionStatus = typeof RelianceConnectionStatus.Type

export const RelianceConfig = Schema.Struct({
  id: Schema.NonEmptyString,
  lineId: Schema.NonEmptyString,
  apiHost: Schema.String,
  clientId: Schema.String,
  tokenEndpoint: Schema.String,
  connectionStatus: RelianceConnectionStatus,
  updatedTime: UtcIsoString,
})
export type RelianceConfig = typeof RelianceConfig.Type

/** POST /api/reliance-configuration/lines/{lineId} body: every field required ('{label} is required'). */
export const RelianceConfigInput = Schema.Struct({
  apiHost: Schema.String,
  clientId: Schema.String,
  tokenEndpoint: Schema.String,
  clientSecret: Schema.String,
}).check(checkWith(validateRelianceForm))
export type RelianceConfigInput = typeof RelianceConfigInput.Type

/** GET /api/reliance-configuration/plants/{plantId}: configs keyed by line id. */
export const RelianceConfigsByLine = Schema.Record(Schema.String, RelianceConfig)
export type RelianceConfigsByLine = typeof RelianceConfigsByLine.Type
