import { beforeAll, describe, expect, test } from 'vitest'
import type { Task, TaskInput } from '../../shared/schema/task'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'
import {
  asInput,
  CUSTOMER,
  createTask,
  master,
  measurementsOf,
  OTHER_LINE,
  PLANT,
  taskInput,
  type ErrorBody,
} from './monitor-fixtures'

describe.each(DATABASE_KINDS)('monitor task API on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin', 'operator'] })
  let assembly: string[]
  let machining: string[]
  beforeAll(async () => {
    assembly = (await measurementsOf(demo.server, 'line-assembly')).map((s) => s.id)
    machining = (await measurementsOf(demo.server, 'line-machining')).map((s) => s.id)
  })

  const getTask = (taskId: string, cookie = demo.admin) =>
    demo.server.call<Task & ErrorBody>('POST', '/api/tasks/get-monitor-by-id', cookie, { taskId })

  test('MON-08 FLT-01 FLT-08 create-task answers 201 with the task; get-monitor-by-id and a monitors pull show it in both shapes, period and classifications included', async () => {
    const base = taskInput('line-machining', 'mvd', { signals: machining.slice(0, 2) }, 201)
    // Start: Time two weeks ago; End: Duration 8 hours; two of the classifications the result signal offers.
    const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000).toISOString()
    const body: TaskInput = {
      ...base,
      task_details: {
        ...base.task_details,
        alert_threshold: 0.99,
        use_excluded_part_ids: true,
        part_numbers: ['PN-1'],
        part_attributes: [
          { attribute_uuid: 'line-machining-st-1-part-type', selected_attribute_values: ['blue'] },
        ],
        start_mode: 'TIME',
        start_time: twoWeeksAgo,
        start_records: 201,
        start_duration: 3_600_000,
        end_mode: 'DURATION',
        end_time: null,
        end_records: 201,
        end_duration: 8 * 3_600_000,
        result_classifications: ['NOK', 'OK'],
      },
    }
    const created = await createTask(demo.server, demo.admin, body)
    expect(created.task_uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(created).toEqual({ ...body, task_uuid: created.task_uuid })

    const fetched = await getTask(created.task_uuid)
    expect(fetched.status).toBe(200)
    expect(fetched.body).toEqual(created)

    const doc = await master(demo.server, demo.admin, 'monitors', 'monitor_uuid', created.task_uuid)
    expect(doc).toMatchObject({
      monitor_uuid: created.task_uuid,
      monitor_name: body.task_name,
      monitor_type: 'mvd',
      use_excluded_part_ids: true,
      use_excluded_model_numbers: false,
      monitor_filter: {
        cust_uuid: CUSTOMER,
        plant_uuid: PLANT,
        line_uuid: 'line-machining',
        alert_threshold: 'low',
        part_numbers: ['PN-1'],
        part_attributes: [
          { attributeUuid: 'line-machining-st-1-part-type', selectedAttributeValues: ['blue'] },
        ],
        sample_size: 201,
        period: {
          start_mode: 'TIME',
          start_time: twoWeeksAgo,
          start_duration: 3_600_000,
          end_mode: 'DURATION',
          end_time: null,
          end_duration: 8 * 3_600_000,
        },
        result_classifications: ['NOK', 'OK'],
      },
    })
    expect(doc).not.toHaveProperty('task_details')
  })

  test('MON-08 create-task keeps a client-minted task_uuid, scopes it to the session, and answers a retry again', async () => {
    const body = {
      ...taskInput('line-machining', 'svd', { signals: [machining[0]!] }, 202),
      task_uuid: `client-minted-${kind}`,
    }
    body.task_details = { ...body.task_details, cust_uuid: 'cust-other', plant_uuid: 'plant-other' }
    const first = await demo.server.call<Task>('POST', '/api/tasks/create-task', demo.operator, body)
    expect(first.status).toBe(201)
    expect(first.body.task_uuid).toBe(`client-minted-${kind}`)
    expect(first.body.task_details).toMatchObject({ cust_uuid: CUSTOMER, plant_uuid: PLANT })
    const retry = await demo.server.call<Task>('POST', '/api/tasks/create-task', demo.operator, body)
    expect(retry).toEqual(first)
    const other = await demo.server.call<ErrorBody>('POST', '/api/tasks/create-task', demo.operator, {
      ...body,
      task_name: 'Another monitor',
    })
    expect(other.status).toBe(409)
    expect(other.body.error).toMatchObject({ code: 'CONFLICT', task_uuid: `client-minted-${kind}` })
  })

  test('MON-07 creating a duplicate task answers 409 with the existing task_uuid', async () => {
    const seeded = (await getTask('line-assembly-mvd-1')).body
    const [a, b, c] = seeded.task_details.signal_uuids
    const res = await demo.server.call<ErrorBody>('POST', '/api/tasks/create-task', demo.admin, {
      ...seeded,
      task_uuid: undefined,
      task_name: 'A new name',
      frequency: seeded.frequency + 5,
      notes: 'other notes',
      active: !seeded.active,
      // Order and repeats of the selection do not matter.
      task_details: { ...seeded.task_details, signal_uuids: [c, b, a, a] },
    })
    expect(res.status).toBe(409)
    expect(res.body.error).toEqual({
      code: 'DUPLICATE_MONITOR',
      message: 'You already have a monitor MVD Press signals configured with these settings.',
      task_uuid: 'line-assembly-mvd-1',
      monitor_uuid: 'line-assembly-mvd-1',
      monitor_name: 'MVD Press signals',
    })
  })

  test('MON-07 a different filter is not a duplicate (sample size, part numbers, exclude flags, threshold)', async () => {
    const seeded = (await getTask('line-assembly-mvd-1')).body
    const variants = [
      { sample_size: 777, start_records: 777, end_records: 777 },
      { part_numbers: ['PN-7'] },
      { use_excluded_model_numbers: true },
      { alert_threshold: 0.9 as const },
    ]
    for (const change of variants) {
      const body = { ...asInput(seeded), task_details: { ...seeded.task_details, ...change } }
      const created = await createTask(demo.server, demo.admin, body)
      const del = await demo.server.call('DELETE', '/api/tasks/delete-task', demo.admin, {
        monitor_uuid: created.task_uuid,
      })
      expect(del.status).toBe(204)
    }
  })

  test('MON-07 updating a task into the settings of another answers 409; a rename of a monitor does not', async () => {
    const mine = await createTask(
      demo.server,
      demo.admin,
      taskInput('line-assembly', 'mvd', { signals: assembly.slice(0, 2) }, 203),
    )
    const seeded = (await getTask('line-assembly-mvd-1')).body
    const into = await demo.server.call<ErrorBody>('PUT', '/api/tasks/update-task', demo.admin, {
      ...mine,
      task_details: seeded.task_details,
    })
    expect(into.status).toBe(409)
    expect(into.body.error.code).toBe('DUPLICATE_MONITOR')
    expect(into.body.error.task_uuid).toBe('line-assembly-mvd-1')
    const renamed = await demo.server.call<Task>('PUT', '/api/tasks/update-task', demo.admin, {
      ...mine,
      task_name: 'Renamed',
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({ ...mine, task_name: 'Renamed' })
    expect((await getTask(mine.task_uuid)).body.task_name).toBe('Renamed')
  })

  test('MON-01 / SIG-06 / MON-05 create-task answers 400 with the form messages', async () => {
    const base = taskInput('line-assembly', 'mvd', { signals: assembly.slice(0, 2) }, 204)
    const cases: Array<[unknown, string]> = [
      [
        taskInput('line-assembly', 'mvd', { signals: [assembly[0]!] }, 204),
        'At least 2 items must be selected',
      ],
      [
        taskInput('line-assembly', 'svd', { signals: assembly.slice(0, 2) }, 204),
        'Signal selection is required',
      ],
      [taskInput('line-assembly', 'cap', { signals: [] }, 204), 'Signal selection is required'],
      [{ ...base, task_name: '   ' }, 'Monitor name is required'],
      [{ ...base, notes: 'n'.repeat(1001) }, 'Max length: 1000 characters'],
      [{ ...base, frequency: 0 }, 'Frequency must be at least 1'],
      [{ ...base, frequency: 10_081 }, 'Frequency must be at most 10080'],
    ]
    for (const [body, message] of cases) {
      const res = await demo.server.call<ErrorBody>('POST', '/api/tasks/create-task', demo.admin, body)
      expect(res.status, message).toBe(400)
      expect(res.body.error.message).toBe(message)
    }
    const threshold = await demo.server.call<ErrorBody>('POST', '/api/tasks/create-task', demo.admin, {
      ...base,
      task_details: { ...base.task_details, alert_threshold: 0.5 },
    })
    expect(threshold.status).toBe(400)
    expect(threshold.body.error.message).toMatch(/^Unknown alert threshold/)
  })

  test('MON-08 create-task checks the line, signals and groups against the plant', async () => {
    const ofLine = (line: string, signals: string[], groups: string[] = []) =>
      demo.server.call<ErrorBody>(
        'POST',
        '/api/tasks/create-task',
        demo.admin,
        taskInput(line, 'mvd', { signals, groups }, 205),
      )
    const unknown = await ofLine('line-nowhere', assembly.slice(0, 2))
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Unable to find the line')
    expect((await ofLine(OTHER_LINE, assembly.slice(0, 2))).status).toBe(404)
    const foreignSignal = await ofLine('line-assembly', [assembly[0]!, machining[0]!])
    expect(foreignSignal.status).toBe(400)
    expect(foreignSignal.body.error.message).toBe(
      "Every selected signal must be a signal of the monitor's line",
    )
    const foreignGroup = await ofLine('line-assembly', [], ['line-machining-group-1'])
    expect(foreignGroup.status).toBe(400)
    expect(foreignGroup.body.error.message).toBe(
      "Every selected signal group must be a signal group of the monitor's line",
    )
  })

  test('LINE-03 a monitor of the inactive line cannot be activated', async () => {
    const packaging = (await measurementsOf(demo.server, 'line-packaging')).map((s) => s.id)
    const active = taskInput('line-packaging', 'svd', { signals: [packaging[0]!] }, 206)
    const refused = await demo.server.call<ErrorBody>('POST', '/api/tasks/create-task', demo.admin, active)
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toBe(
      'A monitor of an inactive line cannot be activated. Activate the line first.',
    )
    const stopped = await createTask(demo.server, demo.admin, { ...active, active: false })
    const start = await demo.server.call<ErrorBody>('PUT', '/api/tasks/update-task', demo.admin, {
      ...stopped,
      active: true,
    })
    expect(start.status).toBe(400)
    expect(start.body.error.message).toBe(
      'A monitor of an inactive line cannot be activated. Activate the line first.',
    )
    const edit = await demo.server.call<Task>('PUT', '/api/tasks/update-task', demo.admin, {
      ...stopped,
      notes: 'still stopped',
    })
    expect(edit.status).toBe(200)
  })
})
