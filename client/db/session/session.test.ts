import { describe, expect, it } from 'vitest'
import type { DeviceDb } from '../storage/device-db'
import type { LastSyncedMark } from '../sync/last-synced-mark'
import type { Outbox } from '../sync/outbox'
import type { ReplicationSet } from '../sync/replication-set'
import { SyncStatusStore } from '../sync/status-store'
import { HttpError, type Transport } from '../sync/transport'
import type { LocalDatabase } from './local-database'
import { Session } from './session'

/** What the session makes of the server's answers (session.ts); its flows run in the integration tests. */
function setUp() {
  const status = new SyncStatusStore(true)
  const noted: string[] = []
  let stopped = 0
  const session = new Session({
    transport: {} as Transport,
    device: {} as DeviceDb,
    outbox: {} as Outbox,
    database: {} as LocalDatabase,
    replications: {} as ReplicationSet,
    status,
    lastSynced: { note: (at: string) => void noted.push(at) } as unknown as LastSyncedMark,
    push: async () => undefined,
    stopSync: async () => void stopped++,
  })
  return { session, status, noted, stopped: () => stopped }
}

describe('the session', () => {
  it('OFF-03 an answer is "last synced", noted for the next offline start', () => {
    const { session, status, noted } = setUp()
    session.onResult(true)
    expect(status.value.lastSyncedAt).not.toBeNull()
    expect(noted).toEqual([status.value.lastSyncedAt])
  })

  it('SHELL-04 a 401 expires the session once: replication stops, pending changes stay', () => {
    const { session, status, stopped } = setUp()
    session.onResult(false, new HttpError(401, 'Unauthorized'))
    session.onResult(false, new HttpError(401, 'Unauthorized'))
    expect(status.value.paused).toBe(true)
    expect(stopped()).toBe(1)
    expect(session.session$.value).toEqual({ status: 'signed-out', reason: 'expired' })
  })

  it('OFF-07 a 426 asks for an update; a network failure is offline', () => {
    const { session, status } = setUp()
    session.onResult(false, new HttpError(426, 'Upgrade Required'))
    expect(status.value.updateRequired).toBe(true)
    session.onResult(false, new HttpError(0, 'The server cannot be reached'))
    expect(status.value.online).toBe(false)
    expect(session.session$.value).toEqual({ status: 'loading' })
  })
})
