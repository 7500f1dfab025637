/**
 * MON-06/07/10, OFF-04: saving the form. The monitor and its rules are ONE action (createMonitor /
 * updateMonitor): applied on this device at once — the grid lists the monitor, marked pending — and
 * sent to the server as one unit. The action's own duplicate rule (shared/validation/monitor-duplicate)
 * runs here before anything is stored, so offline too 'Duplicate Monitor Found' answers at once with
 * 'Edit existing monitor'. Outcomes: the combined snackbar (3300 ms) on success — the spec's text
 * online, 'saved on this device' offline — or a dialog listing what failed.
 */
import { useState } from 'react'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { isKept, useAction, type ActionProblem } from '../../hooks/use-action'
import type { AdminMonitorType } from '../monitors/monitor-labels'
import { duplicateOf } from './duplicate-of'
import { monitorToSave, type MonitorFormValues } from './form-state'
import type { FormTarget } from './use-monitor-form'

const M = Messages.monitor

export function useSaveMonitor({
  onClose,
  onOpen,
}: {
  type: AdminMonitorType
  onClose(): void
  onOpen(target: FormTarget): void
}) {
  const act = useAction()
  const confirm = useConfirm()
  const [saving, setSaving] = useState(false)

  const failed = (mode: 'CREATE' | 'EDIT', message: string) =>
    confirm({
      title: M.unableToSaveTitle,
      body: (
        <ul className="qm-summary-list">
          <li>
            {mode === 'CREATE' ? M.errorCreating : M.errorSaving}: {message}
          </li>
          <li>{M.errorSavingRules}</li>
        </ul>
      ),
      variant: 'error',
    })

  /** true when saved (the form closes). */
  const save = async (
    values: MonitorFormValues,
    mode: 'CREATE' | 'EDIT',
    deploy: boolean,
  ): Promise<boolean> => {
    const payload = monitorToSave(values, mode, deploy, () => crypto.randomUUID())
    if (!payload) {
      await confirm({ title: M.unableToSaveTitle, body: M.missingUuid, variant: 'error' })
      return false
    }
    /** A refusal or failure: the duplicate's dialog (MON-10), else the dialog listing what failed. */
    const onProblem = async ({ rejection, message }: ActionProblem) => {
      setSaving(false)
      const existing = rejection && duplicateOf(rejection)
      if (rejection === undefined || existing === undefined) return failed(mode, message)
      const edit = await confirm({
        title: M.duplicateTitle,
        body: rejection.message,
        confirmLabel: M.editExistingMonitor,
        cancelLabel: 'Close',
        variant: 'error',
      })
      if (edit) onOpen({ mode: 'EDIT', monitorId: existing })
    }
    setSaving(true)
    const result = await act(mode === 'CREATE' ? 'createMonitor' : 'updateMonitor', payload, {
      saved: mode === 'CREATE' ? M.monitorAndRulesCreated : M.monitorAndRulesSaved,
      failed: M.unableToSaveBody,
      unchangedAsSaved: true,
      onProblem,
    })
    setSaving(false)
    if (!isKept(result)) return false
    onClose()
    return true
  }

  return { save, saving }
}
