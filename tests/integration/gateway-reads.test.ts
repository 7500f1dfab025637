import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COLLECTIONS } from '../../shared/sync/collections'
import type { PullResponse, ReplicatedDocument } from '../../shared/sync/protocol'
import { differences, entities, pullAll, withoutEmptyRules } from './support/plant-state'
import { Messages } from '../../shared/validation/messages'
import type { User } from '../../shared/schema/user'
import {
  CUSTOMER_WIDE,
  getDocument,
  latestSeqs,
  writeDocument,
  writeTransaction,
} from '../../sync-server/store/documents'
import { readSse } from './support/sse'
import { DATABASE_KINDS, DEMO } from './support/test-server'
import { startGatewayRig, type GatewayRig } from './support/gateway-rig'

/**
 * Gateway mode (docs/gateway.md), the read side: the replica equals the authority, changes made on
 * the authority directly reach devices through the usual pull and live stream within the poll
 * interval (at once with a poke), deletes come only from complete lists, sign-in is the authority's
 * and its cookie never reaches a device.
 */
describe.each(DATABASE_KINDS)('gateway reads on %s', (kind) => {
  let rig: GatewayRig
  let device: string
  let authority: string
  beforeAll(async () => {
    rig = await startGatewayRig(kind)
    device = await rig.gateway.signIn()
    authority = await rig.authority.signIn()
  }, 60_000)
  afterAll(() => rig?.close())

  const fromGateway = () =>
    pullAll(async (path, body) => (await rig.gateway.call<PullResponse>('POST', path, device, body)).body)
  const fromAuthority = () =>
    pullAll(
      async (path, body) => (await rig.authority.call<PullResponse>('POST', path, authority, body)).body,
    )

  test('OFF-03 OFF-08 the replica holds exactly the authority’s documents, every collection', async () => {
    // The authority's sign-in in beforeAll stamped lastLogin after the gateway's first read: the
    // pollers bring it within a round.
    await expect
      .poll(
        async () => {
          const [mine, theirs] = (await Promise.all([fromGateway(), fromAuthority()])).map((d) =>
            withoutEmptyRules(entities(d)),
          )
          expect(Object.keys(mine!.signals).length).toBeGreaterThan(50)
          return differences(mine!, theirs!)
        },
        { timeout: 5000, message: 'the replica equal to the authority' },
      )
      .toEqual([])
  })

  test('OFF-03 a change made on the authority directly reaches a device’s live stream, with no action of the device', async () => {
    const res = await fetch(`${rig.gateway.url}/sync/stream`, { headers: { cookie: device } })
    const stream = readSse(res)
    expect(await stream.next()).toBe('RESYNC')
    const name = `Upstream ${randomUUID().slice(0, 8)}`
    await rig.authority.call('PATCH', '/api/lines/line-paint', authority, { friendlyName: name })
    for (;;) {
      const event = JSON.parse(await stream.next(5000)) as {
        collection: string
        documents: ReplicatedDocument[]
      }
      if (event.collection === 'lines' && event.documents.some((d) => d.friendlyName === name)) break
    }
    // How soon, is a figure of the benchmark (npm run bench -- --only gateway), not of this test.
    await stream.close()
  })

  test('OFF-03 a monitor deleted on the authority is deleted on the device; a failed list deletes nothing', async () => {
    const tasks = (
      await rig.authority.call<Array<{ task_uuid: string }>>(
        'GET',
        '/api/tasks?lineId=line-paint&type=svd',
        authority,
      )
    ).body
    const victim = tasks[0]!.task_uuid
    // A list that fails (503) in the middle of a round is not a list of none.
    rig.proxy.add({
      method: 'GET',
      path: '/api/tasks?lineId=line-paint',
      fault: { kind: 'answer', status: 503 },
      times: 3,
    })
    await new Promise((resolve) => setTimeout(resolve, 700))
    const held = async () => {
      const docs = (
        await rig.gateway.call<PullResponse>('POST', '/sync/monitors/pull', device, {
          checkpoint: null,
          batchSize: 1000,
        })
      ).body
      return docs.documents.find((d) => d.monitor_uuid === victim)
    }
    expect((await held())?._deleted).toBe(false)
    rig.proxy.clear()
    expect(
      (await rig.authority.call('DELETE', '/api/tasks/delete-task', authority, { monitor_uuid: victim }))
        .status,
    ).toBe(204)
    await expect
      .poll(async () => (await held())?._deleted, { message: 'the deletion on the gateway', timeout: 15_000 })
      .toBe(true)
  })

  test('OFF-03 an unchanged authority costs the replica nothing (conditional reads, no new revisions)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    const before = await fromGateway()
    const calls = rig.proxy.calls.length
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(rig.proxy.calls.length, 'the pollers kept reading').toBeGreaterThan(calls)
    const after = await fromGateway()
    for (const c of COLLECTIONS) expect(after[c].length, c).toBe(before[c].length)
    const seq = (await latestSeqs(rig.gateway.services.db, 'cust-demo')).all
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect((await latestSeqs(rig.gateway.services.db, 'cust-demo')).all, 'no write to the replica').toBe(seq)
  })

  test('SHELL-04 sign-in is the authority’s: its cookie never reaches the device; its 401 means sign in again', async () => {
    const res = await fetch(`${rig.gateway.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.userEmail, password: DEMO.userPassword }),
    })
    expect(res.status).toBe(200)
    const cookies = res.headers.getSetCookie()
    const stored = await rig.gateway.services.db
      .selectFrom('gateway_sessions')
      .select('authority_cookie')
      .execute()
    for (const { authority_cookie } of stored)
      for (const c of cookies) expect(c.includes(authority_cookie.split('=')[1]!)).toBe(false)
    const body = await res.text()
    for (const { authority_cookie } of stored)
      expect(body.includes(authority_cookie.split('=')[1]!)).toBe(false)
    const cookie = cookies[0]!.split(';')[0]!
    // Wrong password: the authority's 401, with our message.
    const wrong = await rig.gateway.call('POST', '/api/session', undefined, {
      email: DEMO.userEmail,
      password: 'nope',
    })
    expect(wrong).toMatchObject({
      status: 401,
      body: { error: { message: Messages.server.invalidCredentials } },
    })
    // The authority ends every session (a password change, an administrator): the gateway's end too.
    await rig.authority.server.services.db.deleteFrom('sessions').execute()
    const push = await rig.gateway.push(cookie, [
      { id: randomUUID(), name: 'setLineActive', args: { lineId: 'line-paint', active: true } },
    ])
    expect(push.status).toBe(401)
    expect((await rig.gateway.call('GET', '/api/session', cookie)).status).toBe(401)
    authority = await rig.authority.signIn()
    device = await rig.gateway.signIn()
  })

  test('SHELL-04 roles are the authority’s, re-checked: a demoted administrator loses the administrator calls', async () => {
    const admin = await rig.gateway.signIn()
    expect((await rig.gateway.call('GET', '/api/gateway/status', admin)).status).toBe(200)
    const operator = await rig.gateway.signIn(DEMO.userEmail, DEMO.userPassword)
    expect((await rig.gateway.call('GET', '/api/gateway/status', operator)).status).toBe(403)
    // Make the operator an administrator on the authority, then let the gateway's check come due.
    const users = (
      await rig.authority.call<Array<{ id: string; email: string }>>(
        'GET',
        '/api/customer-users-for-user',
        authority,
      )
    ).body
    const op = users.find((u) => u.email === DEMO.userEmail)!
    await rig.authority.call('POST', '/api/update-user-roles', authority, {
      userId: op.id,
      role: 'administrator',
      customerId: 'cust-demo',
    })
    expect(
      (await rig.gateway.call('GET', '/api/gateway/status', operator)).status,
      'cached until the check is due',
    ).toBe(403)
    await rig.gateway.services.db
      .updateTable('gateway_sessions')
      .set({ checked_at: new Date(0) })
      .execute()
    expect((await rig.gateway.call('GET', '/api/gateway/status', operator)).status).toBe(200)
    await rig.authority.call('PUT', '/api/update-user-roles', authority, {
      userId: op.id,
      role: 'administrator',
      customerId: 'cust-demo',
    })
  })

  test('SHELL-04 a contributor on the authority signs in through the gateway and works as a user', async () => {
    const db = rig.authority.server.services.db
    const stored = await getDocument<User>(db, 'cust-demo', 'users', 'user-operator')
    const setRole = (role: User['role']) =>
      writeTransaction(db, 'cust-demo', (tx) =>
        writeDocument(tx, {
          customerId: 'cust-demo',
          collection: 'users',
          id: 'user-operator',
          plantId: CUSTOMER_WIDE,
          data: { ...stored!.data, role },
        }),
      )
    await setRole('contributor')
    try {
      const contributor = await rig.gateway.signIn(DEMO.userEmail, DEMO.userPassword)
      expect((await rig.gateway.call('GET', '/api/session', contributor)).body).toMatchObject({
        role: 'contributor',
      })
      expect((await rig.gateway.call('GET', '/api/check-current-user-roles', contributor)).body).toEqual({
        isAdministrator: false,
      })
      const pull = { checkpoint: null, batchSize: 10 }
      expect((await rig.gateway.call('POST', '/sync/lines/pull', contributor, pull)).status).toBe(200)
      expect((await rig.gateway.call('POST', '/sync/users/pull', contributor, pull)).status).toBe(403)
      expect((await rig.gateway.call('GET', '/api/gateway/status', contributor)).status).toBe(403)
    } finally {
      await setRole(stored!.data.role)
    }
  })
})
