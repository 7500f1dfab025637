import type { Schema } from 'effect'
import {
  firstIngestedFieldWritten,
  ingestedEntityRefusal,
  ingestedFieldRefusal,
  INTENT_WRITABLE_FIELDS,
} from '../../shared/intents/ingested-fields'
import type { IntentRejected } from '../../shared/intents/intent'
import { Signal } from '../../shared/schema/signal'
import { SignalLimitEntry } from '../../shared/schema/signal-limit'
import { Line } from '../../shared/schema/line'
import { Station } from '../../shared/schema/station'
import type { CollectionName } from '../../shared/sync/collections'
import { isMetadataField } from '../../shared/sync/entities'
import type { CollectionRules, DecodedChange, WriteContext } from './collection-rules'
import { decodeInput } from './decode'
import { DomainError } from './domain-error'
import { findVisible } from './line-documents'

/**
 * Storage rules of the entities the plant's data source owns — lines (LINE-02..06), stations (SM-04),
 * signals (SM-05..11) and their capability limits (CAPL-02..04) — made by one factory: a change is
 * decoded with the entity's schema, and one that writes a field a user may not write is REFUSED
 * (403 with the field named, shared/intents/ingested-fields.ts) instead of being quietly put back.
 * What a user may do to these entities is decided by their intents (shared/intents/lines.ts,
 * stations.ts, signal-edits.ts, limits.ts), which produce every write here; the shared runner
 * refuses the same changes first (run.ts), so this is the store's own guarantee. Seeding and the
 * gateway's replica write these documents straight to the store: they are the data source.
 */
export const lineRules = ingestedRules({
  collection: 'lines',
  schema: Line,
  writable: INTENT_WRITABLE_FIELDS.lines,
})

/** Only the Final Station label is the user's. */
export const stationRules = ingestedRules({
  collection: 'stations',
  schema: Station,
  writable: INTENT_WRITABLE_FIELDS.stations,
})

export const signalRules = ingestedRules({
  collection: 'signals',
  schema: Signal,
  writable: INTENT_WRITABLE_FIELDS.signals,
})

/**
 * One limits entry per signal, keyed by its id: the rows are the user's; the line, station, signal
 * name and side are the signal's (saveSignalLimits copies them), so they must equal the signal's
 * stored values. Any signal may get limits, and an entry left without rows is removed.
 */
export const signalLimitRules = ingestedRules({
  collection: 'signalLimits',
  schema: SignalLimitEntry,
  writable: ['limits'],
  ownedValues: async (ctx, id) => {
    const signal = (await findVisible<Signal>(ctx.tx, ctx.session, 'signals', id))?.data
    if (!signal) return undefined
    return {
      lineUUID: signal.lineId,
      station: signal.stationName,
      signalUUID: id,
      signalName: signal.name,
      singleSide: signal.singleSide,
    }
  },
})

interface IngestedEntity<T extends object> {
  readonly collection: CollectionName
  /** A Struct: its fields are the document's fields. */
  readonly schema: Schema.Decoder<T> & { readonly fields: Readonly<Record<string, unknown>> }
  /** The fields a user action may write; every other field is the plant's. */
  readonly writable: ReadonlyArray<keyof T & string>
  /**
   * What the plant holds for the fields that are not writable; undefined when the entity it comes
   * from does not exist. Absent: the stored document's values, and the entity is only ever edited
   * (never created or deleted by a user action).
   */
  readonly ownedValues?: (ctx: WriteContext, id: string) => Promise<Record<string, unknown> | undefined>
}

function ingestedRules<T extends object>(entity: IngestedEntity<T>): CollectionRules<T> {
  const editOnly = entity.ownedValues === undefined
  const owned = Object.keys(entity.schema.fields).filter(
    (f) => !isMetadataField(f) && !(entity.writable as ReadonlyArray<string>).includes(f),
  )
  return {
    collection: entity.collection,
    scope: 'plant',
    deletable: !editOnly,
    authorize(_session, change) {
      if (editOnly && (!change.previous || change.next === undefined)) throw refusal(ingestedEntityRefusal())
    },
    decode: (data) => decodeInput(entity.schema, data),
    async validate(ctx, change) {
      const next = change.next as T & Record<string, unknown>
      const plant = await ownedValuesOf(entity, ctx, change)
      if (plant === undefined) throw refusal(ingestedEntityRefusal())
      const field = firstIngestedFieldWritten(entity.writable, plant, next, owned)
      if (field !== undefined) throw refusal(ingestedFieldRefusal(field))
      return next
    },
  }
}

async function ownedValuesOf<T extends object>(
  entity: IngestedEntity<T>,
  ctx: WriteContext,
  change: DecodedChange<T>,
): Promise<Readonly<Record<string, unknown>> | undefined> {
  if (entity.ownedValues) return entity.ownedValues(ctx, change.id)
  const previous = change.previous?.data as Record<string, unknown> | undefined
  // A line, station or signal is named by its `id` field, which is the document's id.
  return previous && { ...previous, id: change.id }
}

/** The shared refusal as the server's error (same status, code, message and details). */
const refusal = (err: IntentRejected) => new DomainError(err.status, err.code, err.message, err.details)
