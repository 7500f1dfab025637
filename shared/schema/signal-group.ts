import { Schema, SchemaGetter } from 'effect'

/** A named set of signals of one line, client shape (SIG-01: selecting it selects its signals). */
export const SignalGroup = Schema.Struct({
  signalGroupUuid: Schema.NonEmptyString,
  signalGroupName: Schema.String,
  signalUuids: Schema.Array(Schema.String),
})
export type SignalGroup = typeof SignalGroup.Type

/** The same group as the signal-groups endpoint answers it (snake_case). */
export const SignalGroupWire = Schema.Struct({
  signal_group_uuid: Schema.NonEmptyString,
  signal_group_name: Schema.String,
  signal_uuids: Schema.Array(Schema.String),
})
export type SignalGroupWire = typeof SignalGroupWire.Type

/** Wire ⇄ client, a pure renaming: lossless both ways. */
export const SignalGroupFromWire = SignalGroupWire.pipe(
  Schema.decodeTo(SignalGroup, {
    decode: SchemaGetter.transform((wire) => ({
      signalGroupUuid: wire.signal_group_uuid,
      signalGroupName: wire.signal_group_name,
      signalUuids: wire.signal_uuids,
    })),
    encode: SchemaGetter.transform((group) => ({
      signal_group_uuid: group.signalGroupUuid,
      signal_group_name: group.signalGroupName,
      signal_uuids: group.signalUuids,
    })),
  }),
)
