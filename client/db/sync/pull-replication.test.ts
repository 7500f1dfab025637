import { describe, expect, it, vi } from 'vitest'
import { PullReplication, type PullSource } from './pull-replication'
import { HttpError } from './transport'
import type { Checkpoint, ReplicatedDocument } from '../../../shared/sync/protocol'

/**
 * The pull bookkeeping (client/db/sync/pull-replication.ts) against an in-memory server: pages until
 * caught up, one task at a time, a checkpoint that is saved only after its documents and never goes
 * back, retries after a failure without skipping what the failure hid.
 */
interface ServerDoc extends ReplicatedDocument {
  id: string
  revision: number
  seq: number
  _deleted: boolean
}

class FakeServer implements PullSource {
  docs: ServerDoc[] = []
  stored = new Map<string, ServerDoc>()
  saved: Array<Checkpoint> = []
  events: string[] = []
  failNext = 0
  private seq = 0

  put(id: string): ServerDoc {
    const revision = (this.docs.filter((d) => d.id === id).at(-1)?.revision ?? 0) + 1
    const doc = { id, revision, seq: ++this.seq, _deleted: false }
    this.docs = [...this.docs.filter((d) => d.id !== id), doc]
    return doc
  }
  async pull(checkpoint: Checkpoint | null, batchSize: number) {
    await Promise.resolve()
    if (this.failNext > 0) {
      this.failNext--
      throw new HttpError(0, 'The server cannot be reached')
    }
    const after = checkpoint?.seq ?? 0
    const documents = this.docs.filter((d) => d.seq > after).slice(0, batchSize)
    this.events.push(`pull ${after}`)
    return { documents, checkpoint: documents.length ? { seq: documents.at(-1)!.seq } : checkpoint }
  }
  async write(documents: ReadonlyArray<ReplicatedDocument>, _fresh = false) {
    await Promise.resolve()
    for (const d of documents as ServerDoc[]) {
      const had = this.stored.get(d.id)
      if (!had || had.revision < d.revision) this.stored.set(d.id, d)
    }
    this.events.push(`write ${documents.length}`)
  }
  async loadCheckpoint() {
    return this.saved.at(-1) ?? null
  }
  complete = false
  async saveCheckpoint(checkpoint: Checkpoint, complete: boolean) {
    // Saved only after what it covers is stored.
    for (const d of this.docs) if (d.seq <= checkpoint.seq) expect(this.stored.has(d.id)).toBe(true)
    if (this.saved.at(-1)?.seq !== checkpoint.seq) this.saved.push(checkpoint)
    this.complete = complete
  }
  async loadComplete() {
    return this.complete
  }
  onResult() {}
}

const replicate = (server: FakeServer, batchSize = 10, retryMs = 5) =>
  new PullReplication('signals', server, { batchSize, retryMs })

/** A replication that stored the server's `count` documents and is caught up. */
async function caughtUp(count: number) {
  const server = new FakeServer()
  for (let i = 0; i < count; i++) server.put(`s${i}`)
  const r = replicate(server)
  r.start()
  await r.awaitInSync()
  return { server, r }
}

describe('PullReplication', () => {
  it('OFF-08 a first sync resumed after a reload still writes as a first sync; a completed one does not', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 25; i++) server.put(`s${i}`)
    const freshFlags: boolean[] = []
    const write = server.write.bind(server)
    server.write = async (documents, fresh = false) => {
      freshFlags.push(fresh)
      await write(documents)
    }
    // A reload after the first page: it is stored and its checkpoint saved, the first sync not complete.
    for (const d of server.docs.slice(0, 10)) server.stored.set(d.id, d)
    server.saved.push({ seq: 10 })
    const resumed = replicate(server)
    resumed.start()
    await resumed.awaitInitialReplication()
    expect(freshFlags).toEqual([true, true])
    await resumed.cancel()
    expect(server.complete).toBe(true)
    server.put('s0')
    freshFlags.length = 0
    const later = replicate(server)
    later.start()
    await later.awaitInitialReplication()
    expect(freshFlags).toEqual([false])
  })

  it('OFF-03 stores a page while the one before is still being written, yet saves checkpoints in order after both', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 30; i++) server.put(`s${i}`)
    // The first page is slow to store, the second fast: the second must not move the checkpoint first.
    const delays = [30, 0, 10]
    const write = server.write.bind(server)
    let writing = 0
    let mostAtOnce = 0
    server.write = async (documents) => {
      mostAtOnce = Math.max(mostAtOnce, ++writing)
      await new Promise((r) => setTimeout(r, delays.shift() ?? 0))
      await write(documents)
      writing--
    }
    const r = replicate(server)
    const errors: unknown[] = []
    r.error$.subscribe((e) => errors.push(e))
    r.start()
    await r.awaitInitialReplication()
    expect(errors).toEqual([])
    expect(server.stored.size).toBe(30)
    expect(server.saved.map((c) => c.seq)).toEqual([10, 20, 30])
    expect(mostAtOnce).toBe(2)
  })

  it('OFF-03 pulls page after page until the server has no more, saving each checkpoint after its page', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 25; i++) server.put(`s${i}`)
    const r = replicate(server)
    r.start()
    await r.awaitInitialReplication()
    expect(server.stored.size).toBe(25)
    expect(server.saved.map((c) => c.seq)).toEqual([10, 20, 25])
    expect(server.events.filter((e) => e.startsWith('pull'))).toEqual(['pull 0', 'pull 10', 'pull 20'])
  })

  it('OFF-03 resumes from the saved checkpoint instead of pulling everything again', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 12; i++) server.put(`s${i}`)
    const first = replicate(server)
    first.start()
    await first.awaitInitialReplication()
    await first.cancel()
    server.put('s3')
    server.events = []
    const again = replicate(server)
    again.start()
    await again.awaitInitialReplication()
    expect(server.events[0]).toBe('pull 12')
    expect(server.stored.get('s3')?.revision).toBe(2)
  })

  it('OFF-03 handles stream items one at a time behind a running pull, and the checkpoint never goes back', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 5; i++) server.put(`s${i}`)
    const r = replicate(server)
    r.start()
    const late = server.docs[1]!
    // An event for an old change arrives while the first pull runs.
    r.receive({ documents: [late], checkpoint: { seq: late.seq } })
    await r.awaitInSync()
    expect(server.events).toEqual(['pull 0', 'write 5', 'write 1'])
    expect(server.saved.map((c) => c.seq)).toEqual([5])
    const fresh = server.put('s9')
    r.receive({ documents: [fresh], checkpoint: { seq: fresh.seq } })
    await r.awaitInSync()
    expect(server.saved.at(-1)).toEqual({ seq: fresh.seq })
  })

  it('OFF-03 retries a failed pull by itself and does not skip what the failure hid', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 3; i++) server.put(`s${i}`)
    const r = replicate(server)
    r.start()
    await r.awaitInitialReplication()
    server.failNext = 1
    const hidden = server.put('s1')
    r.reSync()
    await new Promise((resolve) => setTimeout(resolve, 0))
    // A stream event after the failure: stored, but it must not move the checkpoint past `hidden`.
    const streamed = server.put('s2')
    r.receive({ documents: [streamed], checkpoint: { seq: streamed.seq } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await r.awaitInSync()
    expect(server.stored.get('s1')).toEqual(hidden)
    expect(server.saved.at(-1)).toEqual({ seq: streamed.seq })
    await r.cancel()
  })

  it('OFF-08 a first sync cut off part-way is not complete; the next session finishes it and says so', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 30; i++) server.put(`s${i}`)
    let pulls = 0
    const pull = server.pull.bind(server)
    // The tab closes after the first page.
    server.pull = async (c, n) => {
      if (++pulls > 1) throw new HttpError(0, 'closed')
      return pull(c, n)
    }
    const cut = replicate(server, 10, 60_000)
    cut.start()
    await vi.waitFor(() => expect(server.saved.length).toBe(1))
    await cut.cancel()
    expect(server.complete).toBe(false)
    server.pull = pull
    const again = replicate(server)
    again.start()
    await again.awaitInitialReplication()
    expect(server.complete).toBe(true)
    expect(server.stored.size).toBe(30)
    expect(server.events.filter((e) => e.startsWith('pull'))[0]).toBe('pull 0')
    expect(server.events.filter((e) => e.startsWith('pull'))[1]).toBe('pull 10')
  })

  it('OFF-08 a line a screen asks for arrives beside a slow pull of the whole collection, and is announced', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 20; i++) server.put(`s${i}`)
    const lineOf = (d: ServerDoc) => (Number(d.id.slice(1)) % 2 === 0 ? 'even' : 'odd')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const pull = server.pull.bind(server)
    server.pull = async (c, n) => {
      await held
      return pull(c, n)
    }
    const source: PullSource = Object.assign(Object.create(server) as FakeServer, {
      pullLine: async (lineId: string, checkpoint: Checkpoint | null, batchSize: number) => {
        const after = checkpoint?.seq ?? 0
        const documents = server.docs.filter((d) => d.seq > after && lineOf(d) === lineId).slice(0, batchSize)
        return { documents, checkpoint: documents.length ? { seq: documents.at(-1)!.seq } : checkpoint }
      },
    })
    const r = new PullReplication('signals', source, { batchSize: 4, retryMs: 5 })
    const ready: string[] = []
    r.lineReady$.subscribe((l) => ready.push(l))
    r.prioritize('even')
    expect(r.isLineReady('even')).toBe(false)
    r.start()
    await vi.waitFor(() => expect(ready).toEqual(['even']))
    expect([...server.stored.keys()].sort()).toEqual(
      server.docs
        .filter((d) => lineOf(d) === 'even')
        .map((d) => d.id)
        .sort(),
    )
    expect(r.isLineReady('even')).toBe(true)
    expect(r.isLineReady('odd')).toBe(false)
    expect(server.saved).toEqual([])
    release()
    await r.awaitInitialReplication()
    expect(server.stored.size).toBe(20)
    expect(r.isLineReady('odd')).toBe(true)
  })

  it('OFF-03 a cancelled replication runs nothing more', async () => {
    const server = new FakeServer()
    server.put('s0')
    const r = replicate(server)
    await r.cancel()
    r.start()
    r.reSync()
    r.receive('RESYNC')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(server.events).toEqual([])
  })

  it('OFF-08 with storeAfter, the first pages travel at once and are stored only after it, checkpoints behind them', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 35; i++) server.put(`s${i}`)
    let release = () => {}
    const structure = new Promise<void>((resolve) => (release = resolve))
    const r = replicate(server)
    r.start({ storeAfter: structure })
    // Two pages are held and a third requested, as while two writes run; none is stored, no checkpoint moves.
    await vi.waitFor(() => expect(server.events).toEqual(['pull 0', 'pull 10', 'pull 20']))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(server.events).toEqual(['pull 0', 'pull 10', 'pull 20'])
    expect(server.stored.size).toBe(0)
    expect(server.saved).toEqual([])
    release()
    await r.awaitInitialReplication()
    expect(server.stored.size).toBe(35)
    expect(server.saved.map((c) => c.seq)).toEqual([10, 20, 30, 35])
  })

  it('OFF-03 a replication cancelled while its pages wait for storeAfter ends without storing them', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 15; i++) server.put(`s${i}`)
    const r = replicate(server)
    const errors: unknown[] = []
    r.error$.subscribe((e) => errors.push(e))
    r.start({ storeAfter: new Promise(() => {}) })
    await vi.waitFor(() => expect(server.events).toEqual(['pull 0', 'pull 10']))
    await new Promise((resolve) => setTimeout(resolve, 10))
    await r.cancel()
    expect(server.stored.size).toBe(0)
    expect(server.saved).toEqual([])
    expect(errors).toEqual([])
    expect(r.initialReplicationDone).toBe(false)
  })

  it('OFF-03 a lost last event of a collection is noticed by the stream heartbeat, which pulls it', async () => {
    const server = new FakeServer()
    server.put('s1')
    const r = replicate(server)
    r.start()
    r.receive('RESYNC')
    await r.awaitInSync()
    const first = server.put('s2')
    r.receive({ documents: [first], checkpoint: { seq: first.seq }, after: 0 })
    await r.awaitInSync()
    // The next event is lost on the way, and no later one of this collection comes to show it.
    const lost = server.put('s3')
    server.events = []
    r.heartbeat(first.seq)
    await r.awaitInSync()
    expect(server.events).toEqual([])
    expect(server.stored.get('s3')).toBeUndefined()
    r.heartbeat(lost.seq)
    await r.awaitInSync()
    expect(server.stored.get('s3')?.revision).toBe(lost.revision)
    // The stream's next event follows the one the heartbeat announced: no pull for it.
    server.events = []
    const next = server.put('s4')
    r.receive({ documents: [next], checkpoint: { seq: next.seq }, after: lost.seq })
    await r.awaitInSync()
    expect(server.events).toEqual(['write 1'])
  })

  it('OFF-03 a stream that says where it starts is answered by a pull only when this device may lack something', async () => {
    const { server, r } = await caughtUp(15)
    const newest = server.docs.at(-1)!.seq
    // The stream (re)starts after this device's last pull, nothing new in the collection: no pull.
    server.events = []
    r.restarted(newest + 40, newest)
    await r.awaitInSync()
    expect(server.events).toEqual([])
    // Its first event follows the stream's start: stored, and the checkpoint moves with it, no pull.
    const first = server.put('s15')
    r.receive({ documents: [first], checkpoint: { seq: first.seq }, after: newest + 40 })
    await r.awaitInSync()
    expect(server.events).toEqual(['write 1'])
    expect(server.saved.at(-1)?.seq).toBe(first.seq)
    // Restarted while a change was made that this device has not seen: it pulls it.
    const missed = server.put('s3')
    server.events = []
    r.restarted(missed.seq, missed.seq)
    await r.awaitInSync()
    expect(server.events).toEqual([`pull ${first.seq}`, 'write 1'])
    expect(server.stored.get('s3')?.revision).toBe(missed.revision)
    // An older server says nothing of the collection: as RESYNC, a pull, and its first event pulls too.
    server.events = []
    r.restarted(missed.seq, undefined)
    await r.awaitInSync()
    expect(server.events).toEqual([`pull ${missed.seq}`])
    await r.cancel()
  })

  it('OFF-03 a stream start during a first sync queues no second pull of the collection', async () => {
    const server = new FakeServer()
    for (let i = 0; i < 35; i++) server.put(`s${i}`)
    const r = replicate(server)
    r.start()
    // The stream starts while the first pages are on their way (the pull loop runs, none is queued).
    await vi.waitFor(() => expect(server.events).toContain('pull 0'))
    r.restarted(35, 35)
    await r.awaitInSync()
    expect(server.events.filter((e) => e.startsWith('pull'))).toEqual([
      'pull 0',
      'pull 10',
      'pull 20',
      'pull 30',
    ])
    expect(server.stored.size).toBe(35)
    await r.cancel()
  })

  it('OFF-03 a queued pull that some request needs in full is not skipped for a stream start', async () => {
    const { server, r } = await caughtUp(5)
    // A write of this device's stored documents holds the queue; a pull is asked for in full (the
    // network came back), then the stream starts naming what this device holds.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const write = server.write.bind(server)
    server.write = async (documents) => {
      await held
      await write(documents)
    }
    const again = server.put('s0')
    r.receive({ documents: [again], checkpoint: { seq: again.seq }, after: 999 })
    r.reSync()
    r.restarted(again.seq, 5)
    server.events = []
    release()
    await r.awaitInSync()
    expect(server.events.filter((e) => e.startsWith('pull'))).toEqual(['pull 5'])
    await r.cancel()
  })
})
