import type { CollectionName } from '../sync/collections'

/** One document's change: the whole new document (put) or its removal. */
export type DocumentChange =
  | {
      readonly kind: 'put'
      readonly collection: CollectionName
      readonly id: string
      readonly data: Readonly<Record<string, unknown>>
      /** Top-level fields that differ from before (all of them for a new document). */
      readonly fields: ReadonlyArray<string>
      readonly created: boolean
    }
  | { readonly kind: 'delete'; readonly collection: CollectionName; readonly id: string }
