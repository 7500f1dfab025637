import { Schema } from 'effect'
import {
  validateAlertViewingWindowDays,
  validateIngestionThresholdHours,
  validateLineFriendlyName,
} from '../validation/line-field-rules'
import { UtcIsoString } from './plant'

/**
 * A production line with its alert settings, feeder lines and exclusions. The numeric fields carry
 * the inline-cell rules (LINE-04), so a rejected replicated edit shows the grid's own message.
 * Feeder cycles need every line and are decided by the server (findFeederCycle).
 */

const fromRule = <T>(rule: (value: T) => string | undefined) => Schema.makeFilter<T>((v) => rule(v) ?? true)

export const IngestionThresholdHours = Schema.Number.check(fromRule(validateIngestionThresholdHours))
export const AlertViewingWindowDays = Schema.Number.check(fromRule(validateAlertViewingWindowDays))
/** null when the line has no friendly name. */
export const LineFriendlyName = Schema.NullOr(Schema.String.check(fromRule(validateLineFriendlyName)))

const LineIds = Schema.Array(Schema.NonEmptyString)

export const Line = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.String,
  displayName: Schema.String,
  friendlyName: LineFriendlyName,
  active: Schema.Boolean,
  isNewLine: Schema.Boolean,
  /** null until the line has ingested data. */
  lastIngestedTime: Schema.NullOr(UtcIsoString),
  ingestionThresholdHours: IngestionThresholdHours,
  alertViewingWindowDays: AlertViewingWindowDays,
  /** Lines that feed this one. */
  feederLineIds: LineIds,
  excludedPartIds: Schema.Array(Schema.String),
  excludedModelNumbers: Schema.Array(Schema.String),
  /**
   * FLT-07: the model numbers the line has made, as its ingested data names them (no user action
   * writes them). Absent for a line whose source does not say.
   */
  modelNumbers: Schema.optionalKey(Schema.Array(Schema.String)),
  /** Derived by the intents that change monitors or the line (LINE-08); never typed by a user. */
  activeMonitorsCount: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /**
   * LINE-03: the monitors deactivating the line stopped, which reactivating restarts. Kept on the line
   * (not server-only) so a line reactivated offline restores them on the device at once.
   */
  stoppedMonitorIds: Schema.optionalKey(Schema.Array(Schema.NonEmptyString)),
})
export type Line = typeof Line.Type

/** What a person calls a line: its friendly name, else its display name, else its name. */
export const lineLabel = (line: Pick<Line, 'friendlyName' | 'displayName' | 'name'>): string =>
  line.friendlyName?.trim() || line.displayName || line.name

/**
 * PATCH /api/lines/{lineId}: any subset; friendlyName null clears it. The fields the plant's data
 * source owns are taken too, so that a change to one is refused with its name (403,
 * shared/intents/ingested-fields.ts) instead of being dropped unseen; their stored value is no change.
 */
export const LinePatch = Schema.Struct({
  name: Schema.optionalKey(Line.fields.name),
  displayName: Schema.optionalKey(Line.fields.displayName),
  isNewLine: Schema.optionalKey(Line.fields.isNewLine),
  lastIngestedTime: Schema.optionalKey(Line.fields.lastIngestedTime),
  modelNumbers: Schema.optionalKey(Schema.Array(Schema.String)),
  active: Schema.optionalKey(Schema.Boolean),
  friendlyName: Schema.optionalKey(LineFriendlyName),
  ingestionThresholdHours: Schema.optionalKey(IngestionThresholdHours),
  alertViewingWindowDays: Schema.optionalKey(AlertViewingWindowDays),
  feederLineIds: Schema.optionalKey(LineIds),
  excludedPartIds: Schema.optionalKey(Schema.Array(Schema.String)),
  excludedModelNumbers: Schema.optionalKey(Schema.Array(Schema.String)),
})
export type LinePatch = typeof LinePatch.Type

/** PUT /api/notifications/notifications/lines/{lineId}/alert-viewing-window body. */
export const AlertViewingWindowUpdate = Schema.Struct({ alertViewingWindowDays: AlertViewingWindowDays })
export type AlertViewingWindowUpdate = typeof AlertViewingWindowUpdate.Type
