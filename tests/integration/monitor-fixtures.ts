import { ALERT_THRESHOLD_SERVER_VALUES } from '../../shared/constants'
import type { Line } from '../../shared/schema/line'
import type { Monitor } from '../../shared/schema/monitor'
import type { Signal } from '../../shared/schema/signal'
import type { SignalGroupDocument } from '../../shared/schema/signal-group-document'
import type { Task, TaskInput } from '../../shared/schema/task'
import { getDocument, listDocuments } from '../../sync-server/store/documents'
import type { TestServer } from './support/test-server'

/** Shared helpers of the monitor integration tests: seeded ids read from the database, task bodies. */

export const CUSTOMER = 'cust-demo'
export const PLANT = 'plant-demo'
export const OTHER_LINE = 'line-other'

/** A JSON body just over the 1 MB limit. */
export const OVERSIZED = JSON.stringify('x'.repeat(1_100_000))

export type ErrorBody = { error: { code: string; message: string; task_uuid?: string; [k: string]: unknown } }
export type Doc = Record<string, unknown> & { revision: number; updatedAt: string; _deleted: boolean }

export async function measurementsOf(
  server: TestServer,
  lineId: string,
  customerId = CUSTOMER,
): Promise<Signal[]> {
  const docs = await listDocuments<Signal>(server.services.db, customerId, 'signals', { fields: { lineId } })
  return docs.map((d) => d.data).filter((s) => s.entityType === 'MEASUREMENT')
}

export async function groupsOf(server: TestServer, lineId: string): Promise<SignalGroupDocument[]> {
  const docs = await listDocuments<SignalGroupDocument>(server.services.db, CUSTOMER, 'signalGroups', {
    fields: { lineId },
  })
  return docs.map((d) => d.data)
}

export async function monitorsOf(
  server: TestServer,
  lineId: string,
  customerId = CUSTOMER,
): Promise<Monitor[]> {
  const docs = await listDocuments<Monitor>(server.services.db, customerId, 'monitors')
  return docs
    .map((d) => ({ ...d.data, monitor_uuid: d.id }))
    .filter((m) => m.monitor_filter.line_uuid === lineId)
}

export async function storedMonitor(server: TestServer, id: string) {
  return getDocument<Monitor>(server.services.db, CUSTOMER, 'monitors', id)
}

export async function activeCount(server: TestServer, lineId: string): Promise<number> {
  const line = await getDocument<Line>(server.services.db, CUSTOMER, 'lines', lineId)
  return line?.data.activeMonitorsCount ?? -1
}

/** A valid create-task body; `sample_size` makes its settings unique per test (MON-07). */
export function taskInput(
  lineId: string,
  type: TaskInput['task_type'],
  selection: { signals?: ReadonlyArray<string>; groups?: ReadonlyArray<string> },
  sampleSize: number,
  overrides: Partial<Omit<TaskInput, 'task_details'>> = {},
): TaskInput {
  return {
    task_name: `Test ${type} ${sampleSize}`,
    task_type: type,
    active: true,
    frequency: 30,
    notes: 'created by a test',
    ...overrides,
    task_details: {
      cust_uuid: CUSTOMER,
      plant_uuid: PLANT,
      line_uuid: lineId,
      use_excluded_part_ids: false,
      use_excluded_model_numbers: false,
      alert_threshold: ALERT_THRESHOLD_SERVER_VALUES.medium,
      part_attributes: [],
      part_groups: [],
      part_numbers: [],
      pass_fail_filter: 'ALL',
      signal_group_uuids: [...(selection.groups ?? [])],
      signal_uuids: [...(selection.signals ?? [])],
      evaluation_ratio: 0.2,
      sample_size: sampleSize,
    },
  }
}

/** A fetched task as a create body: the same settings, no uuid. */
export const asInput = ({ task_uuid: _id, ...rest }: Task): TaskInput => rest

/** Creates a task and returns it (fails the test on anything but 201). */
export async function createTask(server: TestServer, cookie: string, body: TaskInput): Promise<Task> {
  const res = await server.call<Task>('POST', '/api/tasks/create-task', cookie, body)
  if (res.status !== 201) throw new Error(`create-task answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body
}

export const pull = (server: TestServer, cookie: string, collection: string) =>
  server.call<{ documents: Doc[] }>('POST', `/sync/${collection}/pull`, cookie, {
    checkpoint: null,
    batchSize: 1000,
  })

export async function master(
  server: TestServer,
  cookie: string,
  collection: string,
  key: string,
  id: string,
) {
  const res = await pull(server, cookie, collection)
  return res.body.documents.find((d) => d[key] === id)
}

export type IntentResult =
  | { id: string; status: 'applied'; documents: Array<{ collection: string; document: Doc }> }
  | { id: string; status: 'rejected'; rejection: Rejection }
  | { id: string; status: 'conflict'; rejection: Rejection; conflicts: Array<Record<string, unknown>> }
type Rejection = { code: string; status: number; message: string; details?: Record<string, unknown> }

/** An action as a device sends it; `id` and `base` default to a fresh id and no edited-field base. */
export interface TestIntent {
  readonly id?: string
  readonly name: string
  readonly args: unknown
  readonly base?: ReadonlyArray<{ collection: string; id: string; field: string; value?: unknown }>
}

const authors = new Map<string, string>()

/** The session's user id (GET /api/session): the author the server requires on every action. */
export async function sessionUserId(server: TestServer, cookie: string): Promise<string> {
  const known = authors.get(cookie)
  if (known) return known
  const res = await server.call<{ id: string }>('GET', '/api/session', cookie)
  if (res.status !== 200) throw new Error(`GET /api/session answered ${res.status}`)
  authors.set(cookie, res.body.id)
  return res.body.id
}

/** The change-set push (`POST /sync/intents`, shared/sync/intent-protocol.ts) of the given actions. */
export async function pushIntents(server: TestServer, cookie: string, intents: ReadonlyArray<TestIntent>) {
  const author = await sessionUserId(server, cookie)
  return server.call<{ results: IntentResult[] }>('POST', '/sync/intents', cookie, {
    protocol: 1,
    intents: intents.map((i) => ({
      id: i.id ?? crypto.randomUUID(),
      name: i.name,
      args: i.args,
      author,
      createdAt: new Date().toISOString(),
      base: i.base ?? [],
    })),
  })
}

/** One action pushed alone: its outcome (the request must succeed). */
export async function pushIntent(
  server: TestServer,
  cookie: string,
  intent: TestIntent,
): Promise<IntentResult> {
  const res = await pushIntents(server, cookie, [intent])
  if (res.status !== 200)
    throw new Error(`POST /sync/intents answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body.results[0]!
}

/** The retired per-collection document push: every device must now send intents (426). */
export const pushDocuments = (server: TestServer, cookie: string, collection: string, rows: unknown) =>
  server.call<{ error: { code: string; message: string } }>('POST', `/sync/${collection}/push`, cookie, rows)
