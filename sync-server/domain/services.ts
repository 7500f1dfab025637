import type { Kysely } from 'kysely'
import type { CollectionName } from '../../shared/sync/collections'
import type { Clock } from '../../shared/time/clock'
import type { ChangeBus } from '../replication/change-bus'
import type { Session } from '../auth/session'
import type { Tables } from '../store/tables'
import type { IntentRequest, IntentVerdict } from './intent-verdict'

/** What every handler and domain service works with; built once in main.ts (or per test). */
export interface Services {
  readonly db: Kysely<Tables>
  readonly changes: ChangeBus
  readonly clock: Clock
  /**
   * Gateway mode (AUTHORITY_URL): the plant's own REST services are the authority. Writes become
   * their calls and sessions are theirs; this server's database is a replica (docs/gateway.md).
   */
  readonly gateway?: GatewayPort
  /** How long a Reliance connection test waits (RELIANCE_TOKEN_TIMEOUT_MS unless set; tests shorten it). */
  readonly relianceTokenTimeoutMs?: number
}

/** What the HTTP layer asks of the gateway (sync-server/gateway/gateway.ts implements it). */
export interface GatewayPort {
  /** A change set, in order, one verdict per action; throws 503 while the authority cannot be reached. */
  applyIntents(
    session: Session,
    requests: ReadonlyArray<IntentRequest>,
  ): Promise<ReadonlyArray<IntentVerdict>>
  /** Sign-in forwarded to the authority: this server's session token and the user, or undefined (401). */
  signIn(email: string, password: string, forwardedFor: string): Promise<GatewaySignIn | undefined>
  signOut(token: string): Promise<void>
  loadSession(token: string): Promise<Session | undefined>
  /**
   * The authority asks for an immediate read (POST /gateway/poke): a customer's plants, or every
   * plant; the parts holding `collections` when it names them, else the whole structure.
   */
  poke(customerId?: string, collections?: ReadonlyArray<CollectionName>): void
  /** What an administrator sees of the gateway (GET /api/gateway/status). */
  status(customerId: string, plantId: string): Promise<GatewayStatus>
}

export interface GatewaySignIn {
  readonly token: string
  readonly session: Session
}

export interface GatewayStatus {
  readonly authorityUrl: string
  /** The plant's reads of the authority: when each round last completed, the last failure. */
  readonly poller: {
    readonly lastStructureAt: string | null
    readonly lastBulkAt: string | null
    readonly lastError: string | null
  } | null
  /** Undos waiting for the authority, or refused by it (reported until resolved by hand). */
  readonly undos: ReadonlyArray<{
    readonly actionId: string
    readonly step: number
    readonly name: string
    readonly state: string
    readonly attempts: number
  }>
  /** Calls sent whose answer never came (resolved by the action's retry). */
  readonly unresolvedCalls: number
}
