import Dexie, { type EntityTable } from 'dexie'
import type { Role } from '../../../shared/schema/user'
import type { CollectionName } from '../../../shared/sync/collections'
import type { FieldConflictRecord } from '../../../shared/sync/intent-protocol'
import type { Checkpoint, Rejection } from '../../../shared/sync/protocol'
import { BULK_COLLECTIONS } from '../collections'
import type { PendingAction } from '../sync/pending-changes'

/**
 * State that lives only on this device, in a plain Dexie database (not RxDB: it must not replicate
 * and RxDB's collection budget is spent on replicated data): the outbox of actions the server has not
 * absorbed yet, the sync issues the user has not dealt with yet, the last signed-in identity (so the
 * app opens offline) and small UI preferences.
 */
export type SyncIssue = ConflictIssue | RejectionIssue

interface IssueBase {
  id?: number
  /** The action as the user made it: its name and arguments are what "Re-apply" runs again. */
  action: { name: string; args: unknown; description: string; author: string }
  /** Why it was not applied: the spec's message (409 duplicate, circular feeder, 400, 403, conflict). */
  rejection: Rejection
  createdAt: string
}

/** OFF-05: fields the user changed that the server changed meanwhile; the server's values won. */
export interface ConflictIssue extends IssueBase {
  kind: 'conflict'
  conflicts: ReadonlyArray<FieldConflictRecord>
}

/** OFF-04: the server refused the action (duplicate monitor, circular feeder, validation, role). */
export interface RejectionIssue extends IssueBase {
  kind: 'rejection'
}

export interface StoredIdentity {
  key: 'current'
  user: SessionUser
  savedAt: string
}

export interface SessionUser {
  id: string
  email: string
  role: Role
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

/**
 * Where a collection's pull replication stands (pull-replication.ts). `storageToken` names the local
 * database the documents went into: a checkpoint of a database that was since deleted and created
 * again is not used, so its documents are pulled again instead of skipped.
 */
export interface PullCheckpoint {
  key: string
  checkpoint: Checkpoint
  storageToken: string
  /** The collection was pulled to the end once: its first sync is done (a reload mid-way resumes it). */
  complete?: boolean
}

export class DeviceDb extends Dexie {
  issues!: EntityTable<SyncIssue, 'id'>
  outbox!: EntityTable<PendingAction, 'seq'>
  identity!: EntityTable<StoredIdentity, 'key'>
  preferences!: EntityTable<Preference, 'key'>
  marks!: EntityTable<SyncMark, 'key'>
  checkpoints!: EntityTable<PullCheckpoint, 'key'>

  constructor(name = 'quality-monitoring-device', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options)
    this.version(1).stores({
      issues: '++id, kind, collection, docId',
      identity: 'key',
      preferences: 'key',
      marks: 'key',
    })
    // Version 2: actions instead of documents. Issues of the document era cannot be re-applied as
    // actions, so they are cleared; their changes were already decided by the server.
    this.version(2)
      .stores({ issues: '++id, kind', outbox: '++seq, id, author' })
      .upgrade((tx) => tx.table('issues').clear())
    // Version 3: replication checkpoints kept here instead of in RxDB's replication metadata.
    this.version(3).stores({ checkpoints: 'key' })
  }

  /**
   * Whether every one of these collections of a plant's replication (`identifier`) was pulled to the
   * end once — into the local database with `storageToken` when it is given; without it, this is
   * what the device recorded before that database is open (a cold start), to be confirmed once it is.
   */
  async pulledToTheEnd(
    identifier: string,
    collections: ReadonlyArray<CollectionName>,
    storageToken?: string,
  ): Promise<boolean> {
    const marks = await this.checkpoints.bulkGet(collections.map((c) => checkpointKey(identifier, c)))
    return marks.every(
      (m) => m?.complete === true && (storageToken === undefined || m.storageToken === storageToken),
    )
  }
}

/** Bump to start every device's replication afresh (its checkpoints are then not found). */
const REPLICATION_VERSION = 'pull-v3'

/**
 * The bulk collections moved to records of a line (line-record-storage.ts): devices that hold them in
 * RxDB's Dexie layout pull them again into the new storage (the old copy is deleted when it opens).
 */
const BULK_REPLICATION_VERSION = 'pull-v4-records'

/** Where a collection's pull checkpoint of a plant's replication (`identifier`) is kept. */
export const checkpointKey = (identifier: string, collection: CollectionName): string =>
  `${identifier}-${BULK_COLLECTIONS.has(collection) ? BULK_REPLICATION_VERSION : REPLICATION_VERSION}-${collection}`
