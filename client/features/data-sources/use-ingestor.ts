/**
 * DS-01: the plant's ingestor, fetched with the spec's GET /api/plants/{plantId}/ingestor when the
 * page opens and on every Refresh. Offline there is nothing to ask: the page shows the last ingestor
 * this device knows (the one it fetched, else the one in the replicated plant) and says so.
 */
import { useEffect, useReducer, useState } from 'react'
import { useAppData } from '../../db/react/app-data'
import { useSyncStatusOf } from '../../db/react/data-context'
import { api } from '../../db/sync/transport'

export type IngestorView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'loaded'; readonly id: string }
  /** 'Error fetching ingestor' */
  | { readonly kind: 'error' }
  /** 'Plant ID is required to fetch ingestors.' */
  | { readonly kind: 'no-plant' }
  | { readonly kind: 'offline'; readonly lastKnown: string | undefined }

export function useIngestor(plant: {
  readonly loading: boolean
  readonly id: string | undefined
  /** The ingestor in the replicated plant: the last one the device synced. */
  readonly knownId: string | undefined
}): { readonly view: IngestorView; readonly reload: () => void } {
  const { controller } = useAppData()
  const online = useSyncStatusOf((s) => s.online)
  const [attempt, reload] = useReducer((n: number) => n + 1, 0)
  const [answer, setAnswer] = useState<{ readonly key: string; readonly id?: string }>()
  const [lastFetched, setLastFetched] = useState<{ readonly plantId: string; readonly id: string }>()
  const { loading, id: plantId } = plant
  // Which fetch an answer belongs to: a stale one (another plant, an earlier Refresh) never shows.
  const key = `${plantId ?? ''}#${attempt}`

  useEffect(() => {
    if (loading || !plantId || !online) return
    let current = true
    // DS-01: the plant's ingestor id; an HttpError says why not (status 0: unreachable).
    api.ingestor(controller.transport, plantId).then(
      ({ id }) => {
        if (!current) return
        setAnswer({ key, id })
        setLastFetched({ plantId, id })
      },
      (err: unknown) => {
        console.warn('Fetching the ingestor failed', err)
        if (current) setAnswer({ key })
      },
    )
    return () => {
      current = false
    }
  }, [controller, key, loading, online, plantId])

  const view: IngestorView = loading
    ? { kind: 'loading' }
    : !plantId
      ? { kind: 'no-plant' }
      : !online
        ? {
            kind: 'offline',
            lastKnown: (lastFetched?.plantId === plantId ? lastFetched.id : undefined) ?? plant.knownId,
          }
        : answer?.key !== key
          ? { kind: 'loading' }
          : answer.id !== undefined
            ? { kind: 'loaded', id: answer.id }
            : { kind: 'error' }
  // The dispatcher is stable, so the page's Refresh callback is too.
  return { view, reload }
}
