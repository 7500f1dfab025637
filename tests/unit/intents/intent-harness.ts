import { Schema } from 'effect'
import { INTENTS, type IntentArgs, type IntentName } from '../../../shared/intents'
import type { LoadedDocument } from '../../../shared/intents/doc-set'
import type { Actor, DocumentChange, DocumentRead } from '../../../shared/intents/intent'
import { runIntent, type IntentRun } from '../../../shared/intents/run'
import type { CollectionName } from '../../../shared/sync/collections'

/**
 * Runs an intent the way both hosts do (shared/intents/run.ts) over documents held in memory: the
 * loader answers each read exactly as the store and the device do (ids, equality on possibly
 * dotted fields, whole collection). Arguments are decoded with the intent's own schema first.
 */
export const ADMIN_ACTOR: Actor = {
  userId: 'user-admin',
  role: 'administrator',
  customerId: 'cust-demo',
  plantId: 'plant-demo',
  locationConfig: { locationName: null, locationPlantId: null },
}
export const USER_ACTOR: Actor = { ...ADMIN_ACTOR, userId: 'user-operator', role: 'user' }

export const doc = (
  collection: CollectionName,
  id: string,
  data: Record<string, unknown>,
): LoadedDocument => ({
  collection,
  id,
  data,
})

export async function run<N extends IntentName>(
  documents: ReadonlyArray<LoadedDocument>,
  name: N,
  args: IntentArgs<N>,
  actor: Actor = ADMIN_ACTOR,
  now = '2026-11-23T12:00:00Z',
): Promise<IntentRun> {
  const definition = INTENTS[name] as unknown as Parameters<typeof runIntent<unknown>>[0]
  const decoded = Schema.decodeUnknownSync(definition.args as Schema.Decoder<unknown>)(args)
  return runIntent(definition, decoded, { actor, now }, async (reads) => load(documents, reads))
}

function load(documents: ReadonlyArray<LoadedDocument>, reads: ReadonlyArray<DocumentRead>) {
  return reads.flatMap((read) =>
    documents.filter((d) => {
      if (d.collection !== read.collection) return false
      if ('ids' in read) return read.ids.includes(d.id)
      if ('where' in read)
        return Object.entries(read.where).every(([path, value]) => at(d.data, path) === value)
      return true
    }),
  )
}

const at = (data: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      data,
    )

/** The changes of a run keyed `collection/id`, for compact assertions. */
export const changesById = (changes: ReadonlyArray<DocumentChange>) =>
  new Map(changes.map((c) => [`${c.collection}/${c.id}`, c]))
