/**
 * DS-01/03 Refresh. Decision: the sources are replicated, so the cards always show the local
 * database; Refresh asks the server for the plant's sources (GET /api/plants/{plantId}/data-sources,
 * the spec's call) so a failure shows the spec's 'Fetch Sources Error' / 'Status : {status}' (or
 * 'Error fetching datasources' when the request itself fails), and re-pulls every collection from its
 * checkpoint (cheap: only what changed arrives). The call goes through the data layer's transport
 * (api.dataSources with the controller's transport, then SyncController.resync), like every other request of the app. Offline there is nothing to ask: the page says so.
 */
import { useCallback, useState } from 'react'
import { Messages } from '../../../shared/validation/messages'
import { useAppData } from '../../db/react/app-data'
import { useSyncStatusOf } from '../../db/react/data-context'
import { api, HttpError } from '../../db/sync/transport'

export interface FetchError {
  readonly title: string
  readonly detail: string
}

const D = Messages.dataSources

export function useDataSourceRefresh(plantId: string | undefined) {
  const { controller } = useAppData()
  const online = useSyncStatusOf((s) => s.online)
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
      // DS-01: asks the server for the plant's sources (an HttpError says why not), then pulls what changed.
      await api.dataSources(controller.transport, plantId)
      controller.resync()
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 0
      setFetchError({
        title: D.fetchErrorTitle,
        detail: status === 0 ? D.errorFetching : D.fetchErrorStatus(status),
      })
    } finally {
      setRefreshing(false)
    }
  }, [controller, online, plantId])

  return { refresh, refreshing, fetchError }
}
