/**
 * ETQ-03: what is typed into a Reliance form while it is open, kept in memory only (module scope),
 * so switching sections and coming back keeps it — but never in any storage: the client secret must
 * not be written on the device except inside the pending save that carries it to the server.
 */
import { useCallback, useSyncExternalStore } from 'react'

export interface RelianceDraft {
  readonly apiHost: string
  readonly clientId: string
  readonly clientSecret: string
  readonly tokenEndpoint: string
}

const drafts = new Map<string, RelianceDraft>()
const listeners = new Set<() => void>()
let version = 0

const emit = () => {
  version++
  for (const l of listeners) l()
}

/** Drafts of the signed-in user only: another user signing in on this tab never sees them. */
export function useRelianceDrafts(userId: string) {
  useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    () => version,
  )
  const get = useCallback((lineId: string) => drafts.get(`${userId}/${lineId}`), [userId])
  const set = useCallback(
    (lineId: string, draft: RelianceDraft | undefined) => {
      if (draft === undefined) drafts.delete(`${userId}/${lineId}`)
      else drafts.set(`${userId}/${lineId}`, draft)
      emit()
    },
    [userId],
  )
  return { get, set }
}
