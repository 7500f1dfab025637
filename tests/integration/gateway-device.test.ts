import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Monitor } from '../../shared/schema/monitor'
import type { Task } from '../../shared/schema/task'
import { startGatewayRig, type GatewayRig } from './support/gateway-rig'
import { tabletDevice, useTabletStorage } from './support/tablet-device'
import { DEMO } from './support/test-server'

/**
 * A device (the real client data layer: SyncController, outbox, pusher, RxDB over fake-indexeddb)
 * signed in to a gateway (docs/gateway.md). Devices are unchanged by gateway mode: they pull, stream
 * and push as ever. What they see differently: while the plant's server cannot be reached their
 * changes wait with that said (not "offline") and go on their own once it answers; and what they
 * create gets the authority's ids, which the actions they still hold follow.
 */
useTabletStorage()

describe('a device in front of a gateway', () => {
  let rig: GatewayRig
  let authority: string
  beforeAll(async () => {
    rig = await startGatewayRig('pglite', { retryAfterMs: 1000 })
    authority = await rig.authority.signIn()
  }, 60_000)
  afterAll(() => rig?.close())

  async function signedInDevice(name: string) {
    const tablet = tabletDevice(rig.gateway.url, name)
    const controller = tablet.open()
    await controller.signIn(DEMO.adminEmail, DEMO.adminPassword)
    await expect.poll(() => controller.status$.value.initialProgress, { timeout: 30_000 }).toBeNull()
    return { controller, transport: tablet.transport }
  }

  test('OFF-03 an edit made offline waits while the plant’s server cannot be reached, says so, and arrives when it answers', async () => {
    const { controller, transport } = await signedInDevice('gw-unreachable')
    transport.setOnline(false)
    const outcome = await controller.run('updateLineSettings', {
      lineId: 'line-paint',
      changes: { ingestionThresholdHours: 321 },
    })
    expect(outcome.status).toBe('saved')
    expect(controller.status$.value.pendingCount).toBe(1)
    rig.proxy.add({ fault: { kind: 'answer', status: 503, body: {} } })
    transport.setOnline(true)
    controller.resync()
    await expect.poll(() => controller.status$.value.authorityUnreachable, { timeout: 10_000 }).toBe(true)
    expect(controller.status$.value).toMatchObject({ online: true, pendingCount: 1 })
    const upstream = async () =>
      (
        await rig.authority.call<{ ingestionThresholdHours: number }>(
          'GET',
          '/api/lines/line-paint',
          authority,
        )
      ).body
    expect((await upstream()).ingestionThresholdHours).not.toBe(321)
    rig.proxy.clear()
    // No user action needed: the device tries again when the gateway said to (Retry-After).
    await expect.poll(() => controller.status$.value.pendingCount, { timeout: 10_000 }).toBe(0)
    expect(controller.status$.value.authorityUnreachable).toBe(false)
    expect((await upstream()).ingestionThresholdHours).toBe(321)
    await controller.close()
  })

  test('MON-06 OFF-02 a monitor created offline and switched off offline: both reach the authority’s monitor, the device ends with its id', async () => {
    const { controller, transport } = await signedInDevice('gw-created')
    const db = controller.db$.value!
    const signals = (await db.rx.collections.signals.find().exec())
      .map((d) => d.toJSON() as { id: string; lineId: string; entityType: string })
      .filter((s) => s.lineId === 'line-paint' && s.entityType === 'MEASUREMENT')
    const template = (await db.rx.collections.monitors.find().exec())[0]!.toJSON() as unknown as Monitor
    const monitor: Monitor = {
      ...template,
      monitor_uuid: randomUUID(),
      monitor_name: 'Made offline',
      monitor_type: 'mvd',
      active: true,
      monitor_filter: {
        ...template.monitor_filter,
        line_uuid: 'line-paint',
        signal_uuids: signals.slice(0, 2).map((s) => s.id),
        signal_group_uuids: [],
        part_numbers: ['offline-made'],
        part_attributes: [],
      },
    }
    transport.setOnline(false)
    expect((await controller.run('createMonitor', { monitor })).status).toBe('saved')
    expect(
      (await controller.run('setMonitorActive', { monitorId: monitor.monitor_uuid, active: false })).status,
    ).toBe('saved')
    transport.setOnline(true)
    controller.resync()
    await expect.poll(() => controller.status$.value.pendingCount, { timeout: 15_000 }).toBe(0)
    const tasks = (
      await rig.authority.call<Task[]>('GET', '/api/tasks?lineId=line-paint&type=mvd', authority)
    ).body
    const upstream = tasks.filter((t) => t.task_name === 'Made offline')
    expect(upstream).toHaveLength(1)
    expect(upstream[0]!.active).toBe(false)
    expect(upstream[0]!.task_uuid).not.toBe(monitor.monitor_uuid)
    // On the device: the authority's monitor, switched off, and nothing left under the device's id.
    await expect
      .poll(
        async () => {
          const held = (await db.rx.collections.monitors.find().exec()).map(
            (d) => d.toJSON() as unknown as Monitor,
          )
          return held.filter((m) => m.monitor_name === 'Made offline').map((m) => [m.monitor_uuid, m.active])
        },
        { timeout: 10_000 },
      )
      .toEqual([[upstream[0]!.task_uuid, false]])
    await controller.close()
  })
})
