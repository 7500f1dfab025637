/**
 * One way to run an action and tell the user how it went, for the integrations, users and data
 * sources screens (the model is monitors/use-monitor-actions.tsx): online → the spec's success text,
 * offline → 'Saved on this device — will sync', a refusal the device can decide → its message at
 * once (or the screen's own failure text), an unexpected failure → the screen's failure text.
 */
import { useCallback } from 'react'
import { MONITOR_SNACKBAR_MS } from '../../../shared/constants'
import type { IntentArgs, IntentName } from '../../../shared/intents'
import type { Rejection } from '../../../shared/sync/protocol'
import { Messages } from '../../../shared/validation/messages'
import { useSnackbar } from '../../components/snackbar'
import { useIntent, useSyncStatusOf } from '../../db/data-context'
import type { LocalOutcome } from '../../db/local-intents'

export interface ReportTexts {
  /** Shown when the action was stored while online (nothing when absent: the screen shows it). */
  readonly success?: string
  /** Shown when the action could not be stored at all. */
  readonly failure: string
  /** What to say for a refusal; its own message when absent. */
  readonly refused?: (rejection: Rejection) => string
  readonly timeoutMs?: number
}

export type ReportedRun = <N extends IntentName>(
  name: N,
  args: IntentArgs<N>,
  texts: ReportTexts,
) => Promise<LocalOutcome | undefined>

export function useReportedRun(): ReportedRun {
  const run = useIntent()
  const online = useSyncStatusOf((s) => s.online)
  const { show } = useSnackbar()
  return useCallback<ReportedRun>(
    async (name, args, texts) => {
      const timeoutMs = texts.timeoutMs ?? MONITOR_SNACKBAR_MS
      try {
        const outcome = await run(name, args)
        if (outcome.status === 'refused') {
          const message = texts.refused?.(outcome.rejection) ?? outcome.rejection.message
          show(message, { variant: 'negative', timeoutMs })
        } else if (outcome.status === 'saved') {
          const text = online ? texts.success : Messages.sync.savedOnDevice
          if (text !== undefined) show(text, { variant: 'positive', timeoutMs })
        }
        return outcome
      } catch (err) {
        console.error(err)
        show(texts.failure, { variant: 'negative', timeoutMs })
        return undefined
      }
    },
    [online, run, show],
  )
}
