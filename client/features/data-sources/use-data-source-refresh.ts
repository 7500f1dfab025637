/**
 * DS-01/03 Refresh. Decision: the sources are replicated, so the cards always show the local
 * database; Refresh asks the server for the plant's sources (GET /api/plants/{plantId}/data-sources,
 * the spec's call) so a failure shows the spec's 'Fetch Sources Error' / 'Status : {status}' (or
 * 'Error fetching datasources' when the request itself fails), and re-pulls every collection from its
 * checkpoint (cheap: only what changed arrives). Offline there is nothing to ask: the page says so.
 */
import { useCallback, useState } from 'react'
import { Messages } from '../../../shared/validation/messages'
import { useAppData } from '../../db/app-data'
import { useSyncStatus } from '../../db/data-context'

export interface FetchError {
  readonly title: string
  readonly detail: string
}

const D = Messages.dataSources

export function useDataSourceRefresh(plantId: string | undefined) {
  const { controller } = useAppData()
  const { online } = useSyncStatus()
  const [refreshing, setRefreshing] = useState(false)
  const [fetchError, setFetchError] = useState<FetchError | undefined>(undefined)

  const refresh = useCallback(async () => {
    setFetchError(undefined)
    if (!online) return
    if (!plantId) {
      setFetchError({ title: D.fetchErrorTitle, detail: D.plantIdRequired })
      return
    }
    setRefreshing(true)
    try {
      const res = await fetch(`/api/plants/${encodeURIComponent(plantId)}/data-sources`, {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      })
      if (!res.ok) setFetchError({ title: D.fetchErrorTitle, detail: D.fetchErrorStatus(res.status) })
      else controller.resync()
    } catch {
      setFetchError({ title: D.fetchErrorTitle, detail: D.errorFetching })
    } finally {
      setRefreshing(false)
    }
  }, [controller, online, plantId])

  return { refresh, refreshing, fetchError }
}
