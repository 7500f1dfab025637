import { useCallback } from 'react'
import { MONITOR_SNACKBAR_MS } from '../../../shared/constants'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { useSnackbar } from '../../components/snackbar'
import type { LocalDoc } from '../../db/collections'
import { useIntent, useSyncStatusOf } from '../../db/data-context'

type MonitorDoc = LocalDoc<'monitors'>

export interface MonitorActions {
  /** MADM-03: switches a monitor on or off. */
  setActive(monitor: MonitorDoc, active: boolean): Promise<void>
  /** MADM-04: asks, then deletes the monitor and its alert rules; true when it was deleted. */
  confirmDelete(monitor: MonitorDoc): Promise<boolean>
}

/**
 * The grid's two actions. Both apply on this device at once and are sent as actions; a rule the
 * device can check (an inactive line's monitor cannot start) answers now, one only the server can
 * decide comes back as a Sync issue that the frame announces — hence no 'Error saving monitor' for
 * those here (the spec hides it on 409 too). Offline, success says it is saved on this device.
 */
export function useMonitorActions(): MonitorActions {
  const run = useIntent()
  const online = useSyncStatusOf((s) => s.online)
  const { show } = useSnackbar()
  const confirm = useConfirm()

  const setActive = useCallback(
    async (monitor: MonitorDoc, active: boolean) => {
      try {
        const outcome = await run('setMonitorActive', { monitorId: monitor.monitor_uuid, active })
        if (outcome.status === 'refused') {
          show(outcome.rejection.message, { variant: 'negative', timeoutMs: MONITOR_SNACKBAR_MS })
          return
        }
        show(online ? Messages.monitor.adminSaved : Messages.sync.savedOnDevice, {
          variant: 'positive',
          timeoutMs: MONITOR_SNACKBAR_MS,
        })
      } catch {
        show(Messages.monitor.adminErrorSaving, { variant: 'negative', timeoutMs: MONITOR_SNACKBAR_MS })
      }
    },
    [online, run, show],
  )

  const confirmDelete = useCallback(
    async (monitor: MonitorDoc) => {
      const ok = await confirm({
        title: Messages.monitor.deleteTitle,
        body: <DeleteMonitorBody name={monitor.monitor_name} />,
        confirmLabel: 'Delete',
        cancelLabel: 'Cancel',
        variant: 'destructive',
      })
      if (!ok) return false
      try {
        // The action takes the monitor's alert rules with it and updates the line's count.
        const outcome = await run('deleteMonitor', { monitorId: monitor.monitor_uuid })
        // Refused as not found: the monitor is already gone (deleted elsewhere) — the user's intent holds.
        return outcome.status !== 'refused' || outcome.rejection.status === 404
      } catch {
        show(Messages.monitor.adminErrorDeleting, { variant: 'negative', timeoutMs: MONITOR_SNACKBAR_MS })
        return false
      }
    },
    [confirm, run, show],
  )

  return { setActive, confirmDelete }
}

/** MADM-04's dialog text, word for word from the shared catalogue. */
function DeleteMonitorBody({ name }: { name: string }) {
  return (
    <>
      <p>{Messages.monitor.deleteBody(name)}</p>
      <p>{Messages.monitor.deleteIrreversible}</p>
    </>
  )
}
