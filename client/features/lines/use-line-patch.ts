import { useCallback } from 'react'
import { useSnackbar } from '../../components/snackbar'
import { useWrites } from '../../db/data-context'
import type { LinePatch } from '../../../shared/schema/line'

/**
 * A local write to one line that tells the user when it could not even be stored on this device.
 * The server's verdict (e.g. a circular feeder 409) comes later through the Sync issues panel.
 */
export function useLinePatch() {
  const { patch } = useWrites()
  const { show } = useSnackbar()
  return useCallback(
    async (lineId: string, changes: LinePatch, failureMessage: string): Promise<boolean> => {
      try {
        if (await patch('lines', lineId, changes)) return true
      } catch (err) {
        console.error('Local line write failed', err)
      }
      show(failureMessage, { variant: 'negative' })
      return false
    },
    [patch, show],
  )
}
