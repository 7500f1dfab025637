import { deepEqual } from './deep-equal'

/**
 * The conflict policy (OFF-05): a three-way merge of a document's top-level fields, with the state
 * both sides started from (the client's assumed master) as the base.
 * - changed only locally → the local value is kept;
 * - changed only on the server → the server value is taken;
 * - changed on both sides to different values → the server (authority) wins and the local value is
 *   reported as a conflict, so the user can see it and re-apply it.
 * Server-owned fields (revision, updatedAt) always come from the server.
 */
export interface FieldConflict {
  readonly field: string
  readonly localValue: unknown
  readonly serverValue: unknown
}

export interface MergeResult<T> {
  readonly merged: T
  readonly conflicts: ReadonlyArray<FieldConflict>
  /** Fields whose local value survived: the merged document still has to be pushed. */
  readonly keptLocal: ReadonlyArray<string>
}

type Doc = Readonly<Record<string, unknown>>

/** Fields the server owns or that only describe local state: never merged, never conflicts. */
export const UNMERGED_FIELDS: ReadonlySet<string> = new Set([
  'revision',
  'updatedAt',
  'pendingSince',
  '_meta',
  '_rev',
  '_attachments',
])

export function threeWayMerge<T extends Doc>(base: Doc | undefined, local: Doc, server: T): MergeResult<T> {
  const merged: Record<string, unknown> = { ...server }
  const conflicts: FieldConflict[] = []
  const keptLocal: string[] = []
  const fields = new Set([...Object.keys(local), ...Object.keys(server)])
  for (const field of fields) {
    if (UNMERGED_FIELDS.has(field)) continue
    const l = local[field]
    const s = server[field]
    if (deepEqual(l, s)) continue
    const localChanged = base === undefined || !deepEqual(l, base[field])
    const serverChanged = base === undefined || !deepEqual(s, base[field])
    if (localChanged && !serverChanged) {
      if (l === undefined) delete merged[field]
      else merged[field] = l
      keptLocal.push(field)
    } else if (localChanged && serverChanged) {
      conflicts.push({ field, localValue: l, serverValue: s })
    }
  }
  return { merged: merged as T, conflicts, keptLocal }
}
