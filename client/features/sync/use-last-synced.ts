import { useEffect, useState } from 'react'
import { liveQuery } from 'dexie'
import { useAppData, useSyncStatusOf } from '../../db/data-context'

/**
 * The last successful sync. The controller reports it once replication runs; before that (an app
 * opened offline with the stored identity) the time recorded on this device is shown instead of
 * "not yet", which would wrongly suggest nothing was ever synced.
 */
export function useLastSyncedAt(): string | null {
  const { controller } = useAppData()
  const lastSyncedAt = useSyncStatusOf((s) => s.lastSyncedAt)
  const [stored, setStored] = useState<string | null>(null)
  useEffect(() => {
    const sub = liveQuery(() => controller.device.marks.get('lastSyncedAt')).subscribe({
      next: (mark) => setStored(mark?.at ?? null),
      error: () => setStored(null),
    })
    return () => sub.unsubscribe()
  }, [controller])
  return lastSyncedAt ?? stored
}
