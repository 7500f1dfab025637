import { afterEach, describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { DeviceDb } from '../../client/db/storage/device-db'
import type { PendingAction } from '../../client/db/sync/pending-changes'
import { SyncController } from '../../client/db/sync-controller'
import { INTENTS } from '../../shared/intents'
import type { IntentPushResponse } from '../../shared/sync/intent-protocol'
import { DEMO } from './support/test-server'
import { useHttpTestServer } from './support/http-test-server'
import { NodeTransport } from './support/node-client'
import { serverThresholdHours } from './support/server-lines'

/**
 * Intent versions (docs/sync-protocol.md): an action an older app version stored in the outbox is
 * upgraded when the new code starts and delivered; one that cannot be upgraded is sent as stored, and
 * the server answers it from its log (it may have been sent before) or refuses it saying why, which
 * the device keeps as a sync issue. No intent of this version has changed
 * its arguments yet, so the test gives one (updateLineSettings) a version 2 for its duration, whose
 * version 1 named the line `line` instead of `lineId`. Device and server run in this process, so
 * both hosts see the same definition.
 */
const http = useHttpTestServer()

const definition = INTENTS.updateLineSettings as unknown as Record<string, unknown>
const NO_LINE = 'it names no line.'
const withVersion2 = () => {
  definition.version = 2
  definition.upgrades = {
    1: (args: unknown) => {
      const { line, ...rest } = args as { line?: unknown }
      if (typeof line !== 'string') throw new Error(NO_LINE)
      return { ...rest, lineId: line }
    },
  }
}
afterEach(() => {
  delete definition.version
  delete definition.upgrades
})

type StoredAction = Omit<PendingAction, 'seq'>

const oldAction = (id: string, author: string, args: unknown): StoredAction => ({
  id,
  name: 'updateLineSettings',
  // Version 1: stored without a version, as every action before intents had versions.
  args,
  author,
  createdAt: '2026-11-20T08:00:00.000Z',
  description: 'Change Paint Line',
  base: [],
  changes: [],
})

describe('intent versions', () => {
  it('OFF-05 an old action in the outbox is upgraded when the new code starts and delivered; one that cannot be is refused by the server and becomes a sync issue', async () => {
    withVersion2()
    const admin = await http.server.signIn()
    const me = (await http.server.call<{ id: string }>('GET', '/api/session', admin)).body
    const indexedDB = new IDBFactory()
    const device = new DeviceDb('intent-versions', { indexedDB, IDBKeyRange })
    // What the older app version left in the outbox: one action it can upgrade, one it cannot, and
    // one of another user of this device (never sent now, so only the device can have upgraded it).
    await device.outbox.add(
      oldAction('old-upgradable', me.id, { line: 'line-paint', changes: { ingestionThresholdHours: 55 } }),
    )
    await device.outbox.add(oldAction('old-unusable', me.id, { changes: { ingestionThresholdHours: 66 } }))
    await device.outbox.add(
      oldAction('old-of-another', 'another-user', {
        line: 'line-paint',
        changes: { alertViewingWindowDays: 9 },
      }),
    )

    const transport = new NodeTransport({ baseUrl: http.baseUrl })
    const controller = new SyncController({
      transport,
      device,
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
      live: false,
    })
    try {
      await controller.signIn(DEMO.adminEmail, DEMO.adminPassword)
      await expect
        .poll(() => serverThresholdHours(http.server, admin, 'line-paint'), { timeout: 30_000 })
        .toBe(55)
      await expect.poll(() => controller.status$.value.pendingCount, { timeout: 20_000 }).toBe(0)
      const issues = await device.issues.toArray()
      expect(issues).toHaveLength(1)
      expect(issues[0]).toMatchObject({
        kind: 'rejection',
        action: { name: 'updateLineSettings', description: 'Change Paint Line' },
        rejection: {
          message: `This change was made by an older version of the app and cannot be applied: ${NO_LINE}`,
        },
      })
      // The unusable action is gone from the outbox; the other user's waits, upgraded on the device.
      const left = await device.outbox.toArray()
      expect(left.map((a) => a.id)).not.toContain('old-unusable')
      expect(left.find((a) => a.id === 'old-of-another')).toMatchObject({
        version: 2,
        args: { lineId: 'line-paint', changes: { alertViewingWindowDays: 9 } },
      })
    } finally {
      await controller.close()
    }
  })

  it('the server upgrades a pushed old action and refuses a newer or unusable one, saying why', async () => {
    withVersion2()
    const admin = await http.server.signIn()
    const me = (await http.server.call<{ id: string }>('GET', '/api/session', admin)).body
    const pushed = (id: string, version: number | undefined, args: unknown) => ({
      id,
      name: 'updateLineSettings',
      ...(version === undefined ? {} : { version }),
      args,
      author: me.id,
      createdAt: '2026-11-20T08:00:00.000Z',
      base: [],
    })
    const answer = await http.server.call<IntentPushResponse>('POST', '/sync/intents', admin, {
      protocol: 1,
      intents: [
        pushed('push-v1', undefined, { line: 'line-assembly', changes: { ingestionThresholdHours: 44 } }),
        pushed('push-v3', 3, { lineId: 'line-assembly', changes: { ingestionThresholdHours: 33 } }),
        pushed('push-v1-unusable', 1, { changes: { ingestionThresholdHours: 22 } }),
      ],
    })
    expect(answer.status).toBe(200)
    const [v1, v3, unusable] = answer.body.results
    expect(v1?.status).toBe('applied')
    expect(v3).toMatchObject({
      status: 'rejected',
      rejection: {
        status: 400,
        message:
          'This change was made by a newer version of the app and cannot be applied here. Update the app, then re-apply it.',
      },
    })
    expect(unusable).toMatchObject({
      status: 'rejected',
      rejection: {
        status: 400,
        message: `This change was made by an older version of the app and cannot be applied: ${NO_LINE}`,
      },
    })
    expect(await serverThresholdHours(http.server, admin, 'line-assembly')).toBe(44)
  })

  it('OFF-05 an action applied before the server moved on, pushed again (its answer lost), gets its logged answer, not a refusal', async () => {
    const admin = await http.server.signIn()
    const me = (await http.server.call<{ id: string }>('GET', '/api/session', admin)).body
    const action = {
      id: 'applied-then-repeated',
      name: 'updateLineSettings',
      args: { lineId: 'line-assembly', changes: { ingestionThresholdHours: 47 } },
      author: me.id,
      createdAt: '2026-11-20T08:00:00.000Z',
      base: [],
    }
    const push = () =>
      http.server.call<IntentPushResponse>('POST', '/sync/intents', admin, { protocol: 1, intents: [action] })
    expect((await push()).body.results[0]?.status).toBe('applied')
    // The server is upgraded: version 1 of this intent named the line `line`, so these arguments
    // (the device's, unchanged) cannot be upgraded any more.
    withVersion2()
    const again = await push()
    expect(again.status).toBe(200)
    expect(again.body.results[0]?.status).toBe('applied')
    expect(await serverThresholdHours(http.server, admin, 'line-assembly')).toBe(47)
  })

  it('OFF-05 an old action the server answered before the device moved on (its answer lost) gets its logged answer on the upgraded device, not a refusal', async () => {
    const admin = await http.server.signIn()
    const me = (await http.server.call<{ id: string }>('GET', '/api/session', admin)).body
    const stored = oldAction('answered-then-upgraded', me.id, {
      lineId: 'line-paint',
      changes: { ingestionThresholdHours: 71 },
    })
    // The older app sent it and the server applied it, but the answer never reached the device.
    const push = await http.server.call<IntentPushResponse>('POST', '/sync/intents', admin, {
      protocol: 1,
      intents: [{ ...stored, base: [] }],
    })
    expect(push.body.results[0]?.status).toBe('applied')
    const indexedDB = new IDBFactory()
    const device = new DeviceDb('intent-versions-answered', { indexedDB, IDBKeyRange })
    await device.outbox.add(stored)
    // Both move on; version 2 cannot upgrade these arguments (version 1 named the line `line`).
    withVersion2()
    const controller = new SyncController({
      transport: new NodeTransport({ baseUrl: http.baseUrl }),
      device,
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
      live: false,
    })
    try {
      await controller.signIn(DEMO.adminEmail, DEMO.adminPassword)
      await expect.poll(() => controller.status$.value.pendingCount, { timeout: 20_000 }).toBe(0)
      expect(await device.issues.toArray()).toEqual([])
      expect(await serverThresholdHours(http.server, admin, 'line-paint')).toBe(71)
    } finally {
      await controller.close()
    }
  })
})
