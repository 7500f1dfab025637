import type { DocumentChange } from '../intents/intent'
import type { CollectionName } from './collections'
import { deepEqual } from './deep-equal'
import type { BaseValue, FieldConflictRecord } from './intent-protocol'

/**
 * The conflict policy (OFF-05), decided where an action is applied. `base` holds the values the
 * user saw of the fields they edited; `serverValue` gives the server's value of a field now. A field
 * is in conflict when the server's value moved since the user saw it and the action would set
 * something else: the server (authority) wins, and the whole action is held back and returned to the
 * user with both values, so nothing they typed is silently lost and no action is half applied.
 * Fields the user did not edit (other fields, cascades) never conflict: the action is re-run on the
 * server's current documents, so they follow the server.
 */
export function findConflicts(
  base: ReadonlyArray<BaseValue>,
  changes: ReadonlyArray<DocumentChange>,
  serverValue: (collection: CollectionName, id: string, field: string) => unknown,
): ReadonlyArray<FieldConflictRecord> {
  const conflicts: FieldConflictRecord[] = []
  for (const b of base) {
    const change = changes.find((c) => c.collection === b.collection && c.id === b.id)
    if (!change || change.kind !== 'put' || !change.fields.includes(b.field)) continue
    const server = serverValue(b.collection, b.id, b.field)
    const local = change.data[b.field]
    if (deepEqual(server, b.value) || deepEqual(server, local)) continue
    conflicts.push({
      collection: b.collection,
      id: b.id,
      field: b.field,
      ...(local === undefined ? {} : { localValue: local }),
      ...(server === undefined ? {} : { serverValue: server }),
    })
  }
  return conflicts
}
