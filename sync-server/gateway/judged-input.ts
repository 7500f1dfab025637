import type { LoadedDocument } from '../../shared/intents/doc-set'
import type { DocumentLoader } from '../../shared/intents/run'

/**
 * What an action was judged on in gateway mode: the replica's documents its intent loaded and the
 * time it ran at. Kept with the first call of an action that creates something (store/gateway-steps.ts),
 * so that a retry of it while under way — a lost answer, the gateway restarted — plans the very same
 * calls again, instead of judging the action anew on a replica that by then shows the action's own
 * creation (a monitor would be its own duplicate). Other actions judged again find their change
 * made (and send nothing more) or not (and send it): the same outcome. The action's arguments are
 * not kept: the retry brings them (a write-only secret included).
 */
export interface JudgedInput {
  readonly loaded: ReadonlyArray<LoadedDocument>
  readonly now: string
}

/** A loader that answers as `load` does and keeps everything it answered. */
export function recording(load: DocumentLoader): {
  readonly loader: DocumentLoader
  readonly loaded: LoadedDocument[]
} {
  const loaded: LoadedDocument[] = []
  return {
    loaded,
    loader: async (reads) => {
      const docs = await load(reads)
      loaded.push(...docs)
      return docs
    },
  }
}

/** A loader that answers the same reads from what was kept (the intent is pure: it asks the same). */
export function replaying(loaded: ReadonlyArray<LoadedDocument>): DocumentLoader {
  return async (reads) =>
    reads.flatMap((read) =>
      loaded.filter((d) => {
        if (d.collection !== read.collection) return false
        if ('ids' in read) return read.ids.includes(d.id)
        if ('where' in read)
          return Object.entries(read.where).every(([field, value]) => d.data[field] === value)
        return true
      }),
    )
}

export function isJudgedInput(value: unknown): value is JudgedInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as JudgedInput).loaded) &&
    typeof (value as JudgedInput).now === 'string'
  )
}
