import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import type { Monitor } from '../../shared/schema/monitor'
import type { MonitorPeriod } from '../../shared/schema/monitor-period'
import type { Task } from '../../shared/schema/task'
import { Messages } from '../../shared/validation/messages'
import { migrate } from '../../sync-server/store/migrations'
import { getDocument } from '../../sync-server/store/documents'
import { DATABASE_KINDS, useDemoServer, writeDemoDocument } from './support/test-server'
import {
  CUSTOMER,
  measurementsOf,
  pushIntent,
  storedMonitor,
  taskInput,
  type ErrorBody,
} from './monitor-fixtures'

/**
 * Issue 25: the period a monitor trains on and its chosen result classifications are stored on the
 * monitor, and the server re-checks them with the form's rules — 400 over REST, a kept rejection on a
 * push — with the specification's messages. Monitors stored before get the defined default.
 */
describe.each(DATABASE_KINDS)('monitor period and classifications on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin', 'operator'] })
  const Q = Messages.query
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString()
  let size = 600
  /** A valid MVD task on two measurements of Machining (the first linked to the station's result). */
  const mvd = async (details: Record<string, unknown>) => {
    const signals = (await measurementsOf(demo.server, 'line-machining')).slice(0, 2).map((s) => s.id)
    const base = taskInput('line-machining', 'mvd', { signals }, ++size)
    return { ...base, task_details: { ...base.task_details, ...details } }
  }
  const create = async (details: Record<string, unknown>) =>
    demo.server.call<Task & ErrorBody>('POST', '/api/tasks/create-task', demo.admin, await mvd(details))
  const startEnd = (start: string, end: string) => ({
    start_mode: 'TIME',
    start_time: start,
    end_mode: 'TIME',
    end_time: end,
  })

  test('FLT-10 create-task refuses a time in the future, a start after its end, and an unreadable time, with the form messages', async () => {
    const cases = [
      { details: startEnd(hoursAgo(5), inHours(2)), message: Q.invalidEndTime },
      { details: startEnd(inHours(3), hoursAgo(1)), message: Q.invalidStartTime },
      { details: startEnd(hoursAgo(1), hoursAgo(5)), message: Q.startBeforeEnd },
      { details: startEnd('yesterday', hoursAgo(1)), message: Q.invalidStartTime },
      {
        details: { ...startEnd(hoursAgo(1), hoursAgo(1)), start_mode: 'DURATION', end_mode: 'RECORDS' },
        message: Q.invalidPeriodModes,
      },
    ]
    for (const { details, message } of cases) {
      const res = await create(details)
      expect(res.status, JSON.stringify(details)).toBe(400)
      expect(res.body.error.message).toBe(message)
    }
  })

  test('FLT-10 an SVD task is refused with the SVD form wording', async () => {
    const [signal] = (await measurementsOf(demo.server, 'line-machining')).map((s) => s.id)
    const base = taskInput('line-machining', 'svd', { signals: [signal!] }, ++size)
    const res = await demo.server.call<ErrorBody>('POST', '/api/tasks/create-task', demo.admin, {
      ...base,
      task_details: { ...base.task_details, ...startEnd(inHours(3), hoursAgo(1)) },
    })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(Q.svdInvalidStartTime)
  })

  test('FLT-09 part attributes: no values is "Selection is required"; an attribute the line does not have is "not found"', async () => {
    const empty = await create({
      part_attributes: [{ attribute_uuid: 'line-machining-st-1-part-type', selected_attribute_values: [] }],
    })
    expect(empty.status).toBe(400)
    expect(empty.body.error.message).toBe(Q.selectionRequired)
    // A signal that exists but is a measurement, and one of another line: neither is an attribute here.
    for (const id of ['line-machining-st-1-m1', 'line-assembly-st-1-part-type']) {
      const res = await create({
        part_attributes: [{ attribute_uuid: id, selected_attribute_values: ['A'] }],
      })
      expect(res.status, id).toBe(400)
      expect(res.body.error.message).toBe(Q.partAttributesNotFound)
    }
  })

  test('FLT-08 a classification the selected signals do not offer is refused', async () => {
    const res = await create({ result_classifications: ['OK', 'Made up'] })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(Messages.monitor.classificationsNotFound)
    const fine = await create({ result_classifications: ['Rework'] })
    expect(fine.status).toBe(201)
    expect(fine.body.task_details.result_classifications).toEqual(['Rework'])
  })

  test('MON-08 a period field without its modes, and record counts other than sample_size, are refused rather than dropped', async () => {
    const noModes = await create({ start_time: hoursAgo(3) })
    expect(noModes.status).toBe(400)
    expect(noModes.body.error.message).toBe(Messages.monitor.periodModesRequired)
    const records = await create({ ...startEnd(hoursAgo(3), hoursAgo(1)), start_records: 3 })
    expect(records.status).toBe(400)
    expect(records.body.error.message).toBe(Messages.monitor.recordsMismatch('start_records'))
  })

  test('MON-08 a task created without a period gets the default: its last sample_size records up to the moment it was stored', async () => {
    const before = Date.now()
    const res = await create({})
    expect(res.status).toBe(201)
    const d = res.body.task_details
    expect(d).toMatchObject({ start_mode: 'RECORDS', end_mode: 'TIME', start_records: d.sample_size })
    const end = Date.parse(d.end_time ?? '')
    expect(end).toBeGreaterThanOrEqual(before - 1000)
    expect(end).toBeLessThanOrEqual(Date.now() + 1000)
  })

  test('OFF-06 FLT-10 a pushed monitor with a bad period is a kept rejection with the message; a good one is stored as sent', async () => {
    const template = (await storedMonitor(demo.server, 'line-machining-mvd-1'))!.data
    const withPeriod = (id: string, period: MonitorPeriod, n: number): Monitor => ({
      ...template,
      monitor_uuid: id,
      monitor_filter: { ...template.monitor_filter, sample_size: n, period, result_classifications: [] },
    })
    const bad = withPeriod(
      `bad-period-${kind}`,
      {
        start_mode: 'TIME',
        start_time: hoursAgo(2),
        start_duration: 3_600_000,
        end_mode: 'TIME',
        end_time: hoursAgo(2),
        end_duration: 3_600_000,
      },
      901,
    )
    const refused = await pushIntent(demo.server, demo.operator, {
      name: 'createMonitor',
      args: { monitor: bad },
    })
    expect(refused).toMatchObject({
      status: 'rejected',
      rejection: { status: 400, code: 'VALIDATION', message: Q.startBeforeEnd },
    })
    expect(await storedMonitor(demo.server, bad.monitor_uuid)).toBeUndefined()

    const period = {
      start_mode: 'TIME' as const,
      start_time: hoursAgo(14 * 24),
      start_duration: 3_600_000,
      end_mode: 'DURATION' as const,
      end_time: null,
      end_duration: 8 * 3_600_000,
    }
    const good = withPeriod(`good-period-${kind}`, period, 902)
    expect(
      await pushIntent(demo.server, demo.operator, { name: 'createMonitor', args: { monitor: good } }),
    ).toMatchObject({
      status: 'applied',
    })
    expect((await storedMonitor(demo.server, good.monitor_uuid))?.data.monitor_filter.period).toEqual(period)
  })

  test('MON-08 a monitor stored before periods were kept gets the default period and a new revision when the server upgrades', async () => {
    const db = demo.server.services.db
    const old = (await storedMonitor(demo.server, 'line-machining-svd-1'))!
    const { period: _p, result_classifications: _c, ...filter } = old.data.monitor_filter
    await writeDemoDocument(db, 'monitors', 'legacy-monitor', {
      ...old.data,
      monitor_uuid: 'legacy-monitor',
      monitor_filter: { ...filter, sample_size: 903 },
    })
    const written = (await getDocument<Monitor>(db, CUSTOMER, 'monitors', 'legacy-monitor'))!
    expect(written.data.monitor_filter.period).toBeUndefined()
    await sql`delete from schema_migrations where version = 6`.execute(db)
    const before = Date.now()
    await migrate(db)
    const upgraded = (await getDocument<Monitor>(db, CUSTOMER, 'monitors', 'legacy-monitor'))!
    expect(upgraded.revision).toBe(written.revision + 1)
    expect(upgraded.data.monitor_filter).toMatchObject({
      period: {
        start_mode: 'RECORDS',
        start_time: null,
        end_mode: 'TIME',
        start_duration: 3_600_000,
        end_duration: 3_600_000,
      },
      result_classifications: [],
    })
    const end = Date.parse(upgraded.data.monitor_filter.period?.end_time ?? '')
    expect(end).toBeGreaterThanOrEqual(before - 2000)
    // Monitors that already had a period are left as they were.
    expect((await storedMonitor(demo.server, 'line-machining-svd-1'))?.revision).toBe(old.revision)
  })
})
