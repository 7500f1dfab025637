import type { CollectionName } from '../../../shared/sync/collections'
import type { Rejection } from '../../../shared/sync/protocol'
import type { SyncIssue } from '../../../client/db/device-db'
import type { PushExchange } from './node-client'

/**
 * Messages between the convergence test and its client workers. Each client runs in a worker thread
 * of its own: a separate JavaScript realm, like a separate device (RxDB's open-source edition opens at
 * most 13 collections per realm, and a client has 12).
 */
export interface ClientConfig {
  readonly name: string
  readonly baseUrl: string
  readonly email: string
  readonly password: string
  readonly seed: number
  /** Shares of pushes the transport sends twice, loses the answer of, or follows with a replay. */
  readonly duplicate: number
  readonly loseAnswer: number
  readonly replay: number
}

export type ClientRequest =
  | { readonly type: 'init' }
  | {
      readonly type: 'patch'
      readonly collection: CollectionName
      readonly id: string
      readonly patch: Readonly<Record<string, unknown>>
      /** A boolean field to switch, as a switch in the UI does (its value is read on the device). */
      readonly toggle?: string
    }
  /** Re-applies one of the device's conflict records (`pick` chooses which); null when it has none. */
  | { readonly type: 'reapply'; readonly pick: number }
  | { readonly type: 'online'; readonly online: boolean }
  | { readonly type: 'resync' }
  | { readonly type: 'settle'; readonly timeoutMs: number }
  | { readonly type: 'status' }
  | { readonly type: 'dump' }
  | { readonly type: 'history'; readonly key: string }
  | { readonly type: 'close' }

export interface PatchResult {
  readonly collection: CollectionName
  readonly id: string
  /** False when the document does not exist locally. */
  readonly written: boolean
  /** The patched fields' local values just before the write. */
  readonly before: Readonly<Record<string, unknown>>
  /** What was written (with a toggle's value). */
  readonly patch: Readonly<Record<string, unknown>>
}

export interface SettleResult {
  readonly settled: boolean
  readonly pendingCount: number
  readonly waitedMs: number
}

/** The sync status control's figures beside the local database's own count of pending documents. */
export interface StatusCheck {
  readonly online: boolean
  readonly pendingCount: number
  readonly pendingDocuments: number
}

export interface ClientDump {
  readonly role: 'user' | 'administrator'
  readonly collections: Partial<Record<CollectionName, ReadonlyArray<Record<string, unknown>>>>
  readonly issues: ReadonlyArray<SyncIssue>
  readonly resolutions: ReadonlyArray<Resolution>
}

/** One merge of the conflict handler, as RxDB reported it. */
export interface Resolution {
  readonly collection: CollectionName
  readonly id: string
  /** The assumed master: the merge's base. */
  readonly base: Readonly<Record<string, unknown>> | null
  readonly local: Readonly<Record<string, unknown>>
  /** The server's master the push was answered with. */
  readonly server: Readonly<Record<string, unknown>>
  readonly output: Readonly<Record<string, unknown>>
}

export interface RequestEnvelope {
  readonly id: number
  readonly request: ClientRequest
}

export type ClientMessage =
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'reply'; readonly id: number; readonly ok: false; readonly error: string }
  | { readonly type: 'push'; readonly exchange: PushExchange }
  | { readonly type: 'announced'; readonly collection: CollectionName; readonly rejection: Rejection }
