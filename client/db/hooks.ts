import { useEffect, useState } from 'react'
import type { MangoQuery, RxCollection, RxDocument } from 'rxdb'
import { combineLatest, map, of, switchMap, tap, type Observable } from 'rxjs'
import type { CollectionName, LocalDoc } from './collections'
import { useAppData } from './app-data'
import { markOnce } from './first-marks'
import { viewOf, type Selector } from './local-view'
import { jsonOf, shareDoc, shareUnchanged } from './shared-docs'

/**
 * Live reads from the local database, with this device's pending actions laid over the server's
 * documents (local-view.ts). Screens read only through these: every action, local or replicated,
 * re-renders them, and nothing waits for the network. Selectors are equalities on fields.
 * Results share structure (shared-docs.ts): an unchanged document keeps its object and an unchanged
 * result its array, and a result equal to the last one does not re-render at all.
 */
export interface Live<T> {
  readonly data: T
  readonly loading: boolean
  /** Set when the local query failed (screens show their 'Error Loading Data' state). */
  readonly error?: unknown
}

function useObservable<T>(
  make: () => Observable<T> | undefined,
  initial: T,
  deps: ReadonlyArray<unknown>,
): Live<T> {
  const [state, setState] = useState<Live<T>>({ data: initial, loading: true })
  useEffect(() => {
    const observable = make()
    if (!observable) {
      setState({ data: initial, loading: true })
      return
    }
    const sub = observable.subscribe({
      // The same data again (structural sharing kept it): no new state, no re-render.
      next: (data) =>
        setState((s) =>
          s.data === data && !s.loading && s.error === undefined ? s : { data, loading: false },
        ),
      error: (error: unknown) => setState({ data: initial, loading: false, error }),
    })
    return () => sub.unsubscribe()
    // `make` and `initial` are re-created each render; `deps` says when the query really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return state
}

type Data = Record<string, unknown>
const json = (docs: ReadonlyArray<RxDocument<Data>>) => docs.map(jsonOf)

/** All documents of a collection matching an equality selector (e.g. `{ lineId: 'line-1' }`). */
export function useDocs<C extends CollectionName>(
  collection: C,
  selector: Selector = {},
): Live<ReadonlyArray<LocalDoc<C>>> {
  const { db, controller } = useAppData()
  const key = JSON.stringify(selector)
  return useObservable<ReadonlyArray<LocalDoc<C>>>(
    () => {
      if (!db) return undefined
      const rx = db.collections[collection] as unknown as RxCollection<Data>
      const outbox = controller.outbox
      const pk = pkOf(rx)
      const idOf = (doc: LocalDoc<C>) => String((doc as unknown as Data)[pk])
      let shown: ReadonlyArray<LocalDoc<C>> | undefined
      // The query stays subscribed for the hook's life (re-subscribing would re-run it on each tick).
      const matching = rx.find({ selector } as MangoQuery<Data>).$.pipe(map(json))
      return combineLatest([matching, outbox.changed$]).pipe(
        switchMap(([server]) => {
          // Touched documents in the selection are at hand: a local action re-renders in the same task.
          const touched = outbox.state.touched(collection)
          const touchedDocs = new Map<string, Data>()
          for (const doc of server) {
            const id = String(doc[pk])
            if (touched.has(id)) touchedDocs.set(id, doc)
          }
          const missing = [...touched].filter((id) => !touchedDocs.has(id))
          const view = (found: ReadonlyMap<string, Data>) =>
            viewOf(collection, outbox.state, selector, server, new Map([...touchedDocs, ...found]))
          if (missing.length === 0) return of(view(new Map()))
          // Outside the selection (an action may move them in): their server versions, live.
          return rx
            .findByIds(missing)
            .$.pipe(map((found) => view(new Map([...found].map(([id, d]) => [id, jsonOf(d)])))))
        }),
        map((docs) => (shown = shareUnchanged(shown, docs, idOf))),
        tap(() => markOnce(`qm:query ${collection}`)),
      )
    },
    [],
    [db, controller, collection, key],
  )
}

/** One document by id (undefined while loading or when it does not exist). */
export function useDoc<C extends CollectionName>(
  collection: C,
  id: string | undefined,
): Live<LocalDoc<C> | undefined> {
  const { db, controller } = useAppData()
  return useObservable<LocalDoc<C> | undefined>(
    () => {
      if (!db || !id) return undefined
      const rx = db.collections[collection] as unknown as RxCollection<Data>
      const outbox = controller.outbox
      let shown: LocalDoc<C> | undefined
      const server = rx.findOne(id).$.pipe(map((d) => (d ? [jsonOf(d)] : [])))
      return combineLatest([server, outbox.changed$]).pipe(
        map(([docs]) => {
          const touched = new Map(docs.map((d) => [id, d]))
          return viewOf(
            collection,
            outbox.state,
            {},
            outbox.state.touched(collection).has(id) ? [] : docs,
            touched,
          ).find((d) => String((d as unknown as Data)[pkOf(rx)]) === id)
        }),
        map((doc) => (shown = shareDoc(shown, doc))),
      )
    },
    undefined,
    [db, controller, collection, id],
  )
}

const pkOf = (rx: RxCollection<Data>) => rx.schema.primaryPath as string
