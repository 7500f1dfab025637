import {
  getQueryMatcher,
  getSortComparator,
  type PreparedQuery,
  type RxStorage,
  type RxStorageQueryResult,
} from 'rxdb'
import {
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  dexieStateOf,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
  keyRangeOf,
  replaceDexieQuery,
  type RxStorageInstanceDexie,
} from './rxdb-internals'
import { getProperty } from 'rxdb/plugins/utils'

/**
 * RxDB's Dexie storage answers a query by walking an IndexedDB cursor: one round trip to the
 * browser's storage per document read. The Line Management rows of a cold start waited ~100 ms on
 * that for a few dozen lines (and a line's thousands of signals on their screens far longer). This
 * storage answers the same query from the same index range read in pages of PAGE documents
 * (getAll): the same documents, filtered, sorted and cut by the same rules as the cursor (RxDB's
 * dexie-query.ts), a page per round trip. Only `query` changes; writes, counts and everything else
 * are Dexie's own. Other storages are returned as they are.
 */
export function withPagedQueries<Internals, Options>(
  storage: RxStorage<Internals, Options>,
): RxStorage<Internals, Options> {
  if (storage.name !== 'dexie') return storage
  const paged = Object.create(storage) as RxStorage<Internals, Options>
  paged.createStorageInstance = async (params) => {
    const instance = await storage.createStorageInstance(params)
    replaceDexieQuery(instance, pagedQuery)
    return instance
  }
  return paged
}

/** Documents per getAll: a round trip per page, never a whole large collection in memory at once. */
export const PAGE = 1_000

type Doc = Record<string, unknown>

async function pagedQuery(
  instance: RxStorageInstanceDexie<unknown>,
  prepared: PreparedQuery<unknown>,
): Promise<RxStorageQueryResult<unknown>> {
  const state = await dexieStateOf(instance)
  const { query, queryPlan } = prepared
  const skip = query.skip ?? 0
  const limit = typeof query.limit === 'number' ? query.limit : Infinity
  const enough = skip + limit
  const matches = queryPlan.selectorSatisfiedByIndex
    ? undefined
    : getQueryMatcher(instance.schema, prepared.query as never)
  const KeyRange = keyRangeOf(state.dexieDb)
  let range: IDBKeyRange
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, KeyRange)
  } catch (err) {
    if ((err as { name?: string }).name === 'DataError') return { documents: [] }
    throw err
  }
  const indexName = `[${queryPlan.index.map((f) => dexieReplaceIfStartsWithPipe(f)).join('+')}]`
  const keyPaths = queryPlan.index.map((f) => dexieReplaceIfStartsWithPipe(f))
  let rows: Doc[] = []
  await state.dexieDb.transaction('r', state.dexieTable, async (tx) => {
    const index = tx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName)
    for (let next: IDBKeyRange | undefined = range; next;) {
      const page = await new Promise<Doc[]>((resolve, reject) => {
        const request = index.getAll(next, PAGE)
        request.onsuccess = () => resolve(request.result as Doc[])
        request.onerror = () => reject(request.error ?? new Error('IndexedDB getAll failed'))
      })
      for (const raw of page) {
        const doc = fromDexieToStorage(state.booleanIndexes, raw) as Doc
        if (!matches || matches(doc as never)) rows.push(doc)
      }
      // Like the cursor: a limited query the index already orders stops once it has enough.
      if (page.length < PAGE || (queryPlan.sortSatisfiedByIndex && rows.length >= enough)) break
      // Index keys end with the primary key, so they are unique: the next page starts after the last.
      const last = keyPaths.map((path) => getProperty(page[page.length - 1]!, path) as IDBValidKey)
      next = after(KeyRange, last, range)
    }
  })
  if (!queryPlan.sortSatisfiedByIndex)
    rows = rows.sort(
      getSortComparator(instance.schema, prepared.query as never) as (a: Doc, b: Doc) => number,
    )
  return { documents: rows.slice(skip, enough) } as unknown as RxStorageQueryResult<unknown>
}

/** The rest of `range` after `key` (undefined when nothing is left). */
function after(KeyRange: typeof IDBKeyRange, key: IDBValidKey, range: IDBKeyRange): IDBKeyRange | undefined {
  try {
    return KeyRange.bound(key, range.upper as IDBValidKey, true, range.upperOpen)
  } catch {
    return undefined
  }
}
