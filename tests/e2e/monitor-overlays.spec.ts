import { expect, test } from '@playwright/test'
import { apiAs, chooseLine } from './support/app'
import { drawerOf, newMonitorOffline, pickSignal, type Task } from './support/monitors'
import { openSyncedTablet } from './support/tablet'

/**
 * The monitor form's texts and overlays on a 1024×768 touch tablet: the Signals tab's field
 * 'Signal selection' with its hint 'Required' and the wizard prompt (SIG-06), the Alert Rules tab
 * following rules changed over REST (RULE-04), and 'Error loading form' when the monitor the form
 * shows is deleted elsewhere (MON-02). A monitor made here is named 'E2E …' and deleted again.
 */

const LINE = 'Final Assembly'
const LINE_ID = 'line-assembly'

test('SIG-06 offline, the Signals tab names the field Signal selection, hints Required, prompts Please select at least 1 signal. and wants 2 signals for MVD', async ({
  browser,
}) => {
  const { context, page, drawer } = await newMonitorOffline(browser, LINE)
  // A name, so that only the signal selection can hold the tab.
  await drawer.getByRole('button', { name: /^Default name/ }).tap()
  const selected = drawer.getByRole('region', { name: 'Selected Items' })
  await expect(selected.getByText('Signal selection', { exact: false })).toBeVisible()
  await expect(selected.getByText('Required', { exact: true })).toBeVisible()
  await expect(selected.getByText('Please select at least 1 signal.', { exact: true })).toBeVisible()

  // Nothing chosen, then one signal: the MVD rule refuses both when leaving the tab.
  const summary = page.getByRole('alertdialog')
  await drawer.getByRole('tab', { name: 'Data Filters' }).tap()
  await expect(summary).toContainText('Signal selection: At least 2 items must be selected')
  await summary.getByRole('button', { name: 'OK' }).tap()
  await expect(drawer.getByText('Signal selection: At least 2 items must be selected')).toBeVisible()
  await pickSignal(drawer, 'Torque 2')
  await expect(selected.getByRole('listitem')).toHaveCount(1)
  await expect(selected.getByText('Please select at least 1 signal.')).toHaveCount(0)
  await drawer.getByRole('tab', { name: /^Data Filters/ }).tap()
  await expect(summary).toContainText('Signal selection: At least 2 items must be selected')
  await summary.getByRole('button', { name: 'OK' }).tap()
  await pickSignal(drawer, 'Angle 3')
  await expect(drawer.getByText('Signal selection: At least 2 items must be selected')).toHaveCount(0)
  await drawer.getByRole('tab', { name: 'Data Filters' }).tap()
  await expect(drawer.getByRole('tab', { name: 'Data Filters' })).toHaveAttribute('aria-selected', 'true')
  await drawer.getByRole('button', { name: 'Cancel' }).tap()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).tap()
  await expect(drawer).toHaveCount(0)

  // VIEW: the field keeps its name, but nothing can be chosen, so no hint and no prompt.
  await page.getByRole('button', { name: 'View MVD Press signals' }).tap()
  const view = drawerOf(page, 'MVD Monitor Details')
  const viewSelected = view.getByRole('region', { name: 'Selected Items' })
  await expect(viewSelected.getByRole('listitem')).toHaveCount(3)
  await expect(viewSelected.getByText('Signal selection')).toBeVisible()
  await expect(viewSelected.getByText('Required', { exact: true })).toHaveCount(0)
  await context.close()
})

test('RULE-04 MON-02 the open form follows rules PATCHed over REST, and says Error loading form once its monitor is deleted elsewhere', async ({
  browser,
  request,
}) => {
  // Another client makes a monitor of its own (a copy of a seeded one with another sample size).
  const api = await apiAs(request)
  const seeded = (await (
    await request.post('/api/tasks/get-monitor-by-id', { data: { taskId: `${LINE_ID}-svd-2` } })
  ).json()) as Task
  const name = `E2E overlays ${Date.now()}`
  const size = 400 + (Date.now() % 1000)
  const { task_uuid: _seededId, ...copy } = seeded
  const created = await request.post('/api/tasks/create-task', {
    data: {
      ...copy,
      task_name: name,
      // The period's record counts are the sample size: they change with it.
      task_details: { ...seeded.task_details, sample_size: size, start_records: size, end_records: size },
    },
  })
  expect(created.status()).toBe(201)
  const id = ((await created.json()) as Task).task_uuid

  const { context, page } = await openSyncedTablet(browser, undefined, 'SVD_ANOMALY_MONITORS')
  try {
    await chooseLine(page, LINE)
    await page.getByRole('button', { name: `View ${name}` }).tap()
    const drawer = drawerOf(page, 'SVD Monitor Details')
    await drawer.getByRole('tab', { name: 'Alert Rules' }).tap()
    await expect(drawer.getByText('No rules set: all breaches will trigger an alert')).toBeVisible()

    // RULE-04: PATCH the rules; GET answers them and the open form shows them without a reload.
    const rules = [{ type: 'Consecutive', active: true, details: { breaches: 3 } }]
    const patched = await request.patch(`/api/notifications/monitor-rules/${id}`, { data: rules })
    expect(patched.status()).toBe(200)
    expect(await api.get(`/api/notifications/monitor-rules/${id}`)).toEqual(rules)
    await expect(drawer.getByRole('switch', { name: 'Consecutive' })).toBeChecked()
    await expect(drawer.getByRole('textbox', { name: 'Consecutive Breaches' })).toHaveValue('3')
    await expect(drawer.getByText('No rules set: all breaches will trigger an alert')).toHaveCount(0)

    // MON-02: the monitor is deleted on the server: the form cannot show it any more, and says so.
    const deleted = await request.delete('/api/tasks/delete-task', { data: { monitor_uuid: id } })
    expect(deleted.status()).toBe(204)
    await expect(drawer.getByRole('alert')).toHaveText('Error loading form', { timeout: 30_000 })
    await expect(drawer.getByRole('tab', { name: 'Alert Rules' })).toHaveCount(0)
  } finally {
    await request.delete('/api/tasks/delete-task', { data: { monitor_uuid: id } })
    await context.close()
  }
})
