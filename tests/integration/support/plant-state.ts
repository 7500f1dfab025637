import { COLLECTIONS, PRIMARY_KEYS, type CollectionName } from '../../../shared/sync/collections'
import type { PullResponse, ReplicatedDocument } from '../../../shared/sync/protocol'

/**
 * A plant's documents as a server answers an administrator's pulls, and the same reduced to what two
 * servers must agree on: the live documents' entity fields by id (server fields left out), compared
 * key-order-independently. Gateway tests compare a gateway's replica with its authority, and an
 * authority written through a gateway with one written directly.
 */
export type PlantDocuments = Record<CollectionName, ReadonlyArray<ReplicatedDocument>>
export type PlantEntities = Record<CollectionName, Record<string, Record<string, unknown>>>

export type Pull = (path: string, body: unknown) => Promise<PullResponse>

export async function pullAll(pull: Pull): Promise<PlantDocuments> {
  const out = {} as Record<CollectionName, ReplicatedDocument[]>
  for (const collection of COLLECTIONS) {
    const docs: ReplicatedDocument[] = []
    let checkpoint: PullResponse['checkpoint'] = null
    for (;;) {
      const page = await pull(`/sync/${collection}/pull`, { checkpoint, batchSize: 1000 })
      if (page.documents.length === 0) break
      docs.push(...page.documents)
      checkpoint = page.checkpoint
    }
    out[collection] = docs
  }
  return out
}

/** Live documents' entity fields by id; `omit` leaves out fields two servers set each on their own. */
export function entities(all: PlantDocuments, omit: ReadonlyArray<string> = []): PlantEntities {
  const skip = new Set(['updatedAt', 'revision', '_deleted', ...omit])
  return Object.fromEntries(
    COLLECTIONS.map((c) => [
      c,
      Object.fromEntries(
        all[c]
          .filter((d) => !d._deleted)
          .map((d) => [
            String(d[PRIMARY_KEYS[c]]),
            Object.fromEntries(Object.entries(d).filter(([k]) => !skip.has(k))),
          ]),
      ),
    ]),
  ) as PlantEntities
}

/** JSON with object keys sorted, so equal documents read from two servers compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  )
}

/** The collections (and, for each, up to three ids) where two plants differ. */
export function differences(a: PlantEntities, b: PlantEntities): ReadonlyArray<string> {
  const out: string[] = []
  for (const c of COLLECTIONS) {
    const ids = new Set([...Object.keys(a[c]), ...Object.keys(b[c])])
    const differing = [...ids].filter((id) => canonical(a[c][id]) !== canonical(b[c][id]))
    if (differing.length > 0)
      out.push(
        `${c}: ${differing
          .slice(0, 3)
          .map((id) => `${id} ${canonical(a[c][id])} ≠ ${canonical(b[c][id])}`)
          .join('; ')}`,
      )
  }
  return out
}

/**
 * Monitor rules as the REST API shows them: a list, empty when there are none. "No rules document"
 * and "an empty one" read alike there (a gateway's replica holds one for every monitor), so they
 * compare alike here.
 */
export function withoutEmptyRules(plant: PlantEntities): PlantEntities {
  const rules = Object.fromEntries(
    Object.entries(plant.monitorRules).filter(([, doc]) => (doc.rules as unknown[]).length > 0),
  )
  return { ...plant, monitorRules: rules }
}
