import { Schema } from 'effect'
import { COLLECTIONS } from './collections'
import { Rejection, ReplicatedDocument } from './protocol'

/**
 * The change-set push: `POST /sync/intents`. A device sends the actions its user made, in order,
 * each with a unique id (a retry is answered from the server's log, never applied twice), its
 * author (the server refuses actions of anyone but the session's user) and the values the device saw
 * of the fields the user edited (the base for conflict detection). Every action is applied all or
 * nothing, on its own (a refused one changes nothing and leaves the others alone; the server writes
 * the whole set in one transaction, sync-server/domain/apply-intent.ts); the answer says, per action, applied (with the documents it
 * wrote), rejected (the spec's message) or conflict (the server's values won). A gateway
 * (docs/gateway.md) may answer only the first actions of a set — those it decided before the plant's
 * server stopped answering; the device sends the rest again later, in order.
 */

/**
 * Bumped when the meaning of this protocol changes; an older device is told to update. A change to
 * one intent's arguments is not a protocol change: the intent's own version says it (PushedIntent).
 */
export const INTENT_PROTOCOL_VERSION = 1
export const MAX_INTENTS_PER_PUSH = 100

const CollectionName = Schema.Literals(COLLECTIONS)

/** One field's value as the device saw it when the user edited it (absent value: `value` left out). */
export const BaseValue = Schema.Struct({
  collection: CollectionName,
  id: Schema.String,
  field: Schema.String,
  value: Schema.optionalKey(Schema.Unknown),
})
export type BaseValue = typeof BaseValue.Type

export const PushedIntent = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.String,
  /**
   * The version of the intent's arguments the device stored the action with; absent means 1 (and is
   * what a device sends for version 1). The server upgrades older ones (shared/intents/upgrade.ts).
   */
  version: Schema.optionalKey(Schema.Int),
  args: Schema.Unknown,
  author: Schema.String,
  createdAt: Schema.String,
  base: Schema.Array(BaseValue),
})
export type PushedIntent = typeof PushedIntent.Type

export const IntentPushRequest = Schema.Struct({
  protocol: Schema.Int,
  intents: Schema.Array(PushedIntent).check(Schema.isMaxLength(MAX_INTENTS_PER_PUSH)),
})
export type IntentPushRequest = typeof IntentPushRequest.Type

export const WrittenDocument = Schema.Struct({ collection: CollectionName, document: ReplicatedDocument })
export type WrittenDocument = typeof WrittenDocument.Type

export const FieldConflictRecord = Schema.Struct({
  collection: CollectionName,
  id: Schema.String,
  field: Schema.String,
  localValue: Schema.optionalKey(Schema.Unknown),
  serverValue: Schema.optionalKey(Schema.Unknown),
})
export type FieldConflictRecord = typeof FieldConflictRecord.Type

export const IntentOutcome = Schema.Union([
  Schema.Struct({
    id: Schema.String,
    status: Schema.Literal('applied'),
    documents: Schema.Array(WrittenDocument),
    /**
     * Gateway mode: ids the authority gave what the action created, by the id the device minted.
     * The device rewrites the actions it still holds (shared/sync/replace-ids.ts).
     */
    replacedIds: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
    /** Answered from the server's log (a retry): the documents as they are now, not as it wrote them. */
    fromLog: Schema.optionalKey(Schema.Boolean),
  }),
  Schema.Struct({ id: Schema.String, status: Schema.Literal('rejected'), rejection: Rejection }),
  Schema.Struct({
    id: Schema.String,
    status: Schema.Literal('conflict'),
    rejection: Rejection,
    conflicts: Schema.Array(FieldConflictRecord),
  }),
])
export type IntentOutcome = typeof IntentOutcome.Type

export const IntentPushResponse = Schema.Struct({ results: Schema.Array(IntentOutcome) })
export type IntentPushResponse = typeof IntentPushResponse.Type
