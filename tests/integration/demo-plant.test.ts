import { describe, expect, test } from 'vitest'
import { DEFAULT_DEMO } from '../../sync-server/config'
import { ensureDemoPlant } from '../../sync-server/seed/demo-plant'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'

type TaskRow = { task_uuid: string; active: boolean }

describe.each(DATABASE_KINDS)('demo plant on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin'] })

  test('LINE-03 reactivating the seeded inactive line restarts exactly the monitors it stopped', async () => {
    const before = await demo.server.call<TaskRow[]>(
      'GET',
      '/api/tasks?lineId=line-packaging&type=mvd',
      demo.admin,
    )
    expect(before.status).toBe(200)
    expect(before.body.every((t) => !t.active)).toBe(true)
    const res = await demo.server.call<{ active: boolean; activeMonitorsCount: number }>(
      'PATCH',
      '/api/lines/line-packaging',
      demo.admin,
      { active: true },
    )
    expect(res.status).toBe(200)
    expect(res.body.active).toBe(true)
    const svd = await demo.server.call<TaskRow[]>(
      'GET',
      '/api/tasks?lineId=line-packaging&type=svd',
      demo.admin,
    )
    // svd-1 was running when the line stopped; svd-2 was already off and stays off.
    expect(Object.fromEntries(svd.body.map((t) => [t.task_uuid, t.active]))).toEqual({
      'line-packaging-svd-1': true,
      'line-packaging-svd-2': false,
    })
    expect(res.body.activeMonitorsCount).toBe(5)
  })

  test('a second start finds the plant seeded and keeps what users changed', async () => {
    await demo.server.call('PATCH', '/api/lines/line-paint', demo.admin, { ingestionThresholdHours: 48 })
    expect(await ensureDemoPlant(demo.server.services, DEFAULT_DEMO)).toBe(false)
    const line = await demo.server.call<{ ingestionThresholdHours: number }>(
      'GET',
      '/api/lines/line-paint',
      demo.admin,
    )
    expect(line.body.ingestionThresholdHours).toBe(48)
  })
})
