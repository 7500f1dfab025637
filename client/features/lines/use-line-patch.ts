import { useCallback } from 'react'
import type { LinePatch } from '../../../shared/schema/line'
import { isKept, useAction } from '../../hooks/use-action'

/**
 * A change to one line as the user's action: switching it on or off is `setLineActive` (which stops
 * or restores its monitors), anything else `updateLineSettings`. Both apply on this device at once;
 * a rule that refuses it (a feeder loop, a bound) says so now with the spec's message, and one that
 * only the server can decide comes back through Sync issues. The grid shows the change itself, so
 * success says nothing.
 */
export function useLinePatch() {
  const act = useAction()
  return useCallback(
    async (lineId: string, changes: LinePatch, failureMessage: string): Promise<boolean> => {
      const report = { failed: failureMessage, savedOnDeviceNote: false }
      const keys = Object.keys(changes)
      const result =
        keys.length === 1 && changes.active !== undefined
          ? await act('setLineActive', { lineId, active: changes.active }, report)
          : await act('updateLineSettings', { lineId, changes }, report)
      return isKept(result)
    },
    [act],
  )
}
