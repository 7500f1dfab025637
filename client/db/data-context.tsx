import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { liveQuery } from 'dexie'
import type { BehaviorSubject } from 'rxjs'
import type { AppDatabase } from './app-database'
import type { LocalDoc } from './collections'
import type { IntentArgs, IntentName } from '../../shared/intents'
import type { SyncIssue } from './device-db'
import { useDocs } from './hooks'
import type { SessionState, SyncController, SyncStatus } from './sync-controller'
import type { LocalOutcome } from './local-intents'

interface AppData {
  readonly controller: SyncController
  readonly db: AppDatabase | undefined
}

const Context = createContext<AppData | undefined>(undefined)

/** Provides the local database and the sync controller to every screen. */
export function DataProvider({ controller, children }: { controller: SyncController; children: ReactNode }) {
  const db = useSubject(controller.db$)
  const value = useMemo(() => ({ controller, db }), [controller, db])
  return <Context.Provider value={value}>{children}</Context.Provider>
}

export function useAppData(): AppData {
  const data = useContext(Context)
  if (!data) throw new Error('useAppData must be used inside <DataProvider>')
  return data
}

function useSubject<T>(subject: BehaviorSubject<T>): T {
  const [value, setValue] = useState(subject.value)
  useEffect(() => {
    const sub = subject.subscribe(setValue)
    return () => sub.unsubscribe()
  }, [subject])
  return value
}

/** Who is signed in (kept on the device, so the app opens offline with the last identity). */
export const useSession = (): SessionState => useSubject(useAppData().controller.session$)

/** Online/offline, pending changes, last synced time, first-sync progress, paused on 401. */
export const useSyncStatus = (): SyncStatus => useSubject(useAppData().controller.status$)

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
