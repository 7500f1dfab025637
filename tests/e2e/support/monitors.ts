import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test'
import { ADMIN, apiAs, chooseLine } from './app'
import { goOffline, openSyncedTablet } from './tablet'

/** A monitor as the task calls over REST answer it (the fields the e2e specs read). */
export interface Task {
  task_uuid: string
  task_name: string
  task_type: string
  active: boolean
  frequency: number
  notes: string
  task_details: Record<string, unknown> & {
    signal_uuids: string[]
    signal_group_uuids: string[]
    line_uuid: string
    alert_threshold: number
    sample_size: number
    use_excluded_part_ids: boolean
    use_excluded_model_numbers: boolean
  }
}

/** A drawer of the monitor pages, by its title ('New MVD Monitor', 'SVD Monitor Details', …). */
export const drawerOf = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name })

/** Chooses the line, presses Create and answers the new monitor's drawer. */
export async function newMonitorDrawer(page: Page, line: string, title: string): Promise<Locator> {
  await chooseLine(page, line)
  await page.getByRole('button', { name: 'Create', exact: true }).tap()
  return drawerOf(page, title)
}

/** A synced tablet of the administrator, gone offline, with a new monitor's drawer open on the line. */
export async function newMonitorOffline(
  browser: Browser,
  line: string,
  section = 'MVD_ANOMALY_MONITORS',
  title = 'New MVD Monitor',
) {
  const { context, page } = await openSyncedTablet(browser, ADMIN, section)
  await goOffline(context, page)
  const drawer = await newMonitorDrawer(page, line, title)
  return { context, page, drawer }
}

/** A signal row of the stations tree, found through the search box (the tree is virtualized). */
export async function pickSignal(drawer: Locator, label: string): Promise<void> {
  await drawer.getByRole('searchbox').fill(label)
  await drawer
    .getByRole('tree', { name: 'Stations' })
    .getByRole('treeitem', { name: label, exact: true })
    .tap()
}

/** A line's tasks of one type, read over REST as the administrator. */
export const tasksOf = async (request: APIRequestContext, lineId: string, type: string) =>
  (await apiAs(request)).get<Task[]>(`/api/tasks?lineId=${lineId}&type=${type}`)

/** Deletes over REST the line's tasks of these types whose names start with the prefix. */
export async function deleteTasks(
  request: APIRequestContext,
  lineId: string,
  types: ReadonlyArray<string>,
  prefix: string,
): Promise<void> {
  for (const type of types) {
    for (const t of (await tasksOf(request, lineId, type)).filter((t) => t.task_name.startsWith(prefix))) {
      const res = await request.delete('/api/tasks/delete-task', { data: { monitor_uuid: t.task_uuid } })
      expect(res.status()).toBe(204)
    }
  }
}

/** Posts an MVD task with default settings over REST, as another device would; answers the response. */
export async function postMvdTask(
  request: APIRequestContext,
  lineId: string,
  name: string,
  signalUuids: ReadonlyArray<string>,
): Promise<APIResponse> {
  await apiAs(request)
  return request.post('/api/tasks/create-task', {
    data: {
      task_name: name,
      task_type: 'mvd',
      active: true,
      frequency: 60,
      notes: '',
      task_details: {
        cust_uuid: 'cust-demo',
        plant_uuid: 'plant-demo',
        line_uuid: lineId,
        use_excluded_part_ids: false,
        use_excluded_model_numbers: false,
        alert_threshold: 0.95,
        part_attributes: [],
        part_groups: [],
        part_numbers: [],
        pass_fail_filter: 'ALL',
        signal_group_uuids: [],
        signal_uuids: signalUuids,
        evaluation_ratio: 0.2,
        sample_size: 150,
      },
    },
  })
}
