import { LINE_FIELDS, type CollectionName } from '../../../shared/sync/collections'
import type { LocalStore } from '../storage/local-store'
import type { Outbox } from './outbox'
import type { CollectionReplication } from './replication'
import type { SyncEvent } from './sync-status'

/**
 * For as long as the local database is open — also offline and after an expired session, when
 * nothing replicates: forgets acknowledged actions once their documents arrived (so what the user
 * sees never flips back in between).
 */
export function trackAbsorption(store: LocalStore, outbox: Outbox): () => void {
  let stopped = false
  let scheduled = false
  const check = async () => {
    scheduled = false
    const acked = outbox.state.all.filter((a) => a.acknowledged)
    if (acked.length === 0) return
    const revisions = new Map<string, number>()
    const wanted = new Map<CollectionName, Set<string>>()
    for (const a of acked)
      for (const key of Object.keys(a.acknowledged ?? {})) {
        const [collection, id] = [
          key.slice(0, key.indexOf('/')) as CollectionName,
          key.slice(key.indexOf('/') + 1),
        ]
        wanted.set(collection, (wanted.get(collection) ?? new Set()).add(id))
      }
    for (const [collection, ids] of wanted) {
      for (const [id, revision] of await store.storedRevisions(collection, ids))
        revisions.set(`${collection}/${id}`, revision)
    }
    if (!stopped) await outbox.absorb((c, id) => revisions.get(`${c}/${id}`) ?? 0)
  }
  const schedule = () => {
    if (scheduled || stopped) return
    scheduled = true
    queueMicrotask(() => void check())
  }
  const changes = store.changes$.subscribe(schedule)
  const acks = outbox.changed$.subscribe(schedule)
  if (typeof navigator !== 'undefined' && navigator.storage?.persist) {
    // Ask the browser to keep the local data, so an offline tablet is not wiped under pressure.
    void navigator.storage.persist().catch(() => false)
  }
  return () => {
    stopped = true
    changes.unsubscribe()
    acks.unsubscribe()
  }
}

/** What a first sync measures its progress against: the server's counts and what is stored already. */
export interface Yardstick {
  readonly total: Partial<Record<CollectionName, number>>
  readonly stored: Partial<Record<CollectionName, number>>
}

/**
 * First-sync progress and storage errors. Progress is the share of the plant's documents stored
 * (the server's counts, `yardstick`), so the bar moves with the signals that make most of a plant;
 * without counts (an old server, an error) it is the share of collections done. It reads 1 only
 * when every collection is done. The caller has already shown progress 0 before replication
 * started, so "no progress bar" never means "not started yet".
 */
export function trackReplication(
  replications: ReadonlyArray<CollectionReplication>,
  firstSync: boolean,
  dispatch: (event: SyncEvent) => void,
  yardstick: () => Promise<Yardstick | undefined>,
): () => void {
  let stopped = false
  let done = 0
  let measure: Yardstick | undefined
  const progress = () => {
    if (!measure) return done / replications.length
    let total = 0
    let have = 0
    for (const r of replications) {
      const all = measure.total[r.collection] ?? 0
      total += all
      have += r.initialReplicationDone ? all : Math.min(all, (measure.stored[r.collection] ?? 0) + r.received)
    }
    return total === 0 ? done / replications.length : Math.min(have / total, 0.99)
  }
  // Once the first sync is done (progress null), the status ignores later progress.
  const update = () => {
    if (stopped) return
    dispatch({ type: 'progress', progress: done === replications.length ? null : progress() })
  }
  const pages = firstSync ? replications.map((r) => r.pageStored$.subscribe(update)) : []
  if (firstSync) {
    void yardstick()
      .then((m) => {
        measure = m
        update()
      })
      .catch(() => undefined)
  }
  for (const r of firstSync ? replications : []) {
    void r.awaitInitialReplication().then(() => {
      done++
      update()
    })
  }
  // A line is ready once every line-scoped replication has it (signals and limits alike).
  const lineScoped = replications.filter((r) => LINE_FIELDS[r.collection] !== undefined)
  const lines = lineScoped.map((r) =>
    r.lineReady$.subscribe((lineId) => {
      const ready = lineScoped.every((o) => o.isLineReady(lineId))
      if (!stopped && ready) dispatch({ type: 'line-ready', lineId })
    }),
  )
  const errors = replications.map((r) =>
    r.error$.subscribe((err) => {
      const text = String((err as { parameters?: { errors?: unknown } }).parameters?.errors ?? err)
      if (/quota/i.test(text))
        dispatch({
          type: 'storage-error',
          message: 'This device is out of storage space: free some space so changes can be saved.',
        })
    }),
  )
  return () => {
    stopped = true
    for (const e of [...errors, ...lines, ...pages]) e.unsubscribe()
  }
}
