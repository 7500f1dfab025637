import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { BehaviorSubject } from 'rxjs'
import type { AppDatabase } from './app-database'
import type { SyncController } from './sync-controller'

/**
 * The React context every screen reads the local database and the sync controller from. Kept apart
 * from the hooks built on it (data-context.tsx, hooks.ts) so that neither imports the other.
 */
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

export function useSubject<T>(subject: BehaviorSubject<T>): T {
  const [value, setValue] = useState(subject.value)
  useEffect(() => {
    const sub = subject.subscribe(setValue)
    return () => sub.unsubscribe()
  }, [subject])
  return value
}
