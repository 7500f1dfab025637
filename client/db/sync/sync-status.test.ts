import { describe, expect, it } from 'vitest'
import { INITIAL_STATUS, nextStatus, type SyncEvent, type SyncStatus } from './sync-status'
import { SyncStatusStore } from './status-store'

/** The sync status as a pure function of what happened (sync-status.ts). */
const after = (...events: SyncEvent[]): SyncStatus => events.reduce(nextStatus, INITIAL_STATUS)

describe('sync status', () => {
  it('OFF-03 an answer means online and synced at its time; a network failure means offline', () => {
    const synced = after(
      { type: 'online', online: false },
      { type: 'synced', at: '2026-11-26T10:00:00.000Z' },
    )
    expect(synced).toMatchObject({ online: true, lastSyncedAt: '2026-11-26T10:00:00.000Z' })
    expect(nextStatus(synced, { type: 'unreachable' })).toMatchObject({
      online: false,
      lastSyncedAt: '2026-11-26T10:00:00.000Z',
    })
  })

  it('OFF-03 the stored "last synced" shows only until an answer gave one', () => {
    expect(after({ type: 'last-synced-restored', at: 'then' }).lastSyncedAt).toBe('then')
    expect(
      after({ type: 'synced', at: 'now' }, { type: 'last-synced-restored', at: 'then' }).lastSyncedAt,
    ).toBe('now')
  })

  it('OFF-08 first-sync progress starts at 0, moves, and once done (null) ignores late progress and clears ready lines', () => {
    const started = after({ type: 'author', email: 'a@b.c', firstSync: true })
    expect(started).toMatchObject({ pendingAuthorEmail: 'a@b.c', initialProgress: 0 })
    const half = nextStatus(nextStatus(started, { type: 'progress', progress: 0.5 }), {
      type: 'line-ready',
      lineId: 'L1',
    })
    expect(half).toMatchObject({ initialProgress: 0.5, linesReady: ['L1'] })
    const done = nextStatus(half, { type: 'progress', progress: null })
    expect(done).toMatchObject({ initialProgress: null, linesReady: [] })
    expect(nextStatus(done, { type: 'progress', progress: 0.7 })).toBe(done)
    // Not a first sync: progress events change nothing.
    expect(nextStatus(INITIAL_STATUS, { type: 'progress', progress: 0.3 })).toBe(INITIAL_STATUS)
  })

  it('OFF-08 a line is listed ready once', () => {
    const once = after({ type: 'first-sync-started' }, { type: 'line-ready', lineId: 'L1' })
    expect(nextStatus(once, { type: 'line-ready', lineId: 'L1' })).toBe(once)
  })

  it('SHELL-04 OFF-07 an expired session (401) pauses replication until it starts again; 426 asks for an update', () => {
    const paused = after({ type: 'expired' })
    expect(paused.paused).toBe(true)
    expect(nextStatus(paused, { type: 'replication-started', firstSync: false })).toMatchObject({
      paused: false,
      initialProgress: null,
    })
    expect(after({ type: 'update-required' }).updateRequired).toBe(true)
  })

  it("OFF-03 gateway mode: the plant's server unreachable behind the sync server is online and not synced", () => {
    const offline = after({ type: 'online', online: false })
    const waiting = nextStatus(offline, { type: 'authority', unreachable: true, online: true })
    expect(waiting).toMatchObject({ authorityUnreachable: true, online: true, lastSyncedAt: null })
    expect(nextStatus(waiting, { type: 'authority', unreachable: false, online: false })).toMatchObject({
      authorityUnreachable: false,
      online: true,
    })
  })

  it("OFF-04 counts pending, saving and other users' actions; the same counts again change nothing", () => {
    const counted = after({ type: 'pending-counts', pending: 2, saving: 1, othersPending: 3 })
    expect(counted).toMatchObject({ pendingCount: 2, savingCount: 1, othersPendingCount: 3 })
    expect(nextStatus(counted, { type: 'pending-counts', pending: 2, saving: 1, othersPending: 3 })).toBe(
      counted,
    )
  })

  it('OFF-02 keeps a storage error to show', () => {
    expect(after({ type: 'storage-error', message: 'full' }).storageError).toBe('full')
  })

  it('OFF-03 the store emits only when an event changed the status', () => {
    const store = new SyncStatusStore(true)
    const seen: SyncStatus[] = []
    const sub = store.status$.subscribe((s) => seen.push(s))
    store.dispatch({ type: 'online', online: true })
    store.dispatch({ type: 'online', online: false })
    store.dispatch({ type: 'online', online: false })
    sub.unsubscribe()
    expect(seen.map((s) => s.online)).toEqual([true, false])
  })
})
