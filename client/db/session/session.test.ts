import { describe, expect, it } from 'vitest'
import type { DeviceDb, SessionUser } from '../storage/device-db'
import type { LastSyncedMark } from '../sync/last-synced-mark'
import type { Outbox } from '../sync/outbox'
import type { ReplicationSet } from '../sync/replication-set'
import { SyncStatusStore } from '../sync/status-store'
import { HttpError, type Transport } from '../sync/transport'
import type { LocalDatabase } from './local-database'
import { Session } from './session'
import { testUser } from '../test-users'

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

  it('SHELL-04 a sign-in overtaken by a sign-out neither shows its user nor starts replication', async () => {
    const { session, requests, started, letOpen } = signingInSetUp()
    const signingIn = session.signIn(admin.email, 'secret')
    for (let turn = 0; turn < 50 && requests.length === 0; turn++) await Promise.resolve()
    await session.signOut()
    letOpen()
    await signingIn
    expect(requests).toEqual(['POST /api/session', 'DELETE /api/session'])
    expect(session.session$.value).toEqual({ status: 'signed-out', reason: 'signed-out' })
    expect(started).toEqual([])
  })

  it('SHELL-04 a changed role answered while the user signs out does not sign the device in again', async () => {
    const { session, requests, started, letOpen, holdSessionCheck, holdSignOut } = signingInSetUp()
    letOpen()
    await session.signIn(admin.email, 'secret')
    expect(started).toEqual(['administrator'])
    const roles: string[] = []
    session.session$.subscribe((s) => roles.push(s.status === 'signed-in' ? s.user.role : s.status))
    const answer = holdSessionCheck({ ...admin, role: 'user' })
    const rechecking = session.recheck()
    for (let turn = 0; turn < 50 && requests.length === 1; turn++) await Promise.resolve()
    // The sign-out's request is on its way when the session check answers with another role.
    const signedOut = holdSignOut()
    const signingOut = session.signOut()
    answer()
    await rechecking
    signedOut()
    await signingOut
    expect(requests).toEqual(['POST /api/session', 'GET /api/session', 'DELETE /api/session'])
    expect(roles).toEqual(['administrator', 'signed-out'])
    expect(started).toEqual(['administrator'])
  })
})

const admin = testUser('administrator')

/**
 * A session whose server answers at once — a session check or a sign-out when the test lets it —
 * and whose plant database opens when the test lets it; replication starts are recorded by role.
 */
function signingInSetUp() {
  let letOpen!: () => void
  const opening = new Promise<object>((resolve) => (letOpen = () => resolve({})))
  let sessionCheck: Promise<SessionUser> = Promise.resolve(admin)
  let signOutAnswer: Promise<void> = Promise.resolve()
  const started: string[] = []
  const requests: string[] = []
  const session = new Session({
    transport: {
      fetch: async (path: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET'
        requests.push(`${method} ${path}`)
        if (method === 'POST') return Response.json(admin)
        if (method === 'GET') return Response.json(await sessionCheck)
        await signOutAnswer
        return new Response(null, { status: 204 })
      },
    },
    device: {
      identity: { put: async () => undefined, delete: async () => undefined },
    } as unknown as DeviceDb,
    outbox: { setAuthor: () => undefined } as unknown as Outbox,
    database: {
      showsStored: () => false,
      openForSession: () => opening,
      forgetStoredView: () => undefined,
      code: { firstSyncDone: async () => true, adoptLegacyPending: async () => undefined },
    } as unknown as LocalDatabase,
    replications: { start: async (_: unknown, u: SessionUser) => void started.push(u.role) } as never,
    status: new SyncStatusStore(true),
    lastSynced: { note: () => undefined } as unknown as LastSyncedMark,
    push: async () => undefined,
    stopSync: async () => undefined,
  })
  const holdSessionCheck = (user: SessionUser) => {
    let answer!: () => void
    sessionCheck = new Promise((resolve) => (answer = () => resolve(user)))
    return answer
  }
  const holdSignOut = () => {
    let answer!: () => void
    signOutAnswer = new Promise((resolve) => (answer = resolve))
    return answer
  }
  return { session, requests, started, letOpen, holdSessionCheck, holdSignOut }
}
