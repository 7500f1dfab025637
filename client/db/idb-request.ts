/** An IndexedDB request as a promise (inside a transaction it resolves while the transaction is active). */
export function idbRequest<T>(req: IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T)
    req.onerror = () => reject(req.error ?? new Error('An IndexedDB request failed'))
  })
}
