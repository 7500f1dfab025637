import type { SyncIssue } from '../../../client/db/storage/device-db'
import type { IntentName } from '../../../shared/intents'
import type { Role } from '../../../shared/schema/user'
import type { CollectionName } from '../../../shared/sync/collections'
import type { Rejection } from '../../../shared/sync/protocol'
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
  /** Log unhandled rejections instead of dying of them, as a browser page does (the soak). */
  readonly keepRejections?: boolean
}

export type ClientRequest =
  | { readonly type: 'init' }
  | {
      readonly type: 'run'
      readonly name: IntentName
      readonly args: Readonly<Record<string, unknown>>
      /** A boolean argument the device sets to the opposite of what it shows (a switch in the UI). */
      readonly toggle?: {
        readonly arg: string
        readonly collection: CollectionName
        readonly id: string
        readonly field: string
      }
    }
  /** Re-applies one of the device's conflict records (`pick` chooses which); null when it has none. */
  | { readonly type: 'reapply'; readonly pick: number }
  | { readonly type: 'online'; readonly online: boolean }
  | { readonly type: 'resync' }
  /** `nudge: false`: wait without asking for pulls (the soak: the client must find its own way). */
  | { readonly type: 'settle'; readonly timeoutMs: number; readonly nudge?: boolean }
  /** Kill the device's code mid-sync and reopen it from its storage (the soak). */
  | { readonly type: 'restart' }
  | { readonly type: 'status' }
  | { readonly type: 'dump' }
  | { readonly type: 'close' }

/** What `controller.run` made of one user action on the device. */
export interface RunResult {
  readonly name: IntentName
  /** The arguments as run (a toggle's value filled in). */
  readonly args: Readonly<Record<string, unknown>>
  readonly status: 'saved' | 'unchanged' | 'refused'
  /** The action's id in the outbox when saved. */
  readonly actionId?: string
  /** The device's own refusal (the rule said no before anything was stored). */
  readonly rejection?: Rejection
  /** For a re-apply: the conflict record was removed because the action ran again. */
  readonly issueRemoved?: boolean
}

export interface SettleResult {
  readonly settled: boolean
  readonly pendingCount: number
  readonly waitedMs: number
  /** The outbox's actions when it did not settle. */
  readonly stuck?: ReadonlyArray<string>
}

/** The sync status control's figures beside the outbox's own count of the user's unanswered actions. */
export interface StatusCheck {
  readonly online: boolean
  readonly pendingCount: number
  readonly pendingActions: number
}

export interface ClientDump {
  readonly role: Role
  readonly collections: Partial<Record<CollectionName, ReadonlyArray<Record<string, unknown>>>>
  readonly issues: ReadonlyArray<SyncIssue>
}

export interface RequestEnvelope {
  readonly id: number
  readonly request: ClientRequest
}

export type ClientMessage =
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'reply'; readonly id: number; readonly ok: false; readonly error: string }
  | { readonly type: 'push'; readonly exchange: PushExchange }
  | { readonly type: 'announced'; readonly issue: SyncIssue }
  /** Something slow worth telling the person running it (a restart still under way, and where). */
  | { readonly type: 'log'; readonly text: string }
