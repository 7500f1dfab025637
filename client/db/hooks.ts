import { useEffect, useState } from 'react'
import type { MangoQuery, RxCollection, RxDocument } from 'rxdb'
import { combineLatest, map, Observable, of, switchMap, tap, type Observer, type Subscription } from 'rxjs'
import type { CollectionName, LocalDoc } from './collections'
import { useAppData } from './app-data'
import { markOnce } from './first-marks'
import { viewOf, type Selector } from './local-view'

/**
 * Live reads from the local database, with this device's pending actions laid over the server's
 * documents (local-view.ts). Screens read only through these: every action, local or replicated,
 * re-renders them, and nothing waits for the network. Selectors are equalities on fields.
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
      next: (data) =>
        setState((s) => (s.data === data && !s.loading && !s.error ? s : { data, loading: false })),
      error: (error: unknown) => setState({ data: initial, loading: false, error }),
    })
    return () => sub.unsubscribe()
    // `make` and `initial` are re-created each render; `deps` says when the query really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return state
}

/**
 * One live query per database, collection and selector however many screens read it (the frame,
 * the settings page and a section all read the plant): it runs once, and a screen that mounts while
 * it is open renders its result at once instead of showing 'loading' for a round trip to IndexedDB.
 * It stops with its last subscriber, so a result is never kept past the subscription that keeps it
 * current.
 */
class SharedQuery<T> {
  latest: { readonly data: T } | { readonly error: unknown } | undefined
  private readonly observers = new Set<Observer<T>>()
  private source: Subscription | undefined

  constructor(
    private readonly make: () => Observable<T>,
    private readonly forget: () => void,
  ) {}

  readonly observable = new Observable<T>((observer) => {
    this.observers.add(observer)
    if (!this.source) {
      const source = this.make().subscribe({
        next: (data) => {
          this.latest = { data }
          for (const o of [...this.observers]) o.next(data)
        },
        error: (error: unknown) => {
          this.latest = { error }
          for (const o of [...this.observers]) o.error(error)
        },
      })
      // Its only reader may have left during a first answer given at once: nothing keeps it then.
      if (this.observers.size === 0) source.unsubscribe()
      else this.source = source
    } else if (this.latest && 'data' in this.latest) observer.next(this.latest.data)
    else if (this.latest) observer.error(this.latest.error)
    return () => {
      this.observers.delete(observer)
      if (this.observers.size > 0) return
      this.source?.unsubscribe()
      this.source = undefined
      this.latest = undefined
      this.forget()
    }
  })

  live(): Live<T> | undefined {
    const latest = this.latest
    if (!latest || this.observers.size === 0) return undefined
    return 'data' in latest ? { data: latest.data, loading: false } : undefined
  }
}

const sharedQueries = new WeakMap<object, Map<string, SharedQuery<unknown>>>()

/** The open query for `key` (undefined when none is open and `make` is not given). */
function sharedQuery<T>(db: object, key: string, make?: () => Observable<T>): SharedQuery<T> | undefined {
  let byKey = sharedQueries.get(db)
  let query = byKey?.get(key) as SharedQuery<T> | undefined
  if (!query && make) {
    if (!byKey) sharedQueries.set(db, (byKey = new Map()))
    const keys = byKey
    const forget = () => {
      if (keys.get(key) === query) keys.delete(key)
    }
    query = new SharedQuery(make, forget)
    byKey.set(key, query as SharedQuery<unknown>)
  }
  return query
}

type Data = Record<string, unknown>
const json = (docs: ReadonlyArray<RxDocument<Data>>) => docs.map((d) => d.toJSON() as Data)

/** All documents of a collection matching an equality selector (e.g. `{ lineId: 'line-1' }`). */
export function useDocs<C extends CollectionName>(
  collection: C,
  selector: Selector = {},
): Live<ReadonlyArray<LocalDoc<C>>> {
  const { db, controller } = useAppData()
  const key = JSON.stringify(selector)
  const query = (open: boolean) => {
    if (!db) return undefined
    if (!open) return sharedQuery<ReadonlyArray<LocalDoc<C>>>(db, `${collection} ${key}`)
    const rx = db.collections[collection] as unknown as RxCollection<Data>
    const outbox = controller.outbox
    const pk = pkOf(rx)
    return sharedQuery<ReadonlyArray<LocalDoc<C>>>(db, `${collection} ${key}`, () => {
      // The query stays subscribed while a screen reads it (re-subscribing would re-run it on each tick).
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
            .$.pipe(map((found) => view(new Map([...found].map(([id, d]) => [id, d.toJSON() as Data])))))
        }),
        tap(() => markOnce(`qm:query ${collection}`)),
      )
    })
  }
  return useObservable<ReadonlyArray<LocalDoc<C>>>(
    () => query(true)?.observable,
    [],
    [db, controller, collection, key],
    () => query(false)?.live(),
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
      const server = rx.findOne(id).$.pipe(map((d) => (d ? [d.toJSON() as Data] : [])))
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
      )
    },
    undefined,
    [db, controller, collection, id],
  )
}

const pkOf = (rx: RxCollection<Data>) => rx.schema.primaryPath as string
