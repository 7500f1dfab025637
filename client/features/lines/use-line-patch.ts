import { useCallback } from 'react'
import type { LinePatch } from '../../../shared/schema/line'
import { useSnackbar } from '../../components/snackbar'
import { useIntent } from '../../db/data-context'

/**
 * A change to one line as the user's action: switching it on or off is `setLineActive` (which stops
 * or restores its monitors), anything else `updateLineSettings`. Both apply on this device at once;
 * a rule that refuses it (a feeder loop, a bound) says so now with the spec's message, and one that
 * only the server can decide comes back through Sync issues.
 */
export function useLinePatch() {
  const run = useIntent()
  const { show } = useSnackbar()
  return useCallback(
    async (lineId: string, changes: LinePatch, failureMessage: string): Promise<boolean> => {
      try {
        const keys = Object.keys(changes)
        const outcome =
          keys.length === 1 && changes.active !== undefined
            ? await run('setLineActive', { lineId, active: changes.active })
            : await run('updateLineSettings', { lineId, changes })
        if (outcome.status !== 'refused') return true
        show(outcome.rejection.message, { variant: 'negative' })
        return false
      } catch (err) {
        console.error('Local line action failed', err)
      }
      show(failureMessage, { variant: 'negative' })
      return false
    },
    [run, show],
  )
}
