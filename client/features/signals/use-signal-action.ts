import { useCallback } from 'react'
import type { IntentArgs, IntentName } from '../../../shared/intents'
import { Messages } from '../../../shared/validation/messages'
import { useSnackbar } from '../../components/snackbar'
import { useIntent, useSyncStatusOf } from '../../db/data-context'

/**
 * Runs one Signal Management action and says how it went (settings §8): online, the spec's success
 * text when it has one; offline, that it is saved on this device; a rule the device can decide
 * refuses at once with its message; an unexpected local failure gives the spec's error text.
 * Resolves true when the action was stored.
 */
export interface ActionMessages {
  readonly success?: string
  readonly failure: string
  /** Shown instead of the rule's own message when the device refuses (e.g. 'Failed to update Station'). */
  readonly refused?: string
}

export function useSignalAction() {
  const run = useIntent()
  const online = useSyncStatusOf((s) => s.online)
  const { show } = useSnackbar()
  return useCallback(
    async <N extends IntentName>(
      name: N,
      args: IntentArgs<N>,
      messages: ActionMessages,
    ): Promise<boolean> => {
      try {
        const outcome = await run(name, args)
        if (outcome.status === 'refused') {
          show(messages.refused ?? outcome.rejection.message, { variant: 'negative' })
          return false
        }
        if (outcome.status === 'saved') {
          if (!online) show(Messages.sync.savedOnDevice, { variant: 'positive' })
          else if (messages.success) show(messages.success, { variant: 'positive' })
        }
        return true
      } catch (err) {
        console.error(`Local action ${name} failed`, err)
        show(messages.failure, { variant: 'negative' })
        return false
      }
    },
    [online, run, show],
  )
}

/** Status, friendly name and quality characteristic have no error text of their own in the spec. */
export const GENERIC_FAILURE = Messages.monitor.unableToSaveBody
