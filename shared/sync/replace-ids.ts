/**
 * Ids replaced in an action: in gateway mode the authority names what a device created (a monitor,
 * a user…) itself, and an action made afterwards under the device's id must reach it. The gateway
 * swaps them in actions it receives (sync-server/gateway/apply-upstream.ts) and the device in the
 * actions it still holds (client/db/sync/outbox.ts). Pure: every string equal to a replaced id, at any
 * depth, becomes the new id (ids are UUIDs; no other value equals one).
 */
export function stringsIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(value)
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out)
  else if (typeof value === 'object' && value !== null)
    for (const v of Object.values(value)) stringsIn(v, out)
  return out
}

export function replaceStrings<T>(value: T, replaced: ReadonlyMap<string, string>): T {
  if (replaced.size === 0) return value
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return replaced.get(v) ?? v
    if (Array.isArray(v)) return v.map(walk)
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]))
    }
    return v
  }
  return walk(value) as T
}
