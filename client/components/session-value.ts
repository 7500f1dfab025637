import { useCallback, useSyncExternalStore } from 'react'

/**
 * A string kept in sessionStorage (it lasts as long as the tab, as the spec's "persists for the
 * session" asks) and shared live by every component that reads the same key.
 */
const listeners = new Map<string, Set<() => void>>()

function read(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined
  } catch {
    // Storage can be unavailable (privacy modes); the value then lives only until reload.
    return memory.get(key)
  }
}

const memory = new Map<string, string>()

export function writeSessionValue(key: string, value: string | undefined): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key)
    else sessionStorage.setItem(key, value)
  } catch {
    if (value === undefined) memory.delete(key)
    else memory.set(key, value)
  }
  for (const l of listeners.get(key) ?? []) l()
}

export function readSessionValue(key: string): string | undefined {
  return read(key)
}

export function useSessionValue(key: string): [string | undefined, (value: string | undefined) => void] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const set = listeners.get(key) ?? new Set()
      set.add(onChange)
      listeners.set(key, set)
      return () => set.delete(onChange)
    },
    [key],
  )
  const value = useSyncExternalStore(subscribe, () => read(key))
  const set = useCallback((next: string | undefined) => writeSessionValue(key, next), [key])
  return [value, set]
}
