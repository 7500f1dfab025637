import { combineLatest, map } from 'rxjs'
import type { RxCollection } from 'rxdb'
import type { AppDatabase } from './app-database'
import { COLLECTIONS, type LocalMeta } from './collections'
import type { DeviceDb } from './device-db'
import type { CollectionReplication } from './replication'
import type { SyncStatus } from './sync-controller'

type Patch = (p: Partial<SyncStatus>) => void

/**
 * Pending changes (documents with a pending mark) and the last synced time, for as long as the
 * local database is open — also offline and after an expired session, when nothing replicates.
 */
export function trackLocalStatus(db: AppDatabase, device: DeviceDb, patch: Patch): () => void {
  let stopped = false
  // A find, not a count: `pendingSince` has no index, and RxDB refuses an unindexed count (QU14).
  // Event-reduce keeps this small result current without rescanning the collection on each write.
  const pending = combineLatest(
    COLLECTIONS.map((c) =>
      (db.collections[c] as unknown as RxCollection<LocalMeta>)
        .find({ selector: { pendingSince: { $exists: true } } })
        .$.pipe(map((docs) => docs.length)),
    ),
  )
    .pipe(map((counts) => counts.reduce((a, b) => a + b, 0)))
    .subscribe((pendingCount) => patch({ pendingCount }))
  void device.marks.get('lastSyncedAt').then((mark) => {
    if (!stopped && mark) patch({ lastSyncedAt: mark.at })
  })
  if (typeof navigator !== 'undefined' && navigator.storage?.persist) {
    // Ask the browser to keep the local data, so an offline tablet is not wiped under pressure.
    void navigator.storage.persist().catch(() => false)
  }
  return () => {
    stopped = true
    pending.unsubscribe()
  }
}

/**
 * First-sync progress (collections whose initial replication finished) and storage errors. The
 * caller has already shown progress 0 before replication started, so "no progress bar" never means
 * "not started yet".
 */
export function trackReplication(
  replications: ReadonlyArray<CollectionReplication>,
  firstSync: boolean,
  patch: Patch,
): () => void {
  let stopped = false
  let done = 0
  for (const r of firstSync ? replications : []) {
    void r.state.awaitInitialReplication().then(() => {
      if (stopped) return
      done++
      patch({ initialProgress: done === replications.length ? null : done / replications.length })
    })
  }
  const errors = replications.map((r) =>
    r.state.error$.subscribe((err) => {
      const text = String((err as { parameters?: { errors?: unknown } }).parameters?.errors ?? err)
      if (/quota/i.test(text))
        patch({
          storageError: 'This device is out of storage space: free some space so changes can be saved.',
        })
    }),
  )
  return () => {
    stopped = true
    for (const e of errors) e.unsubscribe()
  }
}
