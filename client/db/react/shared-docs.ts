import { deepEqual } from '../../../shared/sync/deep-equal'

/**
 * Structural sharing for live reads (hooks.ts): a read that emits again hands back the very objects
 * it gave before for every document that did not change, and the very same array when nothing did.
 * Screens memoize rows on that identity (components/data-grid.tsx), so a local edit re-renders the
 * edited row only, and a tick that changed nothing re-renders nothing.
 *
 * Invariants: a returned document is always equal to the new one by the project's one rule for
 * "the same JSON value" (shared/sync/deep-equal.ts); objects handed out are never mutated.
 */
export function shareUnchanged<T>(
  previous: ReadonlyArray<T> | undefined,
  next: ReadonlyArray<T>,
  idOf: (doc: T) => string,
): ReadonlyArray<T> {
  if (!previous || previous.length === 0) return next
  const before = new Map<string, T>()
  for (const doc of previous) before.set(idOf(doc), doc)
  let changed = previous.length !== next.length
  const out = next.map((doc, i) => {
    const kept = before.get(idOf(doc))
    const shared = kept !== undefined && (kept === doc || deepEqual(kept, doc)) ? kept : doc
    if (shared !== previous[i]) changed = true
    return shared
  })
  return changed ? out : previous
}

/** The previous document when it equals the new one (or both are absent), else the new one. */
export function shareDoc<T>(previous: T | undefined, next: T | undefined): T | undefined {
  return previous !== undefined && next !== undefined && deepEqual(previous, next) ? previous : next
}
