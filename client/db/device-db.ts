import Dexie, { type EntityTable } from 'dexie'
import type { CollectionName } from '../../shared/sync/collections'
import type { FieldConflict } from '../../shared/sync/merge'
import type { Rejection } from '../../shared/sync/protocol'

/**
 * State that lives only on this device, in a plain Dexie database (not RxDB: it must not replicate
 * and RxDB's collection budget is spent on replicated data): the sync issues the user has not dealt
 * with yet, the last signed-in identity (so the app opens offline) and small UI preferences.
 */
export type SyncIssue = ConflictIssue | RejectionIssue

interface IssueBase {
  id?: number
  collection: CollectionName
  docId: string
  /** The user's version of the document when the issue arose: what "Re-apply" writes back. */
  attempted: Record<string, unknown>
  createdAt: string
}

/** OFF-05: fields changed here and on the server; the server's values won. */
export interface ConflictIssue extends IssueBase {
  kind: 'conflict'
  conflicts: ReadonlyArray<FieldConflict>
}

/** OFF-04: the server refused the change (duplicate monitor, circular feeder, validation, role). */
export interface RejectionIssue extends IssueBase {
  kind: 'rejection'
  rejection: Rejection
}

export interface StoredIdentity {
  key: 'current'
  user: SessionUser
  savedAt: string
}

export interface SessionUser {
  id: string
  email: string
  role: 'user' | 'administrator'
  customerId: string
  plantId: string
  locationConfig: { locationName: string | null; locationPlantId: string | null }
}

export interface Preference {
  key: string
  value: unknown
}

export interface SyncMark {
  key: 'lastSyncedAt'
  at: string
}

export class DeviceDb extends Dexie {
  issues!: EntityTable<SyncIssue, 'id'>
  identity!: EntityTable<StoredIdentity, 'key'>
  preferences!: EntityTable<Preference, 'key'>
  marks!: EntityTable<SyncMark, 'key'>

  constructor(name = 'quality-monitoring-device', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options)
    this.version(1).stores({
      issues: '++id, kind, collection, docId',
      identity: 'key',
      preferences: 'key',
      marks: 'key',
    })
  }
}
