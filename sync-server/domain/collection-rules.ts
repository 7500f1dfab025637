import type { Transaction } from 'kysely'
import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import type { StoredDocument } from '../store/documents'
import type { Tables } from '../store/tables'
import type { Services } from './services'

/**
 * The storage rules of one collection (registry.ts holds every collection's). Every user write — a
 * REST call or a pushed change set — is an intent (apply-intent.ts); each document it changes is
 * stored by `writeWithRules` in apply-change.ts (called from intent-step.ts), which calls these in
 * order: authorize → decode → validate → write → afterWrite (side effects).
 */
export interface CollectionRules<T extends object = Record<string, unknown>> {
  readonly collection: CollectionName
  /** Which plant a document of this collection belongs to: the session's, or '*' (customer-wide). */
  readonly scope: 'plant' | 'customer'
  /** Throws 403 when the session may not make this change. Runs before anything is read from the body. */
  authorize(session: Session, change: Change<T>): void
  /** Decodes the incoming entity fields with the shared schema (throws 400 with the rule's message). */
  decode(data: unknown): T
  /**
   * Rules needing the database; returns the document to store, with what only the server knows filled
   * in (a user's lastLogin). Refuses (never quietly reverts) a field no user action may write
   * (ingested-collection.ts).
   */
  validate(ctx: WriteContext, change: DecodedChange<T>): Promise<T>
  /** Side effects inside the same transaction (e.g. a deleted user's account ends, user-collection.ts). */
  afterWrite?(ctx: WriteContext, change: DecodedChange<T>, stored: StoredDocument<T>): Promise<void>
  /** Removes what must never leave the server from every answer (a Reliance client secret, integration-reliance.ts). */
  redact?(data: Record<string, unknown>): Record<string, unknown>
  /** Whether clients may delete documents of this collection. */
  readonly deletable: boolean
}

export interface Change<T> {
  readonly id: string
  readonly previous: StoredDocument<T> | undefined
  /** The raw incoming entity, or undefined for a delete. */
  readonly next: unknown
}

export interface DecodedChange<T> {
  readonly id: string
  readonly previous: StoredDocument<T> | undefined
  /** Undefined for a delete. */
  readonly next: T | undefined
}

export interface WriteContext {
  readonly services: Services
  readonly session: Session
  readonly tx: Transaction<Tables>
  /** What the intent has written so far in this transaction (answered, announced, and read by later changes). */
  readonly written: Array<StoredDocument>
}
