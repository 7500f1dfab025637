/** An IndexedDB request as a promise (inside a transaction it resolves while the transaction is active). */
export function idbRequest<T>(req: IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T)
    req.onerror = () => reject(req.error ?? new Error('An IndexedDB request failed'))
  })
}

/**
 * Deletes a database. Resolves once it is gone, or once it is blocked: the deletion then completes
 * as soon as the other tabs holding it close it (ours close on `versionchange`).
 */
export function deleteDatabase(idb: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const deleting = idb.deleteDatabase(name)
    deleting.onsuccess = deleting.onblocked = () => resolve()
    deleting.onerror = () => reject(deleting.error ?? new Error(`Deleting ${name} failed`))
  })
}
