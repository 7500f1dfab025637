/**
 * The Cap Alerts writes (CAPA-02..05), each one intent applied on this device at once: the Monitor
 * toggle (setCapAlert creates the signal's cap monitor when it has none, offline too), the two
 * exclude switches and the Cap Alert Rules dialog's Save. Online, success says so; offline, that it
 * is saved on this device. A refusal or failure opens the spec's 'Error saving configuration' dialog.
 */
import { useCallback } from 'react'
import type { IntentArgs, IntentName } from '../../../shared/intents'
import type { MonitorRules } from '../../../shared/schema/alert-rule'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { isKept, useAction, type ActionProblem } from '../../hooks/use-action'

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
  const act = useAction()
  const confirm = useConfirm()

  const errorDialog = useCallback(
    ({ rejection }: ActionProblem) =>
      confirm({
        title: C.errorSavingTitle,
        body: (
          <>
            <p>{C.errorSavingBody}</p>
            {rejection !== undefined && <p>{rejection.message}</p>}
          </>
        ),
        variant: 'error',
      }),
    [confirm],
  )

  const report = useCallback(
    async <N extends IntentName>(name: N, args: IntentArgs<N>, saved: string): Promise<boolean> =>
      isKept(
        await act(name, args, {
          saved,
          failed: C.errorSavingBody,
          unchangedAsSaved: true,
          onProblem: errorDialog,
        }),
      ),
    [act, errorDialog],
  )

  const setMonitor = useCallback(
    (signalId: string, active: boolean) =>
      report(
        'setCapAlert',
        { signalId, active, newMonitorId: crypto.randomUUID() },
        Messages.monitor.adminSaved,
      ),
    [report],
  )
  const setExclude = useCallback(
    (monitorId: string, which: ExcludeSwitch, value: boolean) =>
      report('updateMonitorSwitches', { monitorId, [which]: value }, Messages.monitor.adminSaved),
    [report],
  )
  const saveRules = useCallback(
    (monitorId: string, rules: MonitorRules) =>
      report('saveAlertRules', { monitorId, rules }, Messages.monitor.rulesSaved),
    [report],
  )
  return { setMonitor, setExclude, saveRules }
}
