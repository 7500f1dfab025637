import { useSyncExternalStore } from 'react'
import { updateStore } from './register-service-worker'

/** Whether a new version waits, was deferred (Later) or is being applied (OFF-07). */
export const useUpdateState = () => useSyncExternalStore(updateStore.subscribe, updateStore.get)
