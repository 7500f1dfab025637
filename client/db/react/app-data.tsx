import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import type { BehaviorSubject } from 'rxjs'
import type { LocalStore } from '../storage/local-store'
import type { SyncController } from '../sync-controller'

/**
 * The React context every screen reads the local database and the sync controller from. Kept apart
 * from the hooks built on it (data-context.tsx, hooks.ts) so that neither imports the other.
 */
interface AppData {
  readonly controller: SyncController
  readonly db: LocalStore | undefined
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

/**
 * One value derived from a subject: the component re-renders only when that value changes (compared
 * with Object.is, so `select` should return a primitive or an object it keeps).
 */
export function useSelected<T, V>(subject: BehaviorSubject<T>, select: (value: T) => V): V {
  const subscribe = useCallback(
    (changed: () => void) => {
      const sub = subject.subscribe(changed)
      return () => sub.unsubscribe()
    },
    [subject],
  )
  return useSyncExternalStore(subscribe, () => select(subject.value))
}

export function useSubject<T>(subject: BehaviorSubject<T>): T {
  const [value, setValue] = useState(subject.value)
  useEffect(() => {
    const sub = subject.subscribe(setValue)
    return () => sub.unsubscribe()
  }, [subject])
  return value
}
