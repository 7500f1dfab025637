import { useCallback } from 'react'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { useSnackbar } from '../../components/snackbar'
import type { LocalDoc } from '../../db/collections'
import { isKept, useAction, type ActionProblem } from '../../hooks/use-action'

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
  const act = useAction()
  const { show } = useSnackbar()
  const confirm = useConfirm()

  const setActive = useCallback(
    async (monitor: MonitorDoc, active: boolean) => {
      await act(
        'setMonitorActive',
        { monitorId: monitor.monitor_uuid, active },
        {
          saved: Messages.monitor.adminSaved,
          failed: Messages.monitor.adminErrorSaving,
          unchangedAsSaved: true,
        },
      )
    },
    [act],
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
      // The action takes the monitor's alert rules with it and updates the line's count. The row
      // leaving the grid is the answer: only a failure to store it is said.
      const result = await act(
        'deleteMonitor',
        { monitorId: monitor.monitor_uuid },
        {
          failed: Messages.monitor.adminErrorDeleting,
          savedOnDeviceNote: false,
          onProblem: ({ rejection, message }: ActionProblem) => {
            if (rejection === undefined) show(message, { variant: 'negative' })
          },
        },
      )
      // Refused as not found: the monitor is already gone (deleted elsewhere) — the user's intent holds.
      return isKept(result) || (result.status === 'refused' && result.rejection.status === 404)
    },
    [act, confirm, show],
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
