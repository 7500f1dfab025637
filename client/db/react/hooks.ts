import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { combineLatest, EMPTY, from, map, of, switchMap, tap, type Observable } from 'rxjs'
import { PRIMARY_KEYS, type CollectionName, type LocalDoc } from '../collections'
import { useAppData } from './app-data'
import { markOnce } from '../first-marks'
import { viewOf, viewOfAll, type Selector } from '../sync/local-view'
import type { Outbox } from '../sync/outbox'
import { shareDoc, shareUnchanged } from './shared-docs'
import { sharedQuery, type Emission } from './shared-query'
import type { StoredView } from '../storage/stored-view'

/**
 * Live reads from the local database, with this device's pending actions laid over the server's
 * documents (local-view.ts). Screens read only through these: every action, local or replicated,
 * re-renders them, and nothing waits for the network. Selectors are equalities on fields.
 * Results share structure (shared-docs.ts): an unchanged document keeps its object and an unchanged
 * result its array, and a result equal to the last one does not re-render at all. A result the
 * user's own new action changed renders at once, in that task (`flushSync`): the edit is on screen
 * before anything else queued runs; replicated changes and settled answers render as React
 * schedules them. Every screen reading the same collection and selector
 * shares one live query (shared-query.ts). On a cold start, until the local database is open, they
 * read what the device stored (stored-view.ts); the database's first result then re-renders nothing
 * that did not change.
 */
export interface Live<T> {
  readonly data: T
  readonly loading: boolean
  /** Set when the local query failed (screens show their 'Error Loading Data' state). */
  readonly error?: unknown
}

function useObservable<T>(
  make: () => Observable<Emission<T>> | undefined,
  initial: T,
  deps: ReadonlyArray<unknown>,
  current?: () => Live<T> | undefined,
): Live<T> {
  // A query another screen already holds open starts from its current result, not from 'loading'.
  const [state, setState] = useState<Live<T>>(() => current?.() ?? { data: initial, loading: true })
  useEffect(() => {
    const observable = make()
    if (!observable) {
      setState({ data: initial, loading: true })
      return
    }
    const sub = observable.subscribe({
      next: ({ data, local }) => {
        const update = () =>
          // The same data again (structural sharing kept it): no new state, no re-render.
          setState((s) =>
            s.data === data && !s.loading && s.error === undefined ? s : { data, loading: false },
          )
        if (local) flushSync(update)
        else update()
      },
      error: (error: unknown) => setState({ data: initial, loading: false, error }),
    })
    return () => sub.unsubscribe()
    // `make` and `initial` are re-created each render; `deps` says when the query really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return state
}

type Data = Record<string, unknown>

/** All documents of a collection matching an equality selector (e.g. `{ lineId: 'line-1' }`). */
export function useDocs<C extends CollectionName>(
  collection: C,
  selector: Selector = {},
): Live<ReadonlyArray<LocalDoc<C>>> {
  const { db, controller } = useAppData()
  const key = JSON.stringify(selector)
  const queryKey = `${collection} ${key}`
  const query = (open: boolean) => {
    if (!db) return undefined
    if (!open) return sharedQuery<ReadonlyArray<LocalDoc<C>>>(db, queryKey)
    const outbox = controller.outbox
    const pk = PRIMARY_KEYS[collection]
    const idOf = (doc: LocalDoc<C>) => String((doc as unknown as Data)[pk])
    return sharedQuery<ReadonlyArray<LocalDoc<C>>>(db, queryKey, () => {
      // Starts from what the stored view showed, so equal documents keep their objects.
      let shown = storedResults.get(queryKey) as ReadonlyArray<LocalDoc<C>> | undefined
      storedResults.delete(queryKey)
      const isActionTick = actionTicks(outbox)
      // The query stays subscribed while a screen reads it (re-subscribing would re-run it on each tick).
      const matching = db.watch(collection, selector)
      return combineLatest([matching, outbox.changed$]).pipe(
        switchMap(([server, tick]) => {
          let local = isActionTick(tick)
          const emit = (docs: ReadonlyArray<LocalDoc<C>>): Emission<ReadonlyArray<LocalDoc<C>>> => {
            const emission = { data: (shown = shareUnchanged(shown, docs, idOf)), local }
            local = false
            return emission
          }
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
          if (missing.length === 0) return of(emit(view(new Map())))
          // Outside the selection (an action may move them in): their server versions, live.
          return db
            .watchByIds(collection, missing)
            .pipe(map((found) => emit(view(found as ReadonlyMap<string, Data>))))
        }),
        tap(() => markOnce(`qm:query ${collection}`)),
      )
    })
  }
  const { storedView } = controller
  return useObservable<ReadonlyArray<LocalDoc<C>>>(
    () =>
      query(true)?.observable ??
      (storedView?.covers(collection)
        ? fromStoredView(storedView, controller.outbox, collection, selector, queryKey)
        : undefined),
    [],
    [db, controller, collection, key],
    () => {
      const current = query(false)?.current()
      if (current) return { data: current.data, loading: false }
      // The stored view has read this collection already: the first render shows it.
      const stored = !db && storedView?.covers(collection) ? storedView.peek(collection) : undefined
      return (
        stored && {
          data: storedResult(stored, controller.outbox, collection, selector, queryKey),
          loading: false,
        }
      )
    },
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
      const outbox = controller.outbox
      let shown: LocalDoc<C> | undefined
      const isActionTick = actionTicks(outbox)
      const pk = PRIMARY_KEYS[collection]
      const server = db.watchOne(collection, id).pipe(map((d) => (d ? [d as Data] : [])))
      return combineLatest([server, outbox.changed$]).pipe(
        map(([docs, tick]): Emission<LocalDoc<C> | undefined> => {
          const local = isActionTick(tick)
          const touched = new Map(docs.map((d) => [id, d]))
          const doc = viewOf(
            collection,
            outbox.state,
            {},
            outbox.state.touched(collection).has(id) ? [] : docs,
            touched,
          ).find((d) => String((d as unknown as Data)[pk]) === id)
          return { data: (shown = shareDoc(shown, doc)), local }
        }),
      )
    },
    undefined,
    [db, controller, collection, id],
  )
}

/**
 * A live read before the local database is open: the stored documents matching `selector`, with the
 * pending actions laid over them as the database's query would. Nothing when they cannot be read
 * (the screen shows 'loading' until the database is open).
 */
function fromStoredView<C extends CollectionName>(
  view: StoredView,
  outbox: Outbox,
  collection: C,
  selector: Selector,
  key: string,
): Observable<Emission<ReadonlyArray<LocalDoc<C>>>> {
  return combineLatest([from(view.documents(collection)), outbox.changed$]).pipe(
    switchMap(([stored]) =>
      stored ? of({ data: storedResult(stored, outbox, collection, selector, key), local: false }) : EMPTY,
    ),
  )
}

/** The stored documents matching `selector` as the user sees them; shares with the last result. */
function storedResult<C extends CollectionName>(
  stored: ReadonlyArray<Data>,
  outbox: Outbox,
  collection: C,
  selector: Selector,
  key: string,
): ReadonlyArray<LocalDoc<C>> {
  const pk = PRIMARY_KEYS[collection]
  const view = viewOfAll(collection, outbox.state, selector, stored)
  const last = storedResults.get(key) as ReadonlyArray<LocalDoc<C>> | undefined
  const shown = shareUnchanged(last, view, (doc) => String((doc as unknown as Data)[pk]))
  storedResults.set(key, shown)
  markOnce(`qm:stored ${collection}`)
  return shown
}

/** The last result each stored-view read gave, by query: the database's first result starts from it. */
const storedResults = new Map<string, ReadonlyArray<unknown>>()

/**
 * For one live read: whether the outbox tick it is handling is new and the tick of the user's own
 * action. Only the first result after such a tick is that action's; later results with the same tick
 * (replication), and the ticks of settled answers, are not.
 */
function actionTicks(outbox: Outbox): (tick: number) => boolean {
  let last: number | undefined
  return (tick) => {
    const fresh = last !== undefined && tick !== last
    last = tick
    return fresh && outbox.isActionTick(tick)
  }
}
