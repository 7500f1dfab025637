import { useCallback } from 'react'
import { MONITOR_SNACKBAR_MS } from '../../../shared/constants'
import { messageAt } from '../../../shared/validation/field-error'
import { Messages } from '../../../shared/validation/messages'
import { ACTIVE_PATH, validateMonitorReferences } from '../../../shared/validation/monitor-references'
import { useConfirm } from '../../components/confirm'
import { useSnackbar } from '../../components/snackbar'
import type { LocalDoc } from '../../db/collections'
import { useWrites } from '../../db/data-context'

type MonitorDoc = LocalDoc<'monitors'>

export interface MonitorActions {
  /** MADM-03: switches a monitor on or off. */
  setActive(monitor: MonitorDoc, active: boolean): Promise<void>
  /** MADM-04: asks, then deletes the monitor and its alert rules; true when it was deleted. */
  confirmDelete(monitor: MonitorDoc): Promise<boolean>
}

/**
 * The grid's two writes. Both land locally at once and replicate in the background, so the
 * outcome shown here is the local one; a later server refusal (409 duplicate, 400) comes back as a
 * rejection that the frame announces and lists under Sync issues — hence no 'Error saving monitor'
 * for those here (the spec hides it on 409 too).
 */
export function useMonitorActions(lineActive: boolean | undefined): MonitorActions {
  const { patch, remove } = useWrites()
  const { show } = useSnackbar()
  const confirm = useConfirm()

  const setActive = useCallback(
    async (monitor: MonitorDoc, active: boolean) => {
      // The one shared rule a toggle can break: a monitor of an inactive line cannot be started.
      // References are checked by the server; a toggle does not change them, so they are assumed here.
      if (lineActive !== undefined) {
        const { signal_uuids, signal_group_uuids, line_uuid } = monitor.monitor_filter
        const refs = {
          lineActive,
          signalLines: new Map(signal_uuids.map((id) => [id, line_uuid])),
          groupLines: new Map(signal_group_uuids.map((id) => [id, line_uuid])),
        }
        const problem = messageAt(
          validateMonitorReferences({ ...monitor, active }, refs, monitor.active),
          ...ACTIVE_PATH,
        )
        if (problem) {
          show(problem, { variant: 'negative', timeoutMs: MONITOR_SNACKBAR_MS })
          return
        }
      }
      try {
        const written = await patch('monitors', monitor.monitor_uuid, { active })
        show(written ? Messages.monitor.adminSaved : Messages.monitor.adminErrorSaving, {
          variant: written ? 'positive' : 'negative',
          timeoutMs: MONITOR_SNACKBAR_MS,
        })
      } catch {
        show(Messages.monitor.adminErrorSaving, { variant: 'negative', timeoutMs: MONITOR_SNACKBAR_MS })
      }
    },
    [lineActive, patch, show],
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
        // false: the monitor is already gone (deleted elsewhere) — the user's intent holds.
        await remove('monitors', monitor.monitor_uuid)
      } catch {
        show(Messages.monitor.adminErrorDeleting, { variant: 'negative', timeoutMs: MONITOR_SNACKBAR_MS })
        return false
      }
      // The server deletes a monitor's rules with it; removing them here too keeps this device
      // consistent while offline. A failure is harmless: the server's delete replicates back.
      await remove('monitorRules', monitor.monitor_uuid).catch(() => false)
      return true
    },
    [confirm, remove, show],
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
