import type { CollectionName } from '../../shared/sync/collections'
import type { ChangeBus } from './change-bus'

/**
 * GATEWAY_POKE_URLS: gateways in front of this server (docs/gateway.md) are told after a change, so
 * they read it at once instead of at their next poll. The customer's id and the collections that
 * changed travel (a gateway reads only those parts); a poke is a hint (a lost one costs a poll
 * interval), so it is sent without retries, at most every 100 ms per customer. Returns the function
 * that stops it.
 */
const COALESCE_MS = 100
const POKE_TIMEOUT_MS = 2000

export function pokeGateways(changes: ChangeBus, urls: ReadonlyArray<string>, token?: string): () => void {
  const due = new Map<string, { timer: ReturnType<typeof setTimeout>; collections: Set<CollectionName> }>()
  const unsubscribe = changes.subscribe((notice) => {
    const pending = due.get(notice.customerId)
    if (pending) {
      pending.collections.add(notice.collection)
      return
    }
    const collections = new Set<CollectionName>([notice.collection])
    const timer = setTimeout(() => {
      due.delete(notice.customerId)
      for (const url of urls) {
        void fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ customerId: notice.customerId, collections: [...collections] }),
          signal: AbortSignal.timeout(POKE_TIMEOUT_MS),
        }).catch(() => undefined)
      }
    }, COALESCE_MS)
    timer.unref()
    due.set(notice.customerId, { timer, collections })
  })
  return () => {
    unsubscribe()
    for (const { timer } of due.values()) clearTimeout(timer)
  }
}
