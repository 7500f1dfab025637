/**
 * For tests only: the browser's lock manager as far as tab presence uses it (tab-presence.ts) —
 * shared locks by name, held until the callback's promise settles, and a query of who holds what.
 * Node has no Web Locks. Nothing in the app imports it.
 */
export function fakeLockManager(): { readonly holders: string[]; readonly locks: LockManager } {
  const holders: string[] = []
  const locks = {
    request: async (name: string, _options: LockOptions, callback: LockGrantedCallback<unknown>) => {
      holders.push(name)
      try {
        return await callback({ name, mode: 'shared' } as Lock)
      } finally {
        holders.splice(holders.indexOf(name), 1)
      }
    },
    query: () =>
      Promise.resolve({ held: holders.map((name) => ({ name, mode: 'shared' as const })), pending: [] }),
  } as unknown as LockManager
  return { holders, locks }
}
