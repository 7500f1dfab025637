import { Subject } from 'rxjs'
import type { Checkpoint, ReplicatedDocument } from '../../../shared/sync/protocol'
import type { CollectionName } from '../../../shared/sync/collections'
import { resolvable } from './resolvable'
import { HttpError } from './transport'

/**
 * Pull replication of one collection: pages by checkpoint until the server has no more, then live
 * items from the change stream (documents with their checkpoint, RESYNC: "pull now", or where the
 * stream starts: "pull if you lack anything up to here"). It replaces
 * RxDB's replication plugin, which kept a replication-metadata record per pulled document and wrote
 * pages one collection-level write at a time; a first sync spent most of its time there.
 *
 * Invariants:
 * - one task at a time (pull loop or stream item), in arrival order; inside a pull loop a page's write
 *   may start before the previous page's write has finished (safe: writes keep only newer revisions);
 * - the checkpoint is saved only after the documents before it are stored, and never goes back, so
 *   a crash between the two re-pulls a page (harmless: writes keep only newer revisions) and never
 *   skips one;
 * - a failed pull is retried after `retryMs` (or at the next RESYNC) until cancelled;
 * - a pull asked for only up to a sequence (the stream's start) is skipped only when the last pull
 *   loop reached the end and the checkpoint is at that sequence or past it; a pull asked for in full
 *   while it waits is never skipped;
 * - a line pulled ahead during a first sync (prioritize) runs beside that queue: its writes are
 *   safe to interleave (newer revisions only, conflicts re-read) and it never moves the checkpoint;
 * - with `storeAfter` (start), pages may be requested at once but none is stored before it settles;
 *   two pages wait for it and a third is requested (as many as while two writes run), and a cancel
 *   ends the wait without storing them or moving the checkpoint.
 */
export type StreamItem =
  { documents: ReplicatedDocument[]; checkpoint: Checkpoint; after?: number } | 'RESYNC'

export interface PullSource {
  /** One page after `checkpoint` (null: from the start); throws HttpError when it cannot. */
  pull(checkpoint: Checkpoint | null, batchSize: number): Promise<PullPage>
  /**
   * One page of one line's documents (line-scoped collections); its checkpoint only pages that line.
   * Absent for collections whose documents belong to no line.
   */
  pullLine?(lineId: string, checkpoint: Checkpoint | null, batchSize: number): Promise<PullPage>
  /**
   * Stores documents. `fresh`: the collection's first sync is under way, so these are most likely not
   * stored yet (a hint: one that is stored after all must still be written the normal way).
   */
  write(documents: ReadonlyArray<ReplicatedDocument>, fresh: boolean): Promise<void>
  loadCheckpoint(): Promise<Checkpoint | null>
  /** `complete`: the collection was pulled to the end at least once (its first sync is done). */
  saveCheckpoint(checkpoint: Checkpoint, complete: boolean): Promise<void>
  /** Whether a first sync of this collection was completed before (see saveCheckpoint). */
  loadComplete(): Promise<boolean>
  /** Any answer, good or bad: drives "last synced", the pause on 401 and malformed-answer errors. */
  onResult(ok: boolean, error?: HttpError): void
}

export interface PullPage {
  readonly documents: ReadonlyArray<ReplicatedDocument>
  readonly checkpoint: Checkpoint | null
}

export interface PullOptions {
  readonly batchSize: number
  readonly retryMs: number
}

export class PullReplication {
  readonly error$ = new Subject<unknown>()
  /** After each page of the collection is stored (first-sync progress counts `received`). */
  readonly pageStored$ = new Subject<void>()
  /** A line whose documents are all stored although the first sync of the rest is not done. */
  readonly lineReady$ = new Subject<string>()
  private readonly wantedLines: string[] = []
  private readonly linePulls = new Map<string, Promise<void>>()
  private readonly readyLines = new Set<string>()
  private receivedDocuments = 0
  private checkpoint: Checkpoint | null = null
  /**
   * The last stream event's checkpoint, or where the stream started (restarted); undefined after
   * RESYNC: the first event after it pulls.
   */
  private streamSeq: number | undefined
  private fresh = false
  /** Pulled to the end once, on this device, in this or an earlier session. */
  private complete = false
  private tail: Promise<void> = Promise.resolve()
  private queued = 0
  private pullQueued = false
  /** The queued pull's `upTo` (reSync); undefined: it runs whatever is stored. */
  private queuedUpTo: number | undefined
  private started = false
  private cancelled = false
  private initialDone = false
  /** The last pull loop reached the server's end and nothing failed since (see receive()). */
  private caughtUp = false
  private readonly initialWaiters: Array<() => void> = []
  private readonly idleWaiters: Array<() => void> = []
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private storeAfter: Promise<unknown> = Promise.resolve()
  private readonly cancelledSignal = resolvable()

  constructor(
    readonly collection: CollectionName,
    private readonly source: PullSource,
    private readonly options: PullOptions,
  ) {}

  /**
   * Loads the checkpoint and pulls until caught up; stream items received before wait behind.
   * `storeAfter`: request pages now, store them once it settles — a bulk collection's first pages
   * travel while the plant's structure is being stored (sync-controller.ts).
   */
  start(options: { readonly storeAfter?: Promise<unknown> } = {}): void {
    if (this.started || this.cancelled) return
    this.started = true
    if (options.storeAfter) this.storeAfter = options.storeAfter.then(noop, noop)
    this.enqueue(async () => {
      this.checkpoint = await this.source.loadCheckpoint()
      this.complete = this.checkpoint !== null && (await this.source.loadComplete())
      // A first sync resumed after a reload is still one: what follows its checkpoint is mostly new.
      this.fresh = !this.complete
    })
    this.reSync()
    this.pullWantedLines()
  }

  /**
   * Pull now (network back, RESYNC, after a push without a stream); coalesces with a queued pull.
   * `upTo`: the pull is only wanted if this device may lack a document up to that sequence — it is
   * skipped when, at its turn, the last pull loop reached the end and the checkpoint is at `upTo` or
   * past it (every document before the checkpoint is stored: it never skips one).
   */
  reSync(upTo?: number): void {
    if (!this.started || this.cancelled) return
    if (this.pullQueued) {
      // Coalesced: the queued pull may be skipped only if every request for it allows that.
      if (this.queuedUpTo !== undefined)
        this.queuedUpTo = upTo === undefined ? undefined : Math.max(this.queuedUpTo, upTo)
      return
    }
    clearTimeout(this.retryTimer)
    this.pullQueued = true
    this.queuedUpTo = upTo
    this.enqueue(async () => {
      this.pullQueued = false
      const needed = this.queuedUpTo
      if (needed !== undefined && this.caughtUp && (this.checkpoint?.seq ?? 0) >= needed) return
      await this.pullUntilCaughtUp()
    })
  }

  /**
   * The change stream (re)started after sequence `after`, when this collection's newest was
   * `latest` (StreamStart): a pull only if this device may lack something up to `latest`, and the
   * stream's first event of the collection, which follows `after`, follows what this device holds.
   * Without `latest` (an older server), as RESYNC.
   */
  restarted(after: number, latest: number | undefined): void {
    if (latest === undefined) return this.receive('RESYNC')
    this.streamSeq = after
    this.reSync(latest)
  }

  /** A change-stream item for this collection. */
  receive(item: StreamItem): void {
    if (item === 'RESYNC') {
      this.streamSeq = undefined
      return this.reSync()
    }
    if (!this.started || this.cancelled) return
    // An event that does not follow the last one of this stream (one was lost, repeated or came
    // out of order, or the stream was reopened): its documents are kept, but only a pull after the
    // stored checkpoint brings what may be missing, so the checkpoint stays where it is.
    const follows = item.after === undefined || item.after === this.streamSeq
    this.streamSeq = item.checkpoint.seq
    this.enqueue(async () => {
      await this.store(item.documents, false)
      // A stream page holds every change after the stream's start, which the pull its RESYNC
      // queued covered; after a failed pull there may be a gap before it: the next pull fills it.
      if (this.caughtUp && follows) await this.advance(item.checkpoint)
    })
    if (!follows) this.reSync()
  }

  /**
   * The stream's heartbeat: the checkpoint of the last event of this collection it sent. One this
   * replication did not get as its last was lost (or is still held back somewhere): a pull brings
   * it, and the stream's next event follows the one announced.
   */
  heartbeat(lastSent: number): void {
    if (!this.started || this.cancelled || this.streamSeq === lastSent) return
    this.streamSeq = lastSent
    this.reSync()
  }

  /**
   * During the first sync: bring this line's documents ahead of the rest (the line the user opened
   * jumps the queue). Its pages are pulled beside the collection's pull loop, not behind it, once the
   * replication has started, and stored like the loop's (after `storeAfter`); they never move the
   * checkpoint.
   */
  prioritize(lineId: string): void {
    if (this.initialDone || !this.source.pullLine || this.readyLines.has(lineId)) return
    if (this.wantedLines.includes(lineId) || this.linePulls.has(lineId)) return
    this.wantedLines.push(lineId)
    if (this.started) this.pullWantedLines()
  }

  /** Every document of the line is stored (the first sync is done, or the line came first). */
  isLineReady(lineId: string): boolean {
    return this.initialDone || this.readyLines.has(lineId)
  }

  get initialReplicationDone(): boolean {
    return this.initialDone
  }

  /** Documents the collection's pull loops stored since start() (lines pulled ahead not counted). */
  get received(): number {
    return this.receivedDocuments
  }

  /** Resolves once the first pull loop reached the end of the server's documents. */
  awaitInitialReplication(): Promise<void> {
    if (this.initialDone) return Promise.resolve()
    return new Promise((resolve) => this.initialWaiters.push(resolve))
  }

  /** Resolves when caught up once and nothing is queued or running. */
  async awaitInSync(): Promise<void> {
    await this.awaitInitialReplication()
    if (this.queued === 0) return
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve))
  }

  cancel(): Promise<void> {
    this.cancelled = true
    this.cancelledSignal.resolve()
    clearTimeout(this.retryTimer)
    return this.tail
  }

  private enqueue(task: () => Promise<void>): void {
    this.queued++
    this.tail = this.tail
      .then(() => (this.cancelled ? undefined : task()))
      .catch((err: unknown) => this.failed(err))
      .finally(() => {
        this.queued--
        if (this.queued === 0) this.idleWaiters.splice(0).forEach((w) => w())
      })
  }

  /**
   * Pages until one comes back short. Three things overlap, because a first sync is bound by them
   * all: the next page is requested while the current one is stored, and a page's write starts while
   * the one before it is still being committed (the main thread copies the new page into IndexedDB
   * while the browser writes the last one to disk). Checkpoints still advance one page at a time, in
   * order, each after its page and every page before it are stored.
   */
  private async pullUntilCaughtUp(): Promise<void> {
    this.caughtUp = false
    const { batchSize } = this.options
    let next = this.fetch(this.checkpoint)
    // The last page's write, and the checkpoint saves (in page order, each after its page's write).
    let previous: Promise<void> = Promise.resolve()
    let saved: Promise<void> = Promise.resolve()
    for (;;) {
      const page = await next
      const full = page.documents.length >= batchSize && page.checkpoint !== null
      if (full && !this.cancelled) next = this.fetch(page.checkpoint)
      const written = page.documents.length > 0 ? this.store(page.documents, this.fresh) : Promise.resolve()
      written.catch(() => undefined) // reported below, never left unhandled
      // Two pages in flight at most. Not gated on the checkpoint save: IndexedDB serves one origin's
      // requests in order, so that save waits for this page's write, and waiting for it would
      // serialise the copying of each page with the committing of the one before.
      await previous
      previous = written
      saved = Promise.all([saved, written]).then(async () => {
        if (page.checkpoint) await this.advance(page.checkpoint)
        this.receivedDocuments += page.documents.length
        this.pageStored$.next()
      })
      saved.catch(() => undefined)
      if (!full || this.cancelled) break
    }
    await previous
    await saved
    if (this.cancelled) return
    this.fresh = false
    this.caughtUp = true
    if (!this.complete) {
      this.complete = true
      if (this.checkpoint) await this.source.saveCheckpoint(this.checkpoint, true)
    }
    if (!this.initialDone) {
      this.initialDone = true
      this.initialWaiters.splice(0).forEach((w) => w())
    }
  }

  /** Starts a pull of each line asked for; a failed one is asked for again after `retryMs`. */
  private pullWantedLines(): void {
    for (const lineId of this.wantedLines.splice(0)) {
      const job = this.pullLine(lineId).then(
        () => {
          if (this.cancelled || this.initialDone) return
          this.readyLines.add(lineId)
          this.lineReady$.next(lineId)
        },
        (err: unknown) => {
          if (this.cancelled) return
          this.error$.next(err)
          setTimeout(() => this.prioritize(lineId), this.options.retryMs)
        },
      )
      this.linePulls.set(lineId, job)
      void job.finally(() => this.linePulls.delete(lineId))
    }
  }

  private async pullLine(lineId: string): Promise<void> {
    const pullLine = this.source.pullLine?.bind(this.source)
    let checkpoint: Checkpoint | null = null
    while (pullLine && !this.cancelled && !this.initialDone) {
      const at = checkpoint
      const page: PullPage = await this.timed('pull', () => pullLine(lineId, at, this.options.batchSize))
      // Always read before writing: the collection's own pages may have stored some of these.
      if (page.documents.length > 0) await this.store(page.documents, false)
      checkpoint = page.checkpoint
      if (page.documents.length < this.options.batchSize || !checkpoint) return
    }
  }

  /**
   * Stores documents once `storeAfter` has settled. Cancelled meanwhile: stores nothing and throws,
   * so no checkpoint moves past them.
   */
  private async store(documents: ReadonlyArray<ReplicatedDocument>, fresh: boolean): Promise<void> {
    await Promise.race([this.storeAfter, this.cancelledSignal.promise])
    if (this.cancelled) throw new Error(`The ${this.collection} replication was cancelled`)
    await this.timed('write', () => this.source.write(documents, fresh))
  }

  /** One page; a rejection is reported once, and never left unhandled while a write runs. */
  private fetch(checkpoint: Checkpoint | null): Promise<PullPage> {
    const page = this.timed('pull', () => this.source.pull(checkpoint, this.options.batchSize)).then(
      (p) => {
        this.source.onResult(true)
        return p
      },
      (err: unknown) => {
        this.source.onResult(false, err instanceof HttpError ? err : new HttpError(0, String(err)))
        throw err
      },
    )
    page.catch(() => undefined)
    return page
  }

  /**
   * Each pull and write of the first sync shows in the browser's performance timeline (the client
   * bench sums them); later ones are not recorded, so a long session does not grow the timeline.
   */
  private async timed<T>(what: 'pull' | 'write', fn: () => Promise<T>): Promise<T> {
    if (this.initialDone) return fn()
    const start = performance.now()
    try {
      return await fn()
    } finally {
      performance.measure(`qm:${what} ${this.collection}`, { start, end: performance.now() })
    }
  }

  private async advance(checkpoint: Checkpoint): Promise<void> {
    if (this.checkpoint && this.checkpoint.seq >= checkpoint.seq) return
    this.checkpoint = checkpoint
    await this.source.saveCheckpoint(checkpoint, this.complete)
  }

  private failed(err: unknown): void {
    if (this.cancelled) return
    this.error$.next(err)
    clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(() => this.reSync(), this.options.retryMs)
  }
}

const noop = () => {}
