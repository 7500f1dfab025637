import type { Line } from '../schema/line'
import type { Signal } from '../schema/signal'
import type { Station } from '../schema/station'
import { deepEqual } from '../sync/deep-equal'
import { Messages } from '../validation/messages'
import type { DocumentChange } from './document-change'
import { IntentRejected } from './intent'

/**
 * Lines, stations and signals come from the plant's data source (ingestion): a user action may
 * edit one, never create or delete it, and may write only the fields listed here — every other
 * field (a line's name, isNewLine, a signal's station) stays as the plant sent it. The one list
 * both the shared intent runner (so the device's dry run and the server refuse alike) and the
 * server's storage rules (sync-server/domain/ingested-collection.ts) refuse by.
 */
export const INTENT_WRITABLE_FIELDS = {
  lines: [
    'friendlyName',
    'active',
    'ingestionThresholdHours',
    'alertViewingWindowDays',
    'feederLineIds',
    'excludedPartIds',
    'excludedModelNumbers',
    // Derived by the line and monitor intents (LINE-03, LINE-08), never typed by a user.
    'activeMonitorsCount',
    'stoppedMonitorIds',
  ],
  stations: ['final'],
  signals: [
    'friendlyName',
    'entityType',
    'isSignalActive',
    'singleSide',
    'upperLimit',
    'lowerLimit',
    'result',
    'qualityCharacteristic',
    'resultClassifications',
  ],
} as const satisfies {
  readonly lines: ReadonlyArray<keyof Line>
  readonly stations: ReadonlyArray<keyof Station>
  readonly signals: ReadonlyArray<keyof Signal>
}

export type IngestedCollection = keyof typeof INTENT_WRITABLE_FIELDS

export const isIngestedCollection = (collection: string): collection is IngestedCollection =>
  Object.hasOwn(INTENT_WRITABLE_FIELDS, collection)

/**
 * The first field among `fields` that a user action may not write, given the values the plant's data
 * source holds for the document (`owned`) and what the action would store (`next`); undefined when
 * every field it touches is writable or unchanged.
 */
export function firstIngestedFieldWritten(
  writable: ReadonlyArray<string>,
  owned: Readonly<Record<string, unknown>>,
  next: Readonly<Record<string, unknown>>,
  fields: Iterable<string> = new Set([...Object.keys(owned), ...Object.keys(next)]),
): string | undefined {
  for (const field of fields) {
    if (writable.includes(field)) continue
    if (!deepEqual(owned[field], next[field])) return field
  }
  return undefined
}

/** 403: nobody may write a field the plant's data source owns (not even an administrator). */
export const ingestedFieldRefusal = (field: string) =>
  new IntentRejected(403, 'FORBIDDEN', Messages.server.ingestedField(field), { field })

/** 403 'Forbidden resource': an ingested entity is never created or deleted by a user action. */
export const ingestedEntityRefusal = () => new IntentRejected(403, 'FORBIDDEN', Messages.server.forbidden)

/**
 * The refusal of a change a user action may not make to an ingested entity (see the module
 * comment), or undefined. `before` is the document as the action found it.
 */
export function ingestedChangeRefusal(
  change: DocumentChange,
  before: Readonly<Record<string, unknown>> | undefined,
): IntentRejected | undefined {
  if (!isIngestedCollection(change.collection)) return undefined
  if (change.kind === 'delete' || change.created || before === undefined) return ingestedEntityRefusal()
  const field = firstIngestedFieldWritten(
    INTENT_WRITABLE_FIELDS[change.collection],
    before,
    change.data,
    change.fields,
  )
  return field === undefined ? undefined : ingestedFieldRefusal(field)
}
