import { Observable, type Observer, type Subscription } from 'rxjs'

/**
 * One live query per database, collection and selector however many screens read it (the frame,
 * the settings page and a section all read the plant): it runs once, and a screen that mounts while
 * it is open renders its result at once instead of showing 'loading' for a round trip to IndexedDB.
 * It stops with its last subscriber, so a result is never kept past the subscription that keeps it
 * current. Used by the live reads in hooks.ts.
 */

/** A result, and whether an outbox tick produced it (the reader renders it at once). */
export interface Emission<T> {
  readonly data: T
  readonly local: boolean
}

export class SharedQuery<T> {
  private latest: { readonly data: T } | { readonly error: unknown } | undefined
  private readonly observers = new Set<Observer<Emission<T>>>()
  private source: Subscription | undefined

  constructor(
    private readonly make: () => Observable<Emission<T>>,
    private readonly forget: () => void,
  ) {}

  readonly observable = new Observable<Emission<T>>((observer) => {
    this.observers.add(observer)
    if (!this.source) {
      const source = this.make().subscribe({
        next: (emission) => {
          this.latest = { data: emission.data }
          for (const o of [...this.observers]) o.next(emission)
        },
        error: (error: unknown) => {
          this.latest = { error }
          for (const o of [...this.observers]) o.error(error)
        },
      })
      // Its only reader may have left during a first answer given at once: nothing keeps it then.
      if (this.observers.size === 0) source.unsubscribe()
      else this.source = source
    } else if (this.latest && 'data' in this.latest) {
      // A reader joining is given the current result as it is, not as a local action's.
      observer.next({ data: this.latest.data, local: false })
    } else if (this.latest) observer.error(this.latest.error)
    return () => {
      this.observers.delete(observer)
      if (this.observers.size > 0) return
      this.source?.unsubscribe()
      this.source = undefined
      this.latest = undefined
      this.forget()
    }
  })

  /** The current result while the query is open and has answered. */
  current(): { readonly data: T } | undefined {
    const latest = this.latest
    if (!latest || this.observers.size === 0) return undefined
    return 'data' in latest ? latest : undefined
  }
}

const sharedQueries = new WeakMap<object, Map<string, SharedQuery<unknown>>>()

/** The open query for `key` (undefined when none is open and `make` is not given). */
export function sharedQuery<T>(
  db: object,
  key: string,
  make?: () => Observable<Emission<T>>,
): SharedQuery<T> | undefined {
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
