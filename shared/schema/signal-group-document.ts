import { Schema } from 'effect'
import { SignalGroup } from './signal-group'

/**
 * A signal group as the `signalGroups` collection stores and replicates it: the client shape plus
 * the line it belongs to, so a line's groups are one indexed query and a monitor's groups can be
 * checked against its line. The server writes these (the seed, an ingestor); clients only read them.
 */
export const SignalGroupDocument = Schema.Struct({
  ...SignalGroup.fields,
  lineId: Schema.NonEmptyString,
})
export type SignalGroupDocument = typeof SignalGroupDocument.Type
