import { useCallback } from 'react'
import type { IntentArgs, IntentName } from '../../shared/intents'
import type { Rejection } from '../../shared/sync/protocol'
import { Messages } from '../../shared/validation/messages'
import { useSnackbar } from '../components/snackbar'
import { useIntent, useSyncStatusOf } from '../db/react/data-context'
import type { LocalOutcome } from '../db/sync/local-intents'

/** How one screen words the outcomes of an action; the hook decides which outcome it was. */
export interface ActionReport {
  /** Online, once the action is stored: the spec's success text (nothing is said when absent). */
  readonly saved?: string
  /** An unexpected local failure (the action could not be stored at all). */
  readonly failed: string | ((error: unknown) => string)
  /** A refusal the device decides now; the rule's own message when absent. */
  readonly refused?: string
  /** An action that changed nothing is reported as saved (a form's Save); otherwise nothing is said. */
  readonly unchangedAsSaved?: boolean
  /** Offline, once stored, say 'Saved on this device — will sync' (default true). */
  readonly savedOnDeviceNote?: boolean
  /** Says a refusal or failure somewhere else than the snackbar (an error dialog); awaited. */
  readonly onProblem?: (problem: ActionProblem) => Promise<unknown> | void
  /** Says success somewhere else than the snackbar (an inline notice). */
  readonly onSaved?: (text: string) => void
}

/** A refusal (with the rejection) or an unexpected failure (with the error), and what to say about it. */
export interface ActionProblem {
  readonly message: string
  readonly rejection?: Rejection
  readonly error?: unknown
}

/** The device's answer, or 'failed' when running the action threw. */
export type ActionResult = LocalOutcome | { readonly status: 'failed'; readonly error: unknown }

export type RunAction = <N extends IntentName>(
  name: N,
  args: IntentArgs<N>,
  report: ActionReport,
) => Promise<ActionResult>

/** The action is stored here (or changed nothing): what the user asked for holds. */
export const isKept = (result: ActionResult): boolean =>
  result.status === 'saved' || result.status === 'unchanged'

/**
 * The one way a screen runs a user action and says how it went: the action applies on this device
 * at once; a refusal the device can decide answers now (the rule's message, or the screen's text);
 * an unexpected failure says the screen's failure text; a stored action says the spec's success
 * text online and 'Saved on this device — will sync' offline. Refusals only the server can decide
 * come back later as Sync issues. Screens choose the words and, where the spec wants a dialog or
 * an inline notice, the place; never the rules of which outcome gets which report.
 */
export function useAction(): RunAction {
  const run = useIntent()
  const online = useSyncStatusOf((s) => s.online)
  const { show } = useSnackbar()
  return useCallback<RunAction>(
    async (name, args, report) => {
      const problem = async (p: ActionProblem) => {
        if (report.onProblem) await report.onProblem(p)
        else show(p.message, { variant: 'negative' })
      }
      let outcome: LocalOutcome
      try {
        outcome = await run(name, args)
      } catch (error) {
        console.error(`Local action ${name} failed`, error)
        const failed = typeof report.failed === 'string' ? report.failed : report.failed(error)
        await problem({ message: failed, error })
        return { status: 'failed', error }
      }
      if (outcome.status === 'refused') {
        const { rejection } = outcome
        await problem({ message: report.refused ?? rejection.message, rejection })
      } else if (outcome.status === 'saved' || report.unchangedAsSaved) {
        const text = online
          ? report.saved
          : report.savedOnDeviceNote === false
            ? undefined
            : Messages.sync.savedOnDevice
        if (text !== undefined) {
          if (report.onSaved) report.onSaved(text)
          else show(text, { variant: 'positive' })
        }
      }
      return outcome
    },
    [online, run, show],
  )
}
