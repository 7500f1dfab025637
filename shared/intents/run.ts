import { DocSet, type LoadedDocument } from './doc-set'
import { ingestedChangeRefusal } from './ingested-fields'
import type { DocumentChange, DocumentRead, IntentDefinition, IntentEnv } from './intent'

/**
 * Runs an intent the same way on both hosts: load what it reads (and what those documents lead to),
 * describe it on the documents as they were, apply it, and list the changes. The host supplies the
 * loader — the device's local database, or the server's store inside the write transaction.
 * Changes no user action may make (a field the plant's data source owns, ingested-fields.ts) are
 * refused here, so the device's dry run and the server say the same.
 */
export type DocumentLoader = (reads: ReadonlyArray<DocumentRead>) => Promise<ReadonlyArray<LoadedDocument>>

export interface IntentRun {
  /** The documents after the intent (`before()` gives them as loaded). */
  readonly docs: DocSet
  readonly changes: ReadonlyArray<DocumentChange>
  /** The action in the user's words, described before it changed anything. */
  readonly description: string
}

export async function runIntent<A>(
  definition: IntentDefinition<A>,
  args: A,
  env: IntentEnv,
  load: DocumentLoader,
): Promise<IntentRun> {
  const first = await load(definition.reads(args, env))
  let docs = new DocSet(first)
  const more = definition.followUp?.(args, docs) ?? []
  if (more.length > 0) docs = new DocSet([...first, ...(await load(more))])
  const description = definition.describe(args, docs)
  definition.apply(docs, args, env)
  const changes = docs.changes()
  for (const change of changes) {
    const before = docs.before(change.collection, change.id) as Readonly<Record<string, unknown>> | undefined
    const refusal = ingestedChangeRefusal(change, before)
    if (refusal) throw refusal
  }
  return { docs, changes, description }
}
