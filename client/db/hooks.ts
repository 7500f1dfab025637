import { useEffect, useState } from 'react'
import type { MangoQuery } from 'rxdb'
import { map, type Observable } from 'rxjs'
import type { CollectionName, LocalDoc } from './collections'
import { useAppData } from './data-context'

/**
 * Live reads from the local database. Screens read only through these: every edit, local or
 * replicated, re-renders them, and nothing waits for the network.
 */
export interface Live<T> {
  readonly data: T
  readonly loading: boolean
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
    const sub = observable.subscribe((data) => setState({ data, loading: false }))
    return () => sub.unsubscribe()
    // `make` and `initial` are re-created each render; `deps` says when the query really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return state
}

const toJson = <C extends CollectionName>(docs: ReadonlyArray<{ toJSON(): unknown }>) =>
  docs.map((d) => d.toJSON() as LocalDoc<C>)

/** All documents of a collection matching a Mango selector (e.g. `{ lineId: 'line-1' }`). */
export function useDocs<C extends CollectionName>(
  collection: C,
  selector: MangoQuery<LocalDoc<C>>['selector'] = {},
): Live<ReadonlyArray<LocalDoc<C>>> {
  const { db } = useAppData()
  const key = JSON.stringify(selector)
  return useObservable(
    () => {
      if (!db) return undefined
      const query = db.collections[collection].find({ selector } as MangoQuery<LocalDoc<C>>)
      return query.$.pipe(map((docs) => toJson<C>(docs)))
    },
    [],
    [db, collection, key],
  )
}

/** One document by id (undefined while loading or when it does not exist). */
export function useDoc<C extends CollectionName>(
  collection: C,
  id: string | undefined,
): Live<LocalDoc<C> | undefined> {
  const { db } = useAppData()
  return useObservable(
    () => {
      if (!db || !id) return undefined
      const query = db.collections[collection].findOne(id)
      return query.$.pipe(map((doc) => (doc ? (doc.toJSON() as LocalDoc<C>) : undefined)))
    },
    undefined,
    [db, collection, id],
  )
}
