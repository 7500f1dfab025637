import type { Transaction } from 'kysely'
import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import type { StoredDocument } from '../store/documents'
import type { Tables } from '../store/tables'
import type { Services } from './services'

/**
 * The business rules of one collection. Every write — a REST call or a replicated push — goes
 * through `writeDocument` in apply-change.ts, which calls these in order:
 * authorize → decode → validate (may normalize) → write → afterWrite (side effects).
 */
export interface CollectionRules<T extends object = Record<string, unknown>> {
  readonly collection: CollectionName
  /** Which plant a document of this collection belongs to: the session's, or '*' (customer-wide). */
  readonly scope: 'plant' | 'customer'
  /** Throws 403 when the session may not make this change. Runs before anything is read from the body. */
  authorize(session: Session, change: Change<T>): void
  /** Decodes the incoming entity fields with the shared schema (throws 400 with the rule's message). */
  decode(data: unknown): T
  /** Business rules needing the database; returns the document to store (server-owned fields filled in). */
  validate(ctx: WriteContext, change: DecodedChange<T>): Promise<T>
  /** Side effects inside the same transaction (e.g. a deactivated line stops its monitors). */
  afterWrite?(ctx: WriteContext, change: DecodedChange<T>, stored: StoredDocument<T>): Promise<void>
  /** Removes what must never leave the server (none of the entity schemas hold secrets; belt and braces). */
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
  /** Writes further documents in the same transaction (side effects), through their own rules' storage. */
  readonly written: Array<StoredDocument>
}
