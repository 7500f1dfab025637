import { useEffect, useMemo, useState } from 'react'
import { liveQuery } from 'dexie'
import { DataProvider, useAppData, useSelected, useSubject } from './app-data'
import type { LocalDoc } from '../collections'
import type { IntentArgs, IntentName } from '../../../shared/intents'
import type { SyncIssue } from '../storage/device-db'
import { useDocs } from './hooks'
import type { SessionState, SyncStatus } from '../sync-controller'
import type { LocalOutcome } from '../sync/local-intents'

/** Hooks of the frame: session, sync status, sync issues, the plant, and running actions. */
export { DataProvider, useAppData }

/** Who is signed in (kept on the device, so the app opens offline with the last identity). */
export const useSession = (): SessionState => useSubject(useAppData().controller.session$)

/** Online/offline, pending changes, last synced time, first-sync progress, paused on 401. */
export const useSyncStatus = (): SyncStatus => useSubject(useAppData().controller.status$)

/**
 * One value of the sync status (e.g. `(s) => s.online`): the component re-renders when that value
 * changes, not on every pending count and every "last synced" an edit brings.
 */
export function useSyncStatusOf<T>(select: (status: SyncStatus) => T): T {
  return useSelected(useAppData().controller.status$, select)
}

/** Conflicts and rejections waiting for the user (newest first). */
export function useSyncIssues(): ReadonlyArray<SyncIssue> {
  const { controller } = useAppData()
  const [issues, setIssues] = useState<ReadonlyArray<SyncIssue>>([])
  useEffect(() => {
    const sub = liveQuery(() => controller.device.issues.orderBy('id').reverse().toArray()).subscribe({
      next: setIssues,
      error: () => setIssues([]),
    })
    return () => sub.unsubscribe()
  }, [controller])
  return issues
}

/** The signed-in plant: name, time zone (every plant time uses it) and feature flags. */
/**
 * Whether a line's signals and limits are on this device, so a screen can say they are still
 * arriving instead of showing a list that is not complete yet. During a first sync it asks for that
 * line ahead of the rest of the plant. Offline, what is here is all there is: true.
 */
export function useLineArrived(lineId: string | undefined): boolean {
  const { controller } = useAppData()
  const syncing = useSyncStatusOf((s) => s.online && s.initialProgress !== null)
  const ready = useSyncStatusOf((s) => lineId !== undefined && s.linesReady.includes(lineId))
  useEffect(() => {
    if (syncing && lineId) controller.prioritizeLine(lineId)
  }, [controller, lineId, syncing])
  return !syncing || ready
}

export function usePlant(): { plant: LocalDoc<'plants'> | undefined; loading: boolean } {
  const session = useSession()
  const plantId = session.status === 'signed-in' ? session.user.plantId : ''
  const { data, loading } = useDocs('plants', { id: plantId })
  return { plant: data[0], loading }
}

/**
 * Runs a named user action (shared/intents): applied on this device at once and sent to the server
 * when possible. Screens write only through this.
 */
export function useIntent(): <N extends IntentName>(name: N, args: IntentArgs<N>) => Promise<LocalOutcome> {
  const { controller } = useAppData()
  return useMemo(() => (name, args) => controller.run(name, args), [controller])
}
