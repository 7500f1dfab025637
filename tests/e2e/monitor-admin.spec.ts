import { expect, test, type APIRequestContext } from '@playwright/test'
import { ADMIN, apiAs, chooseLine } from './support/app'
import {
  deleteTasks,
  drawerOf,
  newMonitorOffline,
  pickSignal,
  postMvdTask,
  tasksOf,
  type Task,
} from './support/monitors'
import { goOffline, openSyncedTablet } from './support/tablet'

/**
 * The MVD monitor admin page on a 1024×768 touch tablet: the grid's Active toggle and Delete
 * (MADM-03/04), a new monitor's defaults and its Frequency field (MON-09/04), the empty-rules note
 * (RULE-03), the list, the monitor and its rules following every save at once (MON-10), and the
 * task shape on the server with the CAP-mode calls (MON-08). Everything runs on the Machining line
 * with monitors named 'E2E admin …' that each test deletes over REST, so the seeded ones stay.
 */

const LINE = 'Machining Line'
const LINE_ID = 'line-machining'
const SECTION = 'MVD_ANOMALY_MONITORS'

interface Rule {
  type: string
  active: boolean
}

const tasksOfLine = (request: APIRequestContext, type = 'mvd') => tasksOf(request, LINE_ID, type)

/** An MVD task made over REST, as another device would. */
async function createTask(request: APIRequestContext, name: string): Promise<Task> {
  const res = await postMvdTask(request, LINE_ID, name, [`${LINE_ID}-st-2-m2`, `${LINE_ID}-st-3-m1`])
  expect(res.status()).toBe(201)
  return (await res.json()) as Task
}

test('MADM-03 MADM-04 OFF-02 the Active toggle and Delete, online then offline, with their texts; the server ends the same', async ({
  browser,
  request,
}) => {
  const name = `E2E admin toggle ${Date.now()}`
  const task = await createTask(request, name)
  const { context, page } = await openSyncedTablet(browser, ADMIN, SECTION)
  await chooseLine(page, LINE)
  const active = page.getByRole('switch', { name: `Active: ${name}` })
  await expect(active).toBeChecked()

  // Online: the toggle updates the monitor and says so.
  await active.tap()
  await expect(page.getByText('Monitor was successfully saved')).toBeVisible()
  await expect(active).not.toBeChecked()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect((await tasksOfLine(request)).find((t) => t.task_uuid === task.task_uuid)?.active).toBe(false)

  // Offline: switched back on at once, pending.
  await goOffline(context, page)
  await chooseLine(page, LINE)
  await active.tap()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await expect(active).toBeChecked()
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

  // Delete asks first with the spec's words; Cancel keeps the monitor.
  await page.getByRole('button', { name: `Delete ${name}` }).tap()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Delete this monitor?')
  await expect(confirm).toContainText(`You are about to permanently delete the monitor : ${name}`)
  await expect(confirm).toContainText('This is irreversible.')
  await confirm.getByRole('button', { name: 'Cancel' }).tap()
  await expect(confirm).toHaveCount(0)
  await expect(page.getByRole('button', { name: `View ${name}` })).toBeVisible()

  await page.getByRole('button', { name: `Delete ${name}` }).tap()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).tap()
  await expect(page.getByRole('button', { name: `View ${name}` })).toHaveCount(0)
  await expect(page.getByTestId('pending-count')).toHaveText('2 pending changes')
  // No error was shown for either action.
  await expect(page.getByText('Error saving monitor')).toHaveCount(0)
  await expect(page.getByText('Error deleting monitor')).toHaveCount(0)

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect((await tasksOfLine(request)).some((t) => t.task_uuid === task.task_uuid)).toBe(false)
  await context.close()
})

test('MON-09 MON-04 RULE-03 MON-10 a monitor created and edited offline: its defaults, the frequency clamp, the empty-rules note, and the list, monitor and rules follow each save at once', async ({
  browser,
  request,
}) => {
  const { context, page, drawer } = await newMonitorOffline(browser, LINE, SECTION)

  // MON-09: the new monitor's defaults.
  const nameBox = drawer.getByRole('textbox', { name: 'Monitor name' })
  await expect(nameBox).toHaveValue('')
  const frequency = drawer.getByRole('textbox', { name: 'Frequency (minutes)' })
  await expect(frequency).toHaveValue('60')
  await expect(drawer.getByRole('radio', { name: 'Medium' })).toBeChecked()
  await expect(drawer.getByRole('switch', { name: 'Deploy on create' })).toBeChecked()
  await expect(drawer.getByRole('textbox', { name: 'Notes' })).toHaveValue('')

  // MON-04: digits only, clamped on leaving the field, empty falls back to the minimum.
  await frequency.fill('')
  await frequency.pressSequentially('1x5')
  await expect(frequency).toHaveValue('15')
  await frequency.fill('0')
  await nameBox.tap()
  await expect(frequency).toHaveValue('1')
  await frequency.fill('99999')
  await nameBox.tap()
  await expect(frequency).toHaveValue('10080')
  await frequency.fill('')
  await nameBox.tap()
  await expect(frequency).toHaveValue('1')
  await frequency.fill('15')
  await nameBox.tap()
  await expect(frequency).toHaveValue('15')

  const name = `E2E admin offline ${Date.now()}`
  await nameBox.fill(name)
  await drawer.getByRole('radio', { name: 'High' }).tap()
  await pickSignal(drawer, 'Torque 2')
  await pickSignal(drawer, 'Angle 3')

  // RULE-03: the note shows exactly while no rule is on.
  await drawer.getByRole('tab', { name: 'Alert Rules' }).tap()
  const noRules = drawer.getByText('No rules set: all breaches will trigger an alert')
  await expect(noRules).toBeVisible()
  await drawer.getByRole('switch', { name: 'Consecutive' }).tap()
  await expect(noRules).toHaveCount(0)
  await drawer.getByRole('switch', { name: 'Consecutive' }).tap()
  await expect(noRules).toBeVisible()
  await drawer.getByRole('switch', { name: 'Consecutive' }).tap()

  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await expect(drawer).toHaveCount(0)
  // MON-10: the line's list has it at once, offline.
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Pending')).toBeVisible()

  // MON-10: an update shows in the list and in the monitor; a rule change in its rules.
  await page.getByRole('button', { name: `Edit ${name}` }).tap()
  const edit = drawerOf(page, 'MVD Monitor Details')
  await edit.getByRole('textbox', { name: 'Monitor name' }).fill(`${name} edited`)
  await edit.getByRole('tab', { name: 'Alert Rules' }).tap()
  await edit.getByRole('switch', { name: 'Exceedance Time' }).tap()
  await edit.getByRole('button', { name: 'Save', exact: true }).tap()
  await expect(edit).toHaveCount(0)
  await expect(page.getByRole('button', { name: `View ${name} edited` })).toBeVisible()
  await page.getByRole('button', { name: `View ${name} edited` }).tap()
  const view = drawerOf(page, 'MVD Monitor Details')
  await expect(view.getByRole('textbox', { name: 'Monitor name' })).toHaveValue(`${name} edited`)
  await expect(view.getByRole('textbox', { name: 'Frequency (minutes)' })).toHaveValue('15')
  await expect(view.getByRole('radio', { name: 'High' })).toBeChecked()
  await view.getByRole('tab', { name: 'Alert Rules' }).tap()
  await expect(view.getByRole('switch', { name: 'Consecutive' })).toBeChecked()
  await expect(view.getByRole('switch', { name: 'Exceedance Time' })).toBeChecked()
  await expect(view.getByRole('switch', { name: 'Exceedance Runs' })).not.toBeChecked()
  await view.getByRole('button', { name: 'Close', exact: true }).tap()
  await expect(view).toHaveCount(0)

  // Reconnected, the server has the monitor as made: MON-09's defaults where untouched.
  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const task = (await tasksOfLine(request)).find((t) => t.task_name === `${name} edited`)
  expect(task).toMatchObject({
    task_type: 'mvd',
    active: true,
    frequency: 15,
    notes: '',
    task_details: { line_uuid: LINE_ID, use_excluded_part_ids: false, use_excluded_model_numbers: false },
  })
  expect(task!.task_details.signal_uuids).toHaveLength(2)
  const rules = await (
    await apiAs(request)
  ).get<Rule[]>(`/api/notifications/monitor-rules/${task!.task_uuid}`)
  expect(
    rules
      .filter((r) => r.active)
      .map((r) => r.type)
      .sort(),
  ).toEqual(['Consecutive', 'ExceedanceTime'])

  await deleteTasks(request, LINE_ID, ['mvd'], 'E2E admin')
  await context.close()
})

test('MON-08 a task changed through the task and CAP-mode calls shows on the tablet as the same monitor; one made on the tablet offline reaches the server as a task', async ({
  browser,
  request,
}) => {
  const { context, page, drawer } = await newMonitorOffline(browser, LINE, SECTION)
  const name = `E2E admin mapping ${Date.now()}`
  await drawer.getByRole('textbox', { name: 'Monitor name' }).fill(name)
  await drawer.getByRole('radio', { name: 'Low' }).tap()
  await drawer.getByRole('textbox', { name: 'Notes' }).fill('made offline')
  await pickSignal(drawer, 'Torque 2')
  await pickSignal(drawer, 'Gap 2')
  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const task = (await tasksOfLine(request)).find((t) => t.task_name === name)!
  // monitor_filter ⇄ task_details: the line, the two signals, no groups, the Low threshold's value.
  expect(task.task_details.line_uuid).toBe(LINE_ID)
  expect(task.task_details.signal_uuids).toHaveLength(2)
  expect(task.task_details.signal_group_uuids).toEqual([])
  expect(task.notes).toBe('made offline')
  const low = task.task_details.alert_threshold

  // The same task read by its uuid (task_uuid is the monitor's uuid on both sides).
  const byId = await request.post('/api/tasks/get-monitor-by-id', { data: { taskId: task.task_uuid } })
  expect(byId.status()).toBe(200)
  expect(((await byId.json()) as Task).task_name).toBe(name)

  // Another client updates the task: the tablet shows the new name and threshold on the same row.
  const put = await request.put('/api/tasks/update-task', {
    data: {
      ...task,
      task_name: `${name} renamed`,
      task_details: { ...task.task_details, alert_threshold: 0.9 },
    },
  })
  expect(put.status()).toBe(200)
  expect(((await put.json()) as Task).task_details.alert_threshold).not.toBe(low)
  await page.getByRole('button', { name: `View ${name} renamed` }).tap()
  const view = drawerOf(page, 'MVD Monitor Details')
  await expect(view.getByRole('radio', { name: 'High' })).toBeChecked()
  await view.getByRole('button', { name: 'Close', exact: true }).tap()

  // CAP mode: PATCH monitors/{uuid} switches the same monitor off on the tablet.
  const patch = await request.patch(`/api/monitors/${task.task_uuid}`, { data: { active: false } })
  expect(patch.status()).toBe(200)
  await expect(page.getByRole('switch', { name: `Active: ${name} renamed` })).not.toBeChecked()

  // CAP mode: POST monitors with a signalId makes that signal's cap monitor once, then answers it.
  const capBefore = await tasksOfLine(request, 'cap')
  const signalId = [`${LINE_ID}-st-3-m2`, `${LINE_ID}-st-2-m3`, `${LINE_ID}-st-3-m1`].find(
    (id) => !capBefore.some((t) => t.task_details.signal_uuids.includes(id)),
  )!
  const created = await request.post('/api/monitors', { data: { signalId } })
  expect(created.status()).toBe(201)
  const { uuid } = (await created.json()) as { uuid: string }
  const again = await request.post('/api/monitors', { data: { signalId } })
  expect(again.status()).toBe(200)
  expect(((await again.json()) as { uuid: string }).uuid).toBe(uuid)
  const cap = (await tasksOfLine(request, 'cap')).find((t) => t.task_uuid === uuid)
  expect(cap).toMatchObject({ task_type: 'cap', active: true, task_details: { signal_uuids: [signalId] } })
  expect((await request.delete('/api/tasks/delete-task', { data: { monitor_uuid: uuid } })).status()).toBe(
    204,
  )

  await deleteTasks(request, LINE_ID, ['mvd'], 'E2E admin')
  await context.close()
})
