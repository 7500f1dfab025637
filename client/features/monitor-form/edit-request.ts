/**
 * MON-07 for a duplicate only the server could see (another device's monitor): the kept rejection's
 * 'Edit existing monitor' asks for that monitor in EDIT. The request waits here until the monitor
 * page of its type is shown (the announcer navigates there), which then opens the form on it.
 */
import { useEffect } from 'react'
import type { AdminMonitorType } from '../monitors/monitor-labels'
import type { FormTarget } from './use-monitor-form'

interface EditRequest {
  readonly type: AdminMonitorType
  readonly monitorId: string
}

let pending: EditRequest | undefined
const listeners = new Set<() => void>()

/** Asks the monitor page of `type` to open `monitorId` in EDIT (now if shown, else when it is). */
export function requestMonitorEdit(type: AdminMonitorType, monitorId: string): void {
  pending = { type, monitorId }
  for (const listener of listeners) listener()
}

/** The monitor page's side: opens the requested monitor once, if the request is for this type. */
export function useEditRequest(type: AdminMonitorType, open: (target: FormTarget) => void): void {
  useEffect(() => {
    const take = () => {
      if (!pending || pending.type !== type) return
      const { monitorId } = pending
      pending = undefined
      open({ mode: 'EDIT', monitorId })
    }
    take()
    listeners.add(take)
    return () => {
      listeners.delete(take)
    }
  }, [type, open])
}
