import type { CollectionName } from '../../shared/sync/collections'
import type { GatewayConfig } from '../config'
import type { Session } from '../auth/session'
import type { GatewayPort, GatewaySignIn, GatewayStatus, Services } from '../domain/services'
import type { IntentRequest, IntentVerdict } from '../domain/intent-verdict'
import { plantsWithSessions } from '../store/gateway-sessions'
import { stepsInState } from '../store/gateway-steps'
import { AuthorityClient } from './authority-client'
import { applyUpstream } from './apply-upstream'
import { KeyedQueue } from './keyed-queue'
import { PlantPoller } from './poller'
import { GatewaySessions } from './sessions'
import { UndoRetrier } from './undo-retrier'

/**
 * Gateway mode (AUTHORITY_URL, docs/gateway.md): this server in front of a plant's existing REST
 * services. It holds no authoritative data: its database is a replica of the authority (read by the
 * pollers, and back after every action) plus its own bookkeeping (sessions, the intent log, the step
 * log, replaced ids). Devices are unchanged: they pull, stream and push as in the embedded mode.
 *
 * This class only wires the parts: sessions.ts (sign-in is the authority's), apply-upstream.ts (the
 * write path, with plans/ and step-runner.ts), poller.ts (changes made on the authority directly),
 * undo-retrier.ts (undos the authority did not answer).
 */
export class Gateway implements GatewayPort {
  readonly client: AuthorityClient
  readonly sessions: GatewaySessions
  private readonly queue = new KeyedQueue()
  private readonly pollers = new Map<string, PlantPoller>()
  private readonly undos: UndoRetrier

  constructor(
    private readonly services: Omit<Services, 'gateway'>,
    private readonly config: GatewayConfig,
  ) {
    this.client = new AuthorityClient(config.authorityUrl, config.timeoutMs, config.retryAfterMs)
    this.sessions = new GatewaySessions(services.db, this.client, (customerId, plantId) =>
      this.plantSignedIn(customerId, plantId),
    )
    this.undos = new UndoRetrier(services.db, this.client, config.undoRetryMs)
  }

  /** Resumes replicating the plants users are signed in to, and the undo retries. */
  async start(): Promise<void> {
    for (const { customerId, plantId } of await plantsWithSessions(this.services.db)) {
      void this.poller(customerId, plantId).start()
    }
    this.undos.start()
  }

  /**
   * Stops reading the authority; resolves once reads under way have ended (the database may close)
   * and the kept connections to it are closed.
   */
  async stop(): Promise<void> {
    await Promise.all([this.undos.stop(), ...[...this.pollers.values()].map((p) => p.stop())])
    this.client.close()
  }

  applyIntents(
    session: Session,
    requests: ReadonlyArray<IntentRequest>,
  ): Promise<ReadonlyArray<IntentVerdict>> {
    const services = { ...this.services, gateway: this }
    return applyUpstream(
      { services, client: this.client, sessions: this.sessions, queue: this.queue },
      session,
      requests,
    )
  }

  signIn(email: string, password: string, forwardedFor: string): Promise<GatewaySignIn | undefined> {
    return this.sessions.signIn(email, password, forwardedFor)
  }

  signOut(token: string): Promise<void> {
    return this.sessions.signOut(token)
  }

  loadSession(token: string): Promise<Session | undefined> {
    return this.sessions.loadSession(token)
  }

  /** One pass over the undos waiting for the authority (the retrier's timer does this too). */
  retryUndos(): Promise<number> {
    return this.undos.retry()
  }

  /** The authority asks for a read now (POST /gateway/poke): the customer's plants (or all), what changed. */
  poke(customerId?: string, collections?: ReadonlyArray<CollectionName>): void {
    for (const poller of this.pollers.values())
      if (customerId === undefined || poller.customerId === customerId) void poller.poke(collections)
  }

  /** What an administrator sees of the gateway (GET /api/gateway/status). */
  async status(customerId: string, plantId: string): Promise<GatewayStatus> {
    const waiting = await stepsInState(this.services.db, ['undo-pending', 'undo-failed', 'sent'], customerId)
    return {
      authorityUrl: this.config.authorityUrl,
      poller: this.pollers.get(`${customerId}/${plantId}`)?.state ?? null,
      undos: waiting
        .filter((r) => r.state !== 'sent')
        .map((r) => ({
          actionId: r.actionId,
          step: r.step,
          name: r.name,
          state: r.state,
          attempts: r.attempts,
        })),
      unresolvedCalls: waiting.filter((r) => r.state === 'sent').length,
    }
  }

  /**
   * A sign-in: replicate the plant, and let the device's first sync find it read. The first time the
   * whole plant is read before the sign-in is answered (for at most a few timeouts: a huge plant goes
   * on filling in while the device syncs); a plant read before is only read again, not waited for.
   */
  private async plantSignedIn(customerId: string, plantId: string): Promise<void> {
    const known = this.pollers.has(`${customerId}/${plantId}`)
    const poller = this.poller(customerId, plantId)
    const first = poller.start()
    if (known) void poller.poke()
    // At once when the first read is done; otherwise until it is (another sign-in started it).
    await Promise.race([
      first,
      new Promise((resolve) => setTimeout(resolve, this.config.timeoutMs * 3).unref()),
    ])
  }

  private poller(customerId: string, plantId: string): PlantPoller {
    const key = `${customerId}/${plantId}`
    let poller = this.pollers.get(key)
    if (!poller) {
      poller = new PlantPoller(
        {
          services: { ...this.services },
          client: this.client,
          sessions: this.sessions,
          queue: this.queue,
          structureMs: this.config.pollStructureMs,
          bulkMs: this.config.pollBulkMs,
        },
        customerId,
        plantId,
      )
      this.pollers.set(key, poller)
    }
    return poller
  }
}
