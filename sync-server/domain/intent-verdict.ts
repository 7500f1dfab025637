import type { BaseValue, FieldConflictRecord } from '../../shared/sync/intent-protocol'
import type { StoredDocument } from '../store/documents'
import type { DomainError } from './domain-error'

/**
 * What the write path takes and gives, whichever host decides: this server's own database
 * (apply-intent.ts) or, in gateway mode, the plant's authority (sync-server/gateway/).
 */
export interface IntentRequest {
  readonly name: string
  readonly args: unknown
  /**
   * Pushed actions: the version of their arguments (the route reads an absent one as 1), upgraded
   * before they are judged. REST calls leave it out: their arguments are this version's.
   */
  readonly version?: number
  /** Pushed actions (and REST calls with an Idempotency-Key): the id a retry is recognised by. */
  readonly id?: string
  /** Pushed actions only: the values the user saw of the fields they edited. */
  readonly base?: ReadonlyArray<BaseValue>
  /** REST calls with an Idempotency-Key: what the request was; a retry must be the same request. */
  readonly fingerprint?: string
}

export type IntentResult =
  | {
      readonly status: 'applied'
      readonly documents: ReadonlyArray<StoredDocument>
      /**
       * Gateway mode: ids the authority gave documents the action created, in place of the ids the
       * device minted (`device id → authority id`). Later actions naming the device's id are
       * translated; the device rewrites what it still holds (docs/gateway.md).
       */
      readonly replacedIds?: Readonly<Record<string, string>>
      /** Answered again from the intent log: the documents as they are now. */
      readonly fromLog?: boolean
    }
  | { readonly status: 'conflict'; readonly conflicts: ReadonlyArray<FieldConflictRecord> }

export type IntentVerdict = IntentResult | { readonly status: 'rejected'; readonly error: DomainError }
