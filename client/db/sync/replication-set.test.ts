import { describe, expect, it } from 'vitest'
import type { CollectionName } from '../../../shared/sync/collections'
import type { SessionCode } from '../session/session-code-loader'
import type { DeviceDb } from '../storage/device-db'
import type { LocalStore } from '../storage/local-store'
import { ReplicationSet, startInOrder } from './replication-set'
import { INITIAL_STATUS, type SyncEvent } from './sync-status'
import type { Transport } from './transport'
import { testUser } from '../test-users'

/** The replications' order and the line a screen asks for first (replication-set.ts). */
class FakeReplication {
  readonly started: Array<{ readonly storeAfter?: Promise<unknown> } | undefined> = []
  readonly prioritized: string[] = []
  private done!: () => void
  private readonly initial = new Promise<void>((resolve) => (this.done = resolve))
  constructor(readonly collection: CollectionName) {}
  start(options?: { readonly storeAfter?: Promise<unknown> }) {
    this.started.push(options)
  }
  awaitInitialReplication() {
    return this.initial
  }
  finish() {
    this.done()
  }
  prioritize(lineId: string) {
    this.prioritized.push(lineId)
  }
  async cancel() {}
  reSync() {}
}

const admin = testUser('administrator')

describe('replication order', () => {
  it('OFF-08 starts the plant structure at once and stores signals and limits only after it', async () => {
    const lines = new FakeReplication('lines')
    const signals = new FakeReplication('signals')
    const limits = new FakeReplication('signalLimits')
    startInOrder([signals, lines, limits] as never)
    expect(lines.started).toEqual([undefined])
    // The bulk collections are started too (their first pages travel), but store after the structure.
    const storeAfter = signals.started[0]?.storeAfter
    expect(storeAfter).toBeInstanceOf(Promise)
    expect(limits.started[0]?.storeAfter).toBe(storeAfter)
    let settled = false
    void storeAfter!.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    lines.finish()
    await storeAfter
    expect(settled).toBe(true)
  })

  it('OFF-08 asks the bulk replications for the line a screen shows, also when they start later', async () => {
    const { set, made, events } = replicationSet({ live: false, firstSyncDone: async () => true })
    set.prioritizeLine('line-1')
    await set.start({} as LocalStore, admin)
    const byName = new Map(made.map((r) => [r.collection, r]))
    expect(byName.get('signals')?.prioritized).toEqual(['line-1'])
    expect(byName.get('signalLimits')?.prioritized).toEqual(['line-1'])
    expect(byName.get('lines')?.prioritized).toEqual([])
    set.prioritizeLine('line-2')
    expect(byName.get('signals')?.prioritized).toEqual(['line-1', 'line-2'])
    expect(events).toEqual([{ type: 'replication-started', firstSync: false }])
    await set.stop()
  })

  it('SHELL-04 a start that a stop overtakes starts nothing: the store it was given is closing', async () => {
    const answers: Array<() => void> = []
    const { set, made, events } = replicationSet({
      live: true,
      // Whether the first sync was done is read from the store: held until the test lets it answer.
      firstSyncDone: () => new Promise<boolean>((resolve) => answers.push(() => resolve(true))),
    })
    const starting = set.start({} as LocalStore, admin)
    await until(() => answers.length === 1)
    await set.stop()
    answers[0]!()
    await starting
    expect(made).toEqual([])
    expect(set.all).toEqual([])
    expect(set.streaming).toBe(false)
    expect(events).toEqual([])

    // Two starts in a row (a role changed twice): only the later one's replications run.
    const first = set.start({} as LocalStore, admin)
    await until(() => answers.length === 2)
    const second = set.start({} as LocalStore, { ...admin, role: 'user' })
    await until(() => answers.length === 3)
    answers[1]!()
    answers[2]!()
    await Promise.all([first, second])
    expect(made.length).toBe(set.all.length)
    expect(made.map((r) => r.collection)).not.toContain('users')
    expect(events).toEqual([{ type: 'replication-started', firstSync: false }])
    await set.stop()
  })
})

/** A replication set whose session code makes fake replications (kept in `made`). */
function replicationSet(options: { readonly live: boolean; firstSyncDone(): Promise<boolean> }) {
  const made: FakeReplication[] = []
  const events: SyncEvent[] = []
  const code = {
    replicateCollection: (_s: unknown, _d: unknown, c: CollectionName) => {
      const r = new FakeReplication(c)
      made.push(r)
      return r
    },
    firstSyncDone: options.firstSyncDone,
    trackReplication: () => () => undefined,
    openChangeStream: () => ({ close: () => undefined }),
  } as unknown as SessionCode
  const set = new ReplicationSet({
    transport: {} as Transport,
    device: {} as DeviceDb,
    live: options.live,
    code: () => code,
    dispatch: (e) => events.push(e),
    status: () => INITIAL_STATUS,
    onResult: () => undefined,
    onStreamError: () => undefined,
  })
  return { set, made, events }
}

/** Lets pending promises run until `done` holds (a few turns at most). */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 50 && !done(); turn++) await Promise.resolve()
  expect(done()).toBe(true)
}
