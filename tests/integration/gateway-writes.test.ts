import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Messages } from '../../shared/validation/messages'
import { Schema } from 'effect'
import type { Monitor } from '../../shared/schema/monitor'
import { MonitorFromTask } from '../../shared/schema/monitor-task'
import type { Task } from '../../shared/schema/task'
import type { PullResponse } from '../../shared/sync/protocol'
import { DATABASE_KINDS, DEMO } from './support/test-server'
import { startGatewayRig, type GatewayRig } from './support/gateway-rig'

/**
 * Gateway mode (docs/gateway.md), the write path: an instance of this product is the authority, a
 * fault-injecting proxy stands in front of it, and the gateway keeps a replica in PGlite or
 * PostgreSQL. Actions pushed by devices (and REST calls of other clients) become the authority's REST
 * calls; what the authority answers is what the device is told.
 */
const encodeTask = Schema.encodeSync(MonitorFromTask)

describe.each(DATABASE_KINDS)('gateway writes on %s', (kind) => {
  let rig: GatewayRig
  let device: string
  let authority: string
  beforeAll(async () => {
    // The pollers wait: what the authority changes directly reaches the gateway only through the
    // actions' own reads (gateway-reads.test.ts has the pollers).
    rig = await startGatewayRig(kind, { pollStructureMs: 600_000, pollBulkMs: 600_000 })
    device = await rig.gateway.signIn()
    authority = await rig.authority.signIn()
  }, 60_000)
  afterAll(() => rig?.close())

  const line = 'line-assembly'
  const authorityLine = async () =>
    (
      await rig.authority.call<{
        ingestionThresholdHours: number
        alertViewingWindowDays: number
        friendlyName: string | null
      }>('GET', `/api/lines/${line}`, authority)
    ).body
  const rulesUpstream = async (monitorId: string) =>
    (await rig.authority.call('GET', `/api/notifications/monitor-rules/${monitorId}`, authority)).body
  const tasksOf = async (lineId: string, type: string) =>
    (await rig.authority.call<Task[]>('GET', `/api/tasks?lineId=${lineId}&type=${type}`, authority)).body

  /** A new MVD monitor on the assembly line (two of its signals), as the form builds it. */
  async function newMonitor(name: string) {
    const lines = await rig.gateway.call<{ documents: Array<Record<string, unknown>> }>(
      'POST',
      '/sync/signals/pull',
      device,
      {
        checkpoint: null,
        batchSize: 1000,
      },
    )
    const signals = lines.body.documents.filter((s) => s.lineId === line && s.entityType === 'MEASUREMENT')
    return {
      monitor_uuid: randomUUID(),
      monitor_name: name,
      monitor_type: 'mvd',
      active: true,
      frequency: 60,
      notes: '',
      use_excluded_part_ids: false,
      use_excluded_model_numbers: false,
      monitor_filter: {
        cust_uuid: 'cust-demo',
        plant_uuid: 'plant-demo',
        line_uuid: line,
        signal_uuids: [signals[0]!.id as string, signals[1]!.id as string, signals[2]!.id as string].slice(
          0,
          2 + (name.length % 2),
        ),
        signal_group_uuids: [],
        part_groups: [],
        part_numbers: [name],
        part_attributes: [],
        pass_fail_filter: 'ALL',
        evaluation_ratio: 0.2,
        sample_size: 150,
        alert_threshold: 'medium',
      },
    }
  }
  const rules = [
    { type: 'Consecutive', active: true, details: { breaches: 3 } },
    { type: 'ExceedanceRuns', active: false, details: { breaches: 7, runs: 15 } },
    { type: 'ExceedanceTime', active: false, details: { breaches: 7, seconds: 900 } },
  ]

  test('OFF-04 OFF-06 the actions of one change set are judged on the ones before them, answered with stored documents and logged: the set again gets the same verdicts', async () => {
    const before = await authorityLine()
    const hours = before.ingestionThresholdHours
    const days = before.alertViewingWindowDays
    // Within the rule's range (1–90 days; the default is 90).
    const newDays = days > 1 ? days - 1 : days + 1
    const edit = (id: string, field: string, value: number, was: number) => ({
      id,
      name: 'updateLineSettings',
      args: { lineId: line, changes: { [field]: value } },
      base: [{ collection: 'lines', id: line, field, value: was }],
    })
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()]
    const set = [
      edit(a, 'ingestionThresholdHours', hours + 1, hours),
      // Its base is what the first action set: judged after it, not a conflict.
      edit(b, 'ingestionThresholdHours', hours + 2, hours + 1),
      edit(c, 'alertViewingWindowDays', newDays, days),
      // The first action again, in the same set: answered as it was, not applied twice.
      edit(a, 'ingestionThresholdHours', hours + 1, hours),
    ]
    const patchesBefore = rig.proxy.forwarded('PATCH', `/api/lines/${line}`).length
    const pushed = await rig.gateway.push(device, set)
    expect(pushed.status).toBe(200)
    expect(pushed.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied'])
    expect(rig.proxy.forwarded('PATCH', `/api/lines/${line}`).length - patchesBefore).toBe(3)
    expect(await authorityLine()).toMatchObject({
      ingestionThresholdHours: hours + 2,
      alertViewingWindowDays: newDays,
    })
    // Every answer carries the line as the replica stores it now: what a pull of the line brings.
    const pulled = await rig.gateway.call<PullResponse>('POST', '/sync/lines/pull', device, {
      checkpoint: null,
      batchSize: 1000,
    })
    const stored = pulled.body.documents.find((d) => d.id === line)!
    expect(stored).toMatchObject({ ingestionThresholdHours: hours + 2, alertViewingWindowDays: newDays })
    for (const result of pushed.body.results) {
      const answered =
        result.status === 'applied' ? result.documents.find((d) => d.collection === 'lines') : undefined
      expect(answered?.document).toEqual(stored)
    }
    // The whole set again (its answer lost on the way): every verdict from the log, nothing sent again.
    const again = await rig.gateway.push(device, set)
    expect(again.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied'])
    expect(again.body.results.every((r) => r.status === 'applied' && r.fromLog === true)).toBe(true)
    expect(rig.proxy.forwarded('PATCH', `/api/lines/${line}`).length - patchesBefore).toBe(3)
    expect((await authorityLine()).ingestionThresholdHours).toBe(hours + 2)
  })

  test('OFF-03 an action pushed through the gateway reaches the authority, and the device is answered with the authority’s document', async () => {
    const before = await authorityLine()
    const pushed = await rig.gateway.push(device, [
      {
        id: randomUUID(),
        name: 'updateLineSettings',
        args: { lineId: line, changes: { ingestionThresholdHours: before.ingestionThresholdHours + 1 } },
        base: [
          {
            collection: 'lines',
            id: line,
            field: 'ingestionThresholdHours',
            value: before.ingestionThresholdHours,
          },
        ],
      },
    ])
    expect(pushed.status).toBe(200)
    const [result] = pushed.body.results
    expect(result!.status).toBe('applied')
    expect((await authorityLine()).ingestionThresholdHours).toBe(before.ingestionThresholdHours + 1)
    const answered =
      result!.status === 'applied' ? result!.documents.find((d) => d.collection === 'lines') : undefined
    expect(answered?.document.ingestionThresholdHours).toBe(before.ingestionThresholdHours + 1)
    // The gateway calls the authority's REST API only, each write with an Idempotency-Key.
    expect(rig.proxy.calls.every((c) => c.path.startsWith('/api/'))).toBe(true)
    const writes = rig.proxy
      .forwarded()
      .filter((c) => c.method !== 'GET' && !c.path.startsWith('/api/session'))
    expect(writes.length).toBeGreaterThan(0)
    for (const w of writes.filter(
      (c) => !c.path.startsWith('/api/signal-groups') && !c.path.includes('get-monitor-by-id'),
    ))
      expect(w.idempotencyKey, `${w.method} ${w.path}`).toMatch(/.+:\d+$/)
  })

  test('MON-06 OFF-03 a monitor created with its rules gets the authority’s id; a later action naming the device’s id reaches it', async () => {
    const monitor = await newMonitor('Gateway created')
    const create = await rig.gateway.push(device, [
      { id: randomUUID(), name: 'createMonitor', args: { monitor, rules } },
    ])
    const [created] = create.body.results
    expect(created!.status).toBe('applied')
    const replaced = created!.status === 'applied' ? (created!.replacedIds ?? {}) : {}
    const authorityId = replaced[monitor.monitor_uuid]
    expect(authorityId, 'the authority minted its own id').toBeDefined()
    expect(authorityId).not.toBe(monitor.monitor_uuid)
    const upstream = (await tasksOf(line, 'mvd')).filter((t) => t.task_name === 'Gateway created')
    expect(upstream.map((t) => t.task_uuid)).toEqual([authorityId])
    expect(await rulesUpstream(authorityId!)).toEqual(rules)
    // An action still pending on the device names the monitor by the device's id.
    const toggle = await rig.gateway.push(device, [
      {
        id: randomUUID(),
        name: 'setMonitorActive',
        args: { monitorId: monitor.monitor_uuid, active: false },
      },
    ])
    expect(toggle.body.results[0]!.status).toBe('applied')
    expect((await tasksOf(line, 'mvd')).find((t) => t.task_uuid === authorityId)?.active).toBe(false)
  })

  test('MON-07 OFF-04 a duplicate the authority refuses is a kept rejection naming the existing monitor', async () => {
    const existing = await newMonitor('Upstream original')
    const made = await rig.authority.call<Task>('POST', '/api/tasks/create-task', authority, toTask(existing))
    expect(made.status).toBe(201)
    // The same settings from a device whose gateway has not read the authority's monitor yet.
    const copy = { ...(await newMonitor('Upstream original')), monitor_name: 'Device copy' }
    copy.monitor_filter = { ...existing.monitor_filter }
    const pushed = await rig.gateway.push(device, [
      { id: randomUUID(), name: 'createMonitor', args: { monitor: copy } },
    ])
    const [result] = pushed.body.results
    expect(result!.status).toBe('rejected')
    if (result!.status !== 'rejected') return
    expect(result!.rejection.code).toBe('DUPLICATE_MONITOR')
    expect(result!.rejection.message).toBe(Messages.monitor.duplicateBody('Upstream original'))
    expect(result!.rejection.details?.task_uuid).toBe(made.body.task_uuid)
    // The existing monitor is on the device's side of the gateway, so 'Edit existing monitor' opens it.
    const pulled = await rig.gateway.call<{ documents: Array<{ monitor_uuid: string }> }>(
      'POST',
      '/sync/monitors/pull',
      device,
      {
        checkpoint: null,
        batchSize: 1000,
      },
    )
    expect(pulled.body.documents.some((m) => m.monitor_uuid === made.body.task_uuid)).toBe(true)
  })

  test('MON-07 OFF-04 a 409 duplicate injected by the authority keeps its task_uuid and message', async () => {
    const monitor = await newMonitor('Injected duplicate')
    rig.proxy.add({
      method: 'POST',
      path: '/api/tasks/create-task',
      times: 1,
      fault: {
        kind: 'answer',
        status: 409,
        body: {
          error: {
            code: 'DUPLICATE_MONITOR',
            message: Messages.monitor.duplicateBody('Somewhere'),
            task_uuid: 'task-elsewhere',
          },
        },
      },
    })
    const pushed = await rig.gateway.push(device, [
      { id: randomUUID(), name: 'createMonitor', args: { monitor, rules } },
    ])
    const [result] = pushed.body.results
    expect(result).toMatchObject({
      status: 'rejected',
      rejection: {
        code: 'DUPLICATE_MONITOR',
        status: 409,
        message: Messages.monitor.duplicateBody('Somewhere'),
      },
    })
    expect(result!.status === 'rejected' && result!.rejection.details?.task_uuid).toBe('task-elsewhere')
    expect((await tasksOf(line, 'mvd')).some((t) => t.task_name === 'Injected duplicate')).toBe(false)
  })

  test('MON-06 OFF-04 a monitor whose rules call is refused leaves no monitor on the authority', async () => {
    const monitor = await newMonitor('Rules refused')
    rig.proxy.add({
      method: 'PATCH',
      path: '/api/notifications/monitor-rules/',
      times: 1,
      fault: {
        kind: 'answer',
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'Runs must be 999 or less' } },
      },
    })
    const pushed = await rig.gateway.push(device, [
      { id: randomUUID(), name: 'createMonitor', args: { monitor, rules } },
    ])
    expect(pushed.body.results[0]).toMatchObject({
      status: 'rejected',
      rejection: { code: 'VALIDATION', message: 'Runs must be 999 or less' },
    })
    expect((await tasksOf(line, 'mvd')).some((t) => t.task_name === 'Rules refused')).toBe(false)
    expect(rig.proxy.forwarded('DELETE', '/api/tasks/delete-task').length).toBeGreaterThan(0)
  })

  test('OFF-03 OFF-04 a create whose answer was lost, pushed again, leaves exactly one monitor upstream', async () => {
    const monitor = await newMonitor('Answer dropped')
    const action = { id: randomUUID(), name: 'createMonitor', args: { monitor, rules } }
    rig.proxy.add({
      method: 'POST',
      path: '/api/tasks/create-task',
      times: 1,
      fault: { kind: 'drop-answer' },
    })
    const first = await rig.gateway.push(device, [action])
    expect(first.status, 'the outcome is unknown: not yet').toBe(503)
    expect(first.headers.get('retry-after')).toMatch(/^\d+$/)
    const again = await rig.gateway.push(device, [action])
    expect(again.body.results[0]!.status).toBe('applied')
    const upstream = (await tasksOf(line, 'mvd')).filter((t) => t.task_name === 'Answer dropped')
    expect(upstream).toHaveLength(1)
    expect(await rulesUpstream(upstream[0]!.task_uuid)).toEqual(rules)
    // The retry read the authority before sending anything again.
    expect(
      rig.proxy
        .forwarded('POST', '/api/tasks/create-task')
        .filter((c) => c.idempotencyKey?.startsWith(action.id)),
    ).toHaveLength(1)
  })

  test('OFF-03 a lone call that sets values keeps no step log; its answer dropped, the retry sends it again with the same key and it is applied once', async () => {
    const action = {
      id: randomUUID(),
      name: 'updateLineSettings',
      args: { lineId: line, changes: { alertViewingWindowDays: 73 } },
    }
    rig.proxy.add({ method: 'PATCH', path: `/api/lines/${line}`, times: 1, fault: { kind: 'drop-answer' } })
    const lost = await rig.gateway.push(device, [action])
    expect(lost.status, 'an answer never received is no success').toBe(503)
    expect((await authorityLine()).alertViewingWindowDays, 'the call itself arrived').toBe(73)
    const steps = await rig.gateway.services.db
      .selectFrom('gateway_steps')
      .selectAll()
      .where('action_id', '=', action.id)
      .execute()
    expect(steps).toEqual([])
    const again = await rig.gateway.push(device, [action])
    expect(again.body.results[0]!.status).toBe('applied')
    const sent = rig.proxy
      .forwarded('PATCH', `/api/lines/${line}`)
      .filter((c) => c.idempotencyKey?.startsWith(action.id))
    expect(sent.map((c) => c.idempotencyKey)).toEqual([`${action.id}:0`, `${action.id}:0`])
    expect((await authorityLine()).alertViewingWindowDays).toBe(73)
  })

  test('OFF-03 the authority unreachable: 503 with Retry-After, nothing applied; pulls still served; the same push goes through once it is back', async () => {
    const before = await authorityLine()
    rig.proxy.add({ fault: { kind: 'answer', status: 503, body: {} } })
    const action = {
      id: randomUUID(),
      name: 'updateLineSettings',
      args: { lineId: line, changes: { friendlyName: 'Waited for' } },
    }
    const down = await rig.gateway.push(device, [action])
    expect(down.status).toBe(503)
    expect(down.body).toMatchObject({
      error: { code: 'AUTHORITY_UNAVAILABLE', message: Messages.server.authorityUnavailable },
    })
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const rest = await rig.gateway.call('PATCH', `/api/lines/${line}`, device, { friendlyName: 'Never' })
    expect(rest.status, 'a REST call is never a success that was not delivered').toBe(503)
    expect(
      (await rig.gateway.call('POST', '/sync/lines/pull', device, { checkpoint: null, batchSize: 10 }))
        .status,
    ).toBe(200)
    expect((await authorityLine()).friendlyName).toBe(before.friendlyName)
    rig.proxy.clear()
    const up = await rig.gateway.push(device, [action])
    expect(up.body.results[0]!.status).toBe('applied')
    expect((await authorityLine()).friendlyName).toBe('Waited for')
  })

  test('OFF-03 a change set the authority stops answering part way: the actions decided are answered, the rest wait', async () => {
    const set = ['line-assembly', 'line-paint', 'line-machining'].map((lineId, i) => ({
      id: randomUUID(),
      name: 'updateLineSettings',
      args: { lineId, changes: { alertViewingWindowDays: 40 + i } },
    }))
    rig.proxy.add({
      method: 'PATCH',
      path: '/api/lines/line-paint',
      times: 1,
      fault: { kind: 'answer', status: 503 },
    })
    const partly = await rig.gateway.push(device, set)
    expect(partly.status).toBe(200)
    expect(partly.body.results.map((r) => [r.id, r.status])).toEqual([[set[0]!.id, 'applied']])
    const rest = await rig.gateway.push(device, set.slice(1))
    expect(rest.body.results.map((r) => r.status)).toEqual(['applied', 'applied'])
    const window = async (lineId: string) =>
      (await rig.authority.call<{ alertViewingWindowDays: number }>('GET', `/api/lines/${lineId}`, authority))
        .body.alertViewingWindowDays
    expect([
      await window('line-assembly'),
      await window('line-paint'),
      await window('line-machining'),
    ]).toEqual([40, 41, 42])
  })

  test('OFF-03 an answer of the authority the shared schemas refuse is a 502, never a success; the retry reads the authority again', async () => {
    const action = {
      id: randomUUID(),
      name: 'updateLineSettings',
      args: { lineId: line, changes: { alertViewingWindowDays: 61 } },
    }
    // The call goes through; what comes back is not a line.
    rig.proxy.add({
      method: 'PATCH',
      path: `/api/lines/${line}`,
      times: 1,
      fault: { kind: 'answer', status: 200, body: { odd: true } },
    })
    const first = await rig.gateway.push(device, [action])
    expect(first.status).toBe(502)
    expect(first.body).toMatchObject({ error: { code: 'AUTHORITY_MALFORMED' } })
    const again = await rig.gateway.push(device, [action])
    expect(again.body.results[0]!.status).toBe('applied')
    expect((await authorityLine()).alertViewingWindowDays).toBe(61)
    const answered = again.body.results[0]!.status === 'applied' ? again.body.results[0]!.documents : []
    expect(answered.find((d) => d.collection === 'lines')?.document.alertViewingWindowDays).toBe(61)
  })

  test('OFF-05 a field changed on the authority since the device saw it: the authority’s value wins, the action is a conflict', async () => {
    const seen = await authorityLine()
    await rig.authority.call('PATCH', `/api/lines/${line}`, authority, {
      ingestionThresholdHours: seen.ingestionThresholdHours + 5,
    })
    const pushed = await rig.gateway.push(device, [
      {
        id: randomUUID(),
        name: 'updateLineSettings',
        args: { lineId: line, changes: { ingestionThresholdHours: seen.ingestionThresholdHours + 9 } },
        base: [
          {
            collection: 'lines',
            id: line,
            field: 'ingestionThresholdHours',
            value: seen.ingestionThresholdHours,
          },
        ],
      },
    ])
    expect(pushed.body.results[0]!.status).toBe('conflict')
    expect((await authorityLine()).ingestionThresholdHours).toBe(seen.ingestionThresholdHours + 5)
  })

  test('OFF-06 a retried push is answered from the log; another user’s pending action is refused', async () => {
    const action = {
      id: randomUUID(),
      name: 'updateLineSettings',
      args: { lineId: line, changes: { friendlyName: 'Logged once' } },
    }
    const first = await rig.gateway.push(device, [action])
    const calls = rig.proxy.forwarded('PATCH', `/api/lines/${line}`).length
    const second = await rig.gateway.push(device, [action])
    expect(second.body.results[0]!.status).toBe('applied')
    expect(rig.proxy.forwarded('PATCH', `/api/lines/${line}`).length, 'no second call').toBe(calls)
    expect(first.body.results[0]!.status).toBe('applied')
    const operator = await rig.gateway.signIn(DEMO.userEmail, DEMO.userPassword)
    const addUser = await rig.gateway.push(operator, [
      {
        id: randomUUID(),
        name: 'addUser',
        args: {
          userId: randomUUID(),
          email: 'x@demo.plant',
          locationPlantId: 'plant-demo',
          locationName: 'Demo Plant',
        },
      },
    ])
    expect(addUser.body.results[0]).toMatchObject({ status: 'rejected', rejection: { status: 403 } })
  })

  test('OFF-03 a poke reads the authority at once (the pollers here wait ten minutes)', async () => {
    // A read a sign-in asked for (an earlier test's) is over first.
    await new Promise((resolve) => setTimeout(resolve, 600))
    const name = `Poked ${randomUUID().slice(0, 8)}`
    await rig.authority.call('PATCH', '/api/lines/line-paint', authority, { friendlyName: name })
    const held = async () => {
      const lines = await rig.gateway.call<PullResponse>('POST', '/sync/lines/pull', device, {
        checkpoint: null,
        batchSize: 100,
      })
      return lines.body.documents.some((d) => d.friendlyName === name)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await held(), 'not read before the poke').toBe(false)
    expect(
      (await rig.gateway.call('POST', '/gateway/poke', undefined, { customerId: 'cust-demo' })).status,
    ).toBe(202)
    await expect.poll(held, { message: 'the poked change on the gateway', timeout: 15_000 }).toBe(true)
    expect((await rig.gateway.call('POST', '/gateway/poke', undefined, { customerId: 5 })).status).toBe(400)
    expect((await rig.gateway.call('POST', '/gateway/poke', undefined, '{' as never)).status).toBe(400)
  })

  test('MON-06 OFF-04 an undo the authority does not answer waits, is reported, and is done once it answers', async () => {
    const monitor = await newMonitor('Undo waits')
    rig.proxy.add({
      method: 'PATCH',
      path: '/api/notifications/monitor-rules/',
      times: 1,
      fault: {
        kind: 'answer',
        status: 422,
        body: { error: { code: 'VALIDATION', message: 'Rules refused upstream' } },
      },
    })
    rig.proxy.add({
      method: 'DELETE',
      path: '/api/tasks/delete-task',
      fault: { kind: 'answer', status: 503 },
    })
    const pushed = await rig.gateway.push(device, [
      { id: randomUUID(), name: 'createMonitor', args: { monitor, rules } },
    ])
    expect(pushed.body.results[0]).toMatchObject({
      status: 'rejected',
      rejection: { message: 'Rules refused upstream' },
    })
    expect(
      (await tasksOf(line, 'mvd')).some((t) => t.task_name === 'Undo waits'),
      'not undone yet',
    ).toBe(true)
    const status = await rig.gateway.call<{ undos: Array<{ name: string; state: string }> }>(
      'GET',
      '/api/gateway/status',
      device,
    )
    expect(status.body.undos).toContainEqual(
      expect.objectContaining({ name: 'create-task', state: 'undo-pending' }),
    )
    expect(await rig.gateway.gateway.retryUndos(), 'still waiting').toBe(1)
    rig.proxy.clear()
    expect(await rig.gateway.gateway.retryUndos()).toBe(0)
    expect((await tasksOf(line, 'mvd')).some((t) => t.task_name === 'Undo waits')).toBe(false)
    const after = await rig.gateway.call<{ undos: unknown[] }>('GET', '/api/gateway/status', device)
    expect(after.body.undos).toEqual([])
  })

  test('SM-10 OFF-04 associations refused after the entity changes: the entity changes are taken back on the authority', async () => {
    const signalOf = async (id: string) => {
      const stations = (
        await rig.authority.call<Array<{ children: Array<{ id: string; entityType: string }> }>>(
          'GET',
          '/api/lines/line-machining/stations',
          authority,
        )
      ).body
      return stations.flatMap((s) => s.children).find((c) => c.id === id)!
    }
    expect((await signalOf('line-machining-st-1-raw')).entityType).toBe('UNKNOWN')
    rig.proxy.add({
      method: 'PATCH',
      path: '/api/signal-attribute-update',
      skip: 1,
      times: 1,
      fault: {
        kind: 'answer',
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'Associations refused upstream' } },
      },
    })
    const pushed = await rig.gateway.push(device, [
      {
        id: randomUUID(),
        name: 'saveSignalAssociations',
        args: {
          lineId: 'line-machining',
          containers: {
            measurement: ['line-machining-st-1-m1'],
            upperLimit: ['line-machining-st-1-raw'],
            lowerLimit: ['line-machining-st-1-m1-lsl'],
            result: ['line-machining-st-1-result'],
          },
        },
      },
    ])
    expect(pushed.body.results[0]).toMatchObject({
      status: 'rejected',
      rejection: { message: 'Associations refused upstream' },
    })
    expect((await signalOf('line-machining-st-1-raw')).entityType, 'its type is back').toBe('UNKNOWN')
    expect(rig.proxy.forwarded('PATCH', '/api/signal-attribute-update').length).toBe(2)
  })

  test('OFF-03 the gateway gone between sending a call and its answer: the retry reads the authority and creates nothing twice', async () => {
    const monitor = await newMonitor('Gateway crashed')
    const action = { id: randomUUID(), name: 'createMonitor', args: { monitor, rules } }
    rig.proxy.add({ method: 'POST', path: '/api/tasks/create-task', times: 1, fault: { kind: 'hang' } })
    const lost = rig.gateway.push(device, [action]).catch(() => undefined)
    await expect
      .poll(() => rig.proxy.forwarded('POST', '/api/tasks/create-task').length, { timeout: 15_000 })
      .toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await tasksOf(line, 'mvd')).filter((t) => t.task_name === 'Gateway crashed')).toHaveLength(1)
    // The gateway goes away with the call unanswered (its step log says 'sent'), and starts again.
    await rig.restartGateway()
    rig.proxy.clear()
    await lost
    const steps = await rig.gateway.services.db
      .selectFrom('gateway_steps')
      .selectAll()
      .where('action_id', '=', action.id)
      .execute()
    expect(steps.map((s) => s.state)).toEqual(['sent'])
    device = await rig.gateway.signIn()
    const again = await rig.gateway.push(device, [action])
    expect(again.body.results[0]!.status).toBe('applied')
    const upstream = (await tasksOf(line, 'mvd')).filter((t) => t.task_name === 'Gateway crashed')
    expect(upstream).toHaveLength(1)
    expect(await rulesUpstream(upstream[0]!.task_uuid)).toEqual(rules)
  })

  test('MON-06 MON-07 the gateway serves the same REST API to other clients, through the same plans', async () => {
    const monitor = await newMonitor('Made over REST')
    const created = await rig.gateway.call<Task>('POST', '/api/tasks/create-task', device, toTask(monitor), {
      'Idempotency-Key': 'rest-create-1',
    })
    expect(created.status).toBe(201)
    const upstream = (await tasksOf(line, 'mvd')).filter((t) => t.task_name === 'Made over REST')
    expect(upstream.map((t) => t.task_uuid)).toEqual([created.body.task_uuid])
    const again = await rig.gateway.call<Task>('POST', '/api/tasks/create-task', device, toTask(monitor), {
      'Idempotency-Key': 'rest-create-1',
    })
    expect(again.body.task_uuid, 'a retried call is answered from the log').toBe(created.body.task_uuid)
    const duplicate = await rig.gateway.call<{ error: Record<string, unknown> }>(
      'POST',
      '/api/tasks/create-task',
      device,
      toTask({ ...monitor, monitor_name: 'Made over REST again' }),
    )
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.error).toMatchObject({
      code: 'DUPLICATE_MONITOR',
      message: Messages.monitor.duplicateBody('Made over REST'),
      task_uuid: created.body.task_uuid,
    })
    expect((await tasksOf(line, 'mvd')).filter((t) => t.task_name.startsWith('Made over REST'))).toHaveLength(
      1,
    )
  })

  test('ETQ-03 a Reliance client secret goes to the authority and is never stored by the gateway', async () => {
    const secret = `secret-${randomUUID()}`
    const saved = await rig.gateway.push(device, [
      {
        id: randomUUID(),
        name: 'saveRelianceConfig',
        args: {
          lineId: 'line-paint',
          apiHost: 'https://etq.example.com',
          clientId: 'client-1',
          tokenEndpoint: 'https://etq.example.com/token',
          clientSecret: secret,
          configId: randomUUID(),
        },
      },
    ])
    expect(saved.body.results[0]!.status).toBe('applied')
    const upstream = await rig.authority.server.services.db.selectFrom('secrets').select('secret').execute()
    expect(upstream.some((r) => r.secret.includes(secret))).toBe(true)
    const db = rig.gateway.services.db
    for (const table of [
      'documents',
      'intent_log',
      'gateway_steps',
      'gateway_sessions',
      'secrets',
    ] as const) {
      const rows = await db.selectFrom(table).selectAll().execute()
      expect(JSON.stringify(rows).includes(secret), table).toBe(false)
    }
  })
})

/** The create-task body of a monitor: its task without the id (the authority mints one). */
function toTask(monitor: unknown): unknown {
  const { task_uuid: _id, ...task } = encodeTask(monitor as Monitor)
  return task
}
