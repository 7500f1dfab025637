import { useEffect, useState } from 'react'
import { useAppData, useSyncStatusOf } from '../../db/data-context'

/**
 * The last successful sync. The controller reports it once replication runs; before that (an app
 * opened offline with the stored identity) the time recorded on this device is shown instead of
 * "not yet", which would wrongly suggest nothing was ever synced. That stored time is read once: the
 * controller's own time replaces it from the first answer on (a live read re-read it, and re-rendered
 * the bar, after every answer).
 */
export function useLastSyncedAt(): string | null {
  const { controller } = useAppData()
  const lastSyncedAt = useSyncStatusOf((s) => s.lastSyncedAt)
  const [stored, setStored] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    controller.device.marks
      .get('lastSyncedAt')
      .then((mark) => current && setStored(mark?.at ?? null))
      .catch(() => current && setStored(null))
    return () => {
      current = false
    }
  }, [controller])
  return lastSyncedAt ?? stored
}
