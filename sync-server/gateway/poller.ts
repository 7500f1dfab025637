import type { Line } from '../../shared/schema/line'
import type { CollectionName } from '../../shared/sync/collections'
import type { Monitor } from '../../shared/schema/monitor'
import { AuthorityUnavailable } from '../domain/domain-error'
import type { GatewayStatus, Services } from '../domain/services'
import { listDocuments } from '../store/documents'
import { liveGatewaySessions, type GatewaySessionRow } from '../store/gateway-sessions'
import { AuthorityUnauthorized, type AuthorityClient } from './authority-client'
import { AuthorityMalformed, readUnit, type ConditionalCache, type RefreshUnit } from './authority-reads'
import type { KeyedQueue } from './keyed-queue'
import { reconcile } from './replica'
import type { GatewaySessions } from './sessions'

/**
 * Keeps one plant's replica current with changes made on the authority directly (another app,
 * another gateway), so they reach devices through the usual pull and live stream (docs/gateway.md).
 *
 * Two rounds: the structure (plant, lines, monitors and their rules, signal groups, integrations,
 * users and data sources for an administrator's session) every POLL_STRUCTURE_MS, and the bulk
 * (each line's stations and signals, its limits) every POLL_BULK_MS. Reads are conditional (ETag):
 * an unchanged answer costs the authority no body and the replica nothing. Each part is read and
 * written inside the customer's queue, so it never lands between an action's call and its read-back.
 * A poke runs the structure round at once (coalesced).
 *
 * The reads use the session of a signed-in user of the plant, an administrator's when there is one
 * (the users and data sources are theirs to read); with none, the plant waits until someone signs in.
 */
export interface PollerContext {
  readonly services: Services
  readonly client: AuthorityClient
  readonly sessions: GatewaySessions
  readonly queue: KeyedQueue
  readonly structureMs: number
  readonly bulkMs: number
}

export type PollerStatus = NonNullable<GatewayStatus['poller']>

/** The bulk round's collections: read in the structure round only when a poke names them. */
const BULK: ReadonlySet<CollectionName> = new Set(['stations', 'signals', 'signalLimits'])

/** The least time between the starts of two structure rounds, however many pokes arrive. */
export const POKE_GAP_MS = 250

export class PlantPoller {
  private readonly etags = new StagedCache()
  private structureTimer: ReturnType<typeof setTimeout> | undefined
  private bulkTimer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<void> | undefined
  private wanted: ReadonlySet<CollectionName> | 'structure' | undefined
  private lastStructureStart = 0
  private bulk: Promise<void> | undefined
  private stopped = false
  private firstRead: Promise<void> | undefined
  private status: PollerStatus = { lastStructureAt: null, lastBulkAt: null, lastError: null }

  constructor(
    private readonly ctx: PollerContext,
    readonly customerId: string,
    readonly plantId: string,
  ) {}

  /** Starts both rounds; resolves once the plant was read whole the first time (or could not be). */
  start(): Promise<void> {
    this.firstRead ??= (async () => {
      await this.structureRound()
      await this.bulkRound()
    })()
    return this.firstRead
  }

  /**
   * Reads now (a poke, a sign-in): the parts of the plant holding `collections` (every part of the
   * structure when none are named); a round already running is followed by one more.
   */
  poke(collections?: ReadonlyArray<CollectionName>): Promise<void> {
    this.want(collections ?? 'structure')
    return this.structureRound()
  }

  /** Stops both rounds; resolves once a round under way has ended (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.structureTimer)
    clearTimeout(this.bulkTimer)
    await Promise.all([this.running, this.bulk].map((p) => p?.catch(() => undefined)))
  }

  get state(): PollerStatus {
    return this.status
  }

  /** What the next structure round reads: the whole structure, or the parts of some collections. */
  private want(parts: ReadonlyArray<CollectionName> | 'structure'): void {
    if (parts === 'structure' || this.wanted === 'structure') this.wanted = 'structure'
    else this.wanted = new Set([...(this.wanted ?? []), ...parts])
  }

  private structureRound(): Promise<void> {
    this.wanted ??= 'structure'
    if (this.running) return this.running
    clearTimeout(this.structureTimer)
    this.running = (async () => {
      while (this.wanted !== undefined && !this.stopped) {
        // Pokes come as often as the authority changes (or a stranger likes): rounds keep a gap.
        const wait = this.lastStructureStart + POKE_GAP_MS - Date.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        const parts = this.wanted
        this.wanted = undefined
        this.lastStructureStart = Date.now()
        await this.round('structure', parts)
      }
    })().finally(() => {
      this.running = undefined
      if (!this.stopped) this.structureTimer = later(() => void this.structureRound(), this.ctx.structureMs)
    })
    return this.running
  }

  private bulkRound(): Promise<void> {
    clearTimeout(this.bulkTimer)
    this.bulk = this.round('bulk').finally(() => {
      this.bulk = undefined
      if (!this.stopped) this.bulkTimer = later(() => void this.bulkRound(), this.ctx.bulkMs)
    })
    return this.bulk
  }

  private async round(
    kind: 'structure' | 'bulk',
    parts: ReadonlySet<CollectionName> | 'structure' = 'structure',
  ): Promise<void> {
    for (;;) {
      const reader = (await liveGatewaySessions(this.ctx.services.db, this.customerId, this.plantId))[0]
      if (!reader || this.stopped) return
      try {
        if (kind === 'bulk') await this.readBulk(reader)
        else
          await this.readStructure(reader, parts === 'structure' ? (c) => !BULK.has(c) : (c) => parts.has(c))
        const at = new Date().toISOString()
        this.status = {
          ...this.status,
          ...(kind === 'structure' ? { lastStructureAt: at } : { lastBulkAt: at }),
          lastError: null,
        }
        return
      } catch (err) {
        if (err instanceof AuthorityUnauthorized) {
          // That user's authority session is over: so is ours; read with the next one.
          await this.ctx.sessions.ended(reader.authorityCookie)
          continue
        }
        if (err instanceof AuthorityUnavailable || err instanceof AuthorityMalformed) {
          this.status = { ...this.status, lastError: err.message }
          return
        }
        // Anything else (the database going away at a shutdown) ends this round, not the server.
        if (!this.stopped) console.error(`gateway: a ${kind} read of ${this.plantId} failed:`, err)
        this.status = { ...this.status, lastError: err instanceof Error ? err.message : String(err) }
        return
      }
    }
  }

  /** The structure, or (a poke naming collections) the parts of it that hold `want`'s collections. */
  private async readStructure(
    reader: GatewaySessionRow,
    want: (c: CollectionName) => boolean,
  ): Promise<void> {
    if (want('plants')) await this.poll(reader, { kind: 'plant' })
    const before = await this.lineIds()
    if (want('lines')) await this.poll(reader, { kind: 'lines' })
    const lines = await this.lineIds()
    for (const lineId of lines) {
      if (want('monitors')) await this.poll(reader, { kind: 'lineMonitors', lineId })
      if (want('signalGroups')) await this.poll(reader, { kind: 'lineGroups', lineId })
      // Poked only: signals and limits are otherwise the bulk round's.
      if (want('stations') || want('signals')) await this.poll(reader, { kind: 'lineTree', lineId })
      if (want('signalLimits')) await this.poll(reader, { kind: 'lineLimits', lineId })
    }
    // A line the authority no longer lists: its parts are read once more (404 → none of them remain).
    for (const lineId of before.filter((id) => !lines.includes(id))) {
      for (const kind of ['lineMonitors', 'lineGroups', 'lineTree', 'lineLimits'] as const)
        await this.poll(reader, { kind, lineId })
    }
    if (want('monitors') || want('monitorRules')) {
      const monitors = await this.monitorIds()
      await this.dropOrphanRules(monitors)
      for (const monitorId of monitors) await this.poll(reader, { kind: 'monitorRules', monitorId })
    }
    if (want('teamsWebhooks')) await this.poll(reader, { kind: 'teams' })
    if (want('relianceConfigs')) await this.poll(reader, { kind: 'reliance' })
    if (reader.role === 'administrator') {
      if (want('users')) await this.poll(reader, { kind: 'users' })
      if (want('dataSources')) await this.poll(reader, { kind: 'dataSources' })
    }
  }

  private async readBulk(reader: GatewaySessionRow): Promise<void> {
    for (const lineId of await this.lineIds()) {
      await this.poll(reader, { kind: 'lineTree', lineId })
      await this.poll(reader, { kind: 'lineLimits', lineId })
    }
  }

  /** One part: read and written in the customer's queue; its ETag kept only once it is stored. */
  private poll(reader: GatewaySessionRow, unit: RefreshUnit): Promise<void> {
    const scope = { customerId: this.customerId, plantId: this.plantId }
    return this.ctx.queue.run(this.customerId, async () => {
      const staged = this.etags.stage()
      const read = await readUnit(
        { client: this.ctx.client, cookie: reader.authorityCookie, session: scope, cache: staged },
        unit,
      )
      if (read !== 'unchanged') await reconcile(this.ctx.services, scope, read)
      staged.commit()
    })
  }

  /** The plant's live lines, as the replica holds them. */
  private async lineIds(): Promise<ReadonlyArray<string>> {
    const lines = await listDocuments<Line>(this.ctx.services.db, this.customerId, 'lines', {
      plantId: this.plantId,
    })
    return lines.map((l) => l.id)
  }

  /** The rules of monitors the authority no longer has go with them (no read needed). */
  private async dropOrphanRules(monitorIds: ReadonlyArray<string>): Promise<void> {
    const live = new Set(monitorIds)
    const scope = { customerId: this.customerId, plantId: this.plantId }
    const rules = await listDocuments(this.ctx.services.db, this.customerId, 'monitorRules', {
      plantId: this.plantId,
    })
    const gone = rules
      .filter((r) => !live.has(r.id))
      .map((r) => ({ collection: 'monitorRules' as const, id: r.id }))
    if (gone.length > 0)
      await this.ctx.queue.run(this.customerId, () =>
        reconcile(this.ctx.services, scope, { documents: [], covers: [], gone }),
      )
  }

  private async monitorIds(): Promise<ReadonlyArray<string>> {
    const monitors = await listDocuments<Monitor>(this.ctx.services.db, this.customerId, 'monitors', {
      plantId: this.plantId,
    })
    return monitors.map((m) => m.id)
  }
}

/** ETags by request, taken into the cache only when the read's documents were stored. */
class StagedCache {
  private readonly entries = new Map<string, { readonly etag: string; readonly body: unknown }>()

  stage(): ConditionalCache & { commit(): void } {
    const pending = new Map<string, { readonly etag: string; readonly body: unknown }>()
    return {
      get: (key) => this.entries.get(key),
      set: (key, entry) => void pending.set(key, entry),
      commit: () => {
        for (const [key, entry] of pending) this.entries.set(key, entry)
      },
    }
  }
}

const later = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms)
  timer.unref()
  return timer
}
