/**
 * The Cap Alerts writes (CAPA-02..05), each one intent applied on this device at once: the Monitor
 * toggle (setCapAlert creates the signal's cap monitor when it has none, offline too), the two
 * exclude switches and the Cap Alert Rules dialog's Save. Online, success says so; offline, that it
 * is saved on this device. A refusal or failure opens the spec's 'Error saving configuration' dialog.
 */
import { useCallback } from 'react'
import { MONITOR_SNACKBAR_MS } from '../../../shared/constants'
import type { MonitorRules } from '../../../shared/schema/alert-rule'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { useSnackbar } from '../../components/snackbar'
import { useIntent, useSyncStatusOf } from '../../db/data-context'
import type { LocalOutcome } from '../../db/local-intents'

export type ExcludeSwitch = 'useExcludedPartIds' | 'useExcludedModelNumbers'

export interface CapAlertActions {
  /** CAPA-02: true when the change was kept. */
  setMonitor(signalId: string, active: boolean): Promise<boolean>
  /** CAPA-04. */
  setExclude(monitorId: string, which: ExcludeSwitch, value: boolean): Promise<boolean>
  /** CAPA-03: true when saved (the dialog then closes). */
  saveRules(monitorId: string, rules: MonitorRules): Promise<boolean>
}

const C = Messages.capAlerts

export function useCapAlertActions(): CapAlertActions {
  const run = useIntent()
  const online = useSyncStatusOf((s) => s.online)
  const { show } = useSnackbar()
  const confirm = useConfirm()

  const report = useCallback(
    async (attempt: () => Promise<LocalOutcome>, savedText: string): Promise<boolean> => {
      let detail: string | undefined
      try {
        const outcome = await attempt()
        if (outcome.status !== 'refused') {
          show(online ? savedText : Messages.sync.savedOnDevice, {
            variant: 'positive',
            timeoutMs: MONITOR_SNACKBAR_MS,
          })
          return true
        }
        detail = outcome.rejection.message
      } catch {
        detail = undefined
      }
      await confirm({
        title: C.errorSavingTitle,
        body: (
          <>
            <p>{C.errorSavingBody}</p>
            {detail !== undefined && <p>{detail}</p>}
          </>
        ),
        variant: 'error',
      })
      return false
    },
    [confirm, online, show],
  )

  const setMonitor = useCallback(
    (signalId: string, active: boolean) =>
      report(
        () => run('setCapAlert', { signalId, active, newMonitorId: crypto.randomUUID() }),
        Messages.monitor.adminSaved,
      ),
    [report, run],
  )
  const setExclude = useCallback(
    (monitorId: string, which: ExcludeSwitch, value: boolean) =>
      report(() => run('updateMonitorSwitches', { monitorId, [which]: value }), Messages.monitor.adminSaved),
    [report, run],
  )
  const saveRules = useCallback(
    (monitorId: string, rules: MonitorRules) =>
      report(() => run('saveAlertRules', { monitorId, rules }), Messages.monitor.rulesSaved),
    [report, run],
  )
  return { setMonitor, setExclude, saveRules }
}
