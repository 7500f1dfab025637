import type { CollectionName } from '../../../shared/sync/collections'
import type { LoadedDocument } from '../../../shared/intents/doc-set'
import type { DocumentRead } from '../../../shared/intents/intent'
import type { LocalStore } from '../storage/local-store'
import { PRIMARY_KEYS, type LocalDoc } from '../collections'
import type { PendingChanges } from './pending-changes'

/**
 * What a screen sees: the server's documents (the local database) with this device's pending
 * actions laid over them (pending-changes.ts). Used by the live reads every screen makes and by the
 * loader that runs an action on the device, so an action always starts from what the user sees.
 */
type Data = Record<string, unknown>
export type Selector = Readonly<Record<string, unknown>>

/**
 * The documents matching `selector` as the user sees them: server documents changed or removed by
 * pending actions, and documents that pending actions created or moved into the selection.
 * `serverMatches` are the server documents matching it; `touchedServer` the server versions of the
 * documents any action touches.
 */
export function viewOf<C extends CollectionName>(
  collection: C,
  pending: PendingChanges,
  selector: Selector,
  serverMatches: ReadonlyArray<Data>,
  touchedServer: ReadonlyMap<string, Data>,
): Array<LocalDoc<C>> {
  const pk = PRIMARY_KEYS[collection]
  const touched = pending.touched(collection)
  const out: Array<LocalDoc<C>> = []
  for (const doc of serverMatches) {
    const id = String(doc[pk])
    if (!touched.has(id)) out.push(doc as unknown as LocalDoc<C>)
  }
  for (const id of touched) {
    const server = touchedServer.get(id)
    const { data, pendingSince, saving } = pending.overlay(collection, id, server)
    if (!data || !matches(data, selector)) continue
    const meta = { revision: Number(server?.revision ?? 0), updatedAt: String(server?.updatedAt ?? '') }
    out.push({
      ...data,
      [pk]: id,
      ...meta,
      ...(pendingSince ? { pendingSince } : {}),
      ...(saving ? { saving } : {}),
    } as unknown as LocalDoc<C>)
  }
  return out
}

/**
 * The same, from every server document of the collection at hand (what the stored view reads on a
 * cold start, stored-view.ts): the matching ones and the ones pending actions touch are picked here.
 */
export function viewOfAll<C extends CollectionName>(
  collection: C,
  pending: PendingChanges,
  selector: Selector,
  all: ReadonlyArray<Data>,
): Array<LocalDoc<C>> {
  const pk = PRIMARY_KEYS[collection]
  const touched = pending.touched(collection)
  const serverMatches = all.filter((d) => matches(d, selector))
  const touchedServer = new Map<string, Data>()
  for (const d of all) if (touched.has(String(d[pk]))) touchedServer.set(String(d[pk]), d)
  return viewOf(collection, pending, selector, serverMatches, touchedServer)
}

/** Equality on (possibly dotted) fields: the only selectors screens and intents use. */
export function matches(data: Data, selector: Selector): boolean {
  return Object.entries(selector).every(([path, value]) => {
    const actual = path
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Data)[k] : undefined), data)
    return actual === value
  })
}

/** Loads an action's reads from the local database, pending actions included (the device's loader). */
export async function loadLocal(
  store: LocalStore,
  pending: PendingChanges,
  reads: ReadonlyArray<DocumentRead>,
): Promise<ReadonlyArray<LoadedDocument>> {
  const out: LoadedDocument[] = []
  for (const read of reads) {
    const pk = PRIMARY_KEYS[read.collection]
    let selector: Selector = {}
    let serverMatches: Data[]
    let touchedServer: ReadonlyMap<string, Data>
    if ('ids' in read) {
      // Only the asked-for ids are kept below, so their own server versions are all the overlay needs.
      const found = await store.findByIds(read.collection, [...read.ids])
      serverMatches = [...found.values()] as Data[]
      touchedServer = new Map(serverMatches.map((d) => [String(d[pk]), d]))
    } else {
      const touched = [...pending.touched(read.collection)]
      // No pending action on the collection (the usual case online): no query to wait for.
      touchedServer =
        touched.length === 0
          ? new Map()
          : ((await store.findByIds(read.collection, touched)) as Map<string, Data>)
      selector = 'where' in read ? read.where : {}
      serverMatches = (await store.find(read.collection, selector)) as Data[]
    }
    const ids = 'ids' in read ? new Set(read.ids) : undefined
    for (const d of viewOf(read.collection, pending, selector, serverMatches, touchedServer)) {
      const data = d as unknown as Data
      const id = String(data[pk])
      if (ids && !ids.has(id)) continue
      out.push({ collection: read.collection, id, data })
    }
  }
  return out
}
