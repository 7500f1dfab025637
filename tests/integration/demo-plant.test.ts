import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_DEMO } from '../../sync-server/config'
import { ensureDemoPlant } from '../../sync-server/seed/demo-plant'
import { DATABASE_KINDS, startTestServer, type TestServer } from './support/test-server'

type TaskRow = { task_uuid: string; active: boolean }

describe.each(DATABASE_KINDS)('demo plant on %s', (kind) => {
  let server: TestServer
  let admin: string
  beforeAll(async () => {
    server = await startTestServer(kind)
    admin = await server.signIn()
  })
  afterAll(() => server.close())

  test('LINE-03 reactivating the seeded inactive line restarts exactly the monitors it stopped', async () => {
    const before = await server.call<TaskRow[]>('GET', '/api/tasks?lineId=line-packaging&type=mvd', admin)
    expect(before.status).toBe(200)
    expect(before.body.every((t) => !t.active)).toBe(true)
    const res = await server.call<{ active: boolean; activeMonitorsCount: number }>(
      'PATCH',
      '/api/lines/line-packaging',
      admin,
      { active: true },
    )
    expect(res.status).toBe(200)
    expect(res.body.active).toBe(true)
    const svd = await server.call<TaskRow[]>('GET', '/api/tasks?lineId=line-packaging&type=svd', admin)
    // svd-1 was running when the line stopped; svd-2 was already off and stays off.
    expect(Object.fromEntries(svd.body.map((t) => [t.task_uuid, t.active]))).toEqual({
      'line-packaging-svd-1': true,
      'line-packaging-svd-2': false,
    })
    expect(res.body.activeMonitorsCount).toBe(5)
  })

  test('a second start finds the plant seeded and keeps what users changed', async () => {
    await server.call('PATCH', '/api/lines/line-paint', admin, { ingestionThresholdHours: 48 })
    expect(await ensureDemoPlant(server.services, DEFAULT_DEMO)).toBe(false)
    const line = await server.call<{ ingestionThresholdHours: number }>('GET', '/api/lines/line-paint', admin)
    expect(line.body.ingestionThresholdHours).toBe(48)
  })
})
