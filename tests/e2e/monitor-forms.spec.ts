import { expect, test, type Locator, type Page } from '@playwright/test'
import { apiAs, chooseLine } from './support/app'
import {
  deleteTasks,
  drawerOf,
  newMonitorDrawer,
  pickSignal,
  postMvdTask,
  type Task,
} from './support/monitors'
import { goOffline, pageOverflow, signInTablet, tabletContext } from './support/tablet'

/**
 * The MVD / SVD monitor forms (MON, SIG, FLT, RULE) on a 1024×768 touch tablet: creating offline
 * (one action, pending, then the server has the task and its rules), creating an SVD monitor
 * online, the duplicate refusal offline with 'Edit existing monitor', a rule out of bounds blocking
 * the save, and the whole create flow by keyboard. Monitors made here are named 'E2E …' and deleted
 * over REST at the end of each test, so the shared seeded data stays as it was.
 */

const LINE = 'Final Assembly'
const LINE_ID = 'line-assembly'

test('MON-01 MON-06 SIG-01 SIG-02 RULE-01 OFF-02 OFF-04 an MVD monitor with three signals and two rules created offline survives a reload as pending and reaches the server as one unit', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, undefined, 'MVD_ANOMALY_MONITORS')
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
  await goOffline(context, page)
  await chooseLine(page, LINE)

  const name = `E2E MVD offline ${Date.now()}`
  await page.getByRole('button', { name: 'Create', exact: true }).tap()
  const drawer = drawerOf(page, 'New MVD Monitor')
  await expect(drawer).toBeVisible()
  // MON-09: the defaults.
  await expect(drawer.getByRole('textbox', { name: 'Frequency (minutes)' })).toHaveValue('60')
  await expect(drawer.getByRole('radio', { name: 'Medium' })).toBeChecked()
  await expect(drawer.getByRole('switch', { name: 'Deploy on create' })).toBeChecked()
  await drawer.getByRole('textbox', { name: 'Monitor name' }).fill(name)

  // SIG-01/02: three signals of the Weld station, shown in Selected Items, one removable.
  await pickSignal(drawer, 'Torque 2')
  await pickSignal(drawer, 'Angle 3')
  await pickSignal(drawer, 'Weld Temperature 1')
  await pickSignal(drawer, 'Gap 2')
  const selected = drawer.getByRole('region', { name: 'Selected Items' })
  await expect(selected.getByRole('listitem')).toHaveCount(4)
  await selected.getByRole('button', { name: 'Remove Gap 2' }).tap()
  await expect(selected.getByRole('listitem')).toHaveCount(3)

  // SIG-03: the spec's empty result.
  await drawer.getByRole('searchbox').fill('no such signal')
  await expect(drawer.getByText('No results found')).toBeVisible()
  await expect(
    drawer.getByText('There were no stations, signals or part attributes that match your search.'),
  ).toBeVisible()

  // RULE-01: two rules on, with the spec defaults.
  await drawer.getByRole('tab', { name: 'Alert Rules' }).tap()
  await expect(drawer.getByText('No rules set: all breaches will trigger an alert')).toBeVisible()
  await drawer.getByRole('switch', { name: 'Consecutive' }).tap()
  await drawer.getByRole('switch', { name: 'Exceedance Time' }).tap()
  await expect(drawer.getByText('No rules set: all breaches will trigger an alert')).toHaveCount(0)

  // Tablet: no sideways scroll with the drawer open.
  const { scrollWidth, innerWidth } = await pageOverflow(page)
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)

  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await expect(drawer).toHaveCount(0)
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row.getByText('Pending')).toBeVisible()
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

  // Reload with no network: still listed, still pending.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Pending')).toBeVisible()

  // Reconnect: the one action reaches the server; the task and its rules are there.
  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Pending')).toHaveCount(0)
  const api = await apiAs(page.request)
  const task = (await api.get<Task[]>(`/api/tasks?lineId=${LINE_ID}&type=mvd`)).find(
    (t) => t.task_name === name,
  )
  expect(task).toMatchObject({ task_type: 'mvd', active: true })
  expect(task!.task_details.signal_uuids).toHaveLength(3)
  const rules = await api.get<Array<{ type: string; active: boolean; details: Record<string, number> }>>(
    `/api/notifications/monitor-rules/${task!.task_uuid}`,
  )
  expect(rules.filter((r) => r.active).map((r) => r.type)).toEqual(['Consecutive', 'ExceedanceTime'])
  expect(rules.find((r) => r.type === 'ExceedanceTime')?.details).toEqual({ breaches: 7, seconds: 900 })

  await deleteTasks(page.request, LINE_ID, ['mvd'], 'E2E ')
  await context.close()
})

test('MON-05 MON-06 an SVD monitor created online: filter tab first, exactly one signal, the combined success message', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, undefined, 'SVD_ANOMALY_MONITORS')
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
  const drawer = await newMonitorDrawer(page, LINE, 'New SVD Monitor')
  await expect(drawer.getByRole('tab', { name: 'Filter' })).toHaveAttribute('aria-selected', 'true')
  await expect(drawer.getByText(/^Times are in America\/Chicago/)).toBeVisible()
  // Touch: every control of the filter tab is at least 44 px tall; nothing scrolls sideways.
  expect(await smallTargets(drawer)).toEqual([])
  expect((await pageOverflow(page)).scrollWidth).toBeLessThanOrEqual(1024)

  // MON-01: Default fills the next free name; MON-03: the empty selection blocks leaving the tab.
  await drawer.getByRole('button', { name: /^Default name/ }).tap()
  const name = await drawer.getByRole('textbox', { name: 'Monitor name' }).inputValue()
  expect(name).toMatch(/^SVD Monitor \d+$/)
  const e2eName = `E2E ${name}`
  await drawer.getByRole('textbox', { name: 'Monitor name' }).fill(e2eName)
  await drawer.getByRole('tab', { name: 'Signal Selection' }).tap()
  await drawer.getByRole('tab', { name: 'Alert Rules' }).tap()
  const summary = page.getByRole('alertdialog')
  await expect(summary).toContainText('Signal selection: Signal selection is required')
  await summary.getByRole('button', { name: 'OK' }).tap()
  await expect(drawer.getByRole('tab', { name: /Signal Selection/ })).toHaveAttribute('aria-selected', 'true')
  // By keyboard too: the arrow key to the next tab is refused the same way, and the focus stays on
  // the tab still selected.
  await drawer.getByRole('tab', { name: /Signal Selection/ }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(summary).toContainText('Signal selection: Signal selection is required')
  await page.keyboard.press('Enter')
  await expect(summary).toHaveCount(0)
  await expect(drawer.getByRole('tab', { name: /Signal Selection/ })).toHaveAttribute('aria-selected', 'true')
  await expect(drawer.getByRole('tab', { name: /Signal Selection/ })).toBeFocused()

  // Exactly one signal: a second press replaces the first.
  await pickSignal(drawer, 'Torque 2')
  await pickSignal(drawer, 'Angle 3')
  await expect(drawer.getByRole('region', { name: 'Selected Items' }).getByRole('listitem')).toHaveCount(1)

  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  await expect(page.getByText('Monitor and Alert rules created')).toBeVisible()
  await expect(drawer).toHaveCount(0)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(page.request)
  const task = (await api.get<Task[]>(`/api/tasks?lineId=${LINE_ID}&type=svd`)).find(
    (t) => t.task_name === e2eName,
  )
  expect(task).toMatchObject({ task_type: 'svd', active: true })
  expect(task!.task_details.signal_uuids).toHaveLength(1)

  // VIEW from the row: inputs disabled; Edit moves to EDIT.
  await page.getByRole('button', { name: `View ${e2eName}` }).tap()
  const view = drawerOf(page, 'SVD Monitor Details')
  await expect(view.getByRole('textbox', { name: 'Monitor name' })).toBeDisabled()
  await view.getByRole('button', { name: 'Edit', exact: true }).tap()
  await expect(view.getByRole('textbox', { name: 'Monitor name' })).toBeEnabled()
  await view.getByRole('button', { name: 'Cancel' }).tap()
  await expect(view).toHaveCount(0)
  await expect(page.getByRole('button', { name: `View ${e2eName}` })).toBeFocused()

  await deleteTasks(page.request, LINE_ID, ['svd'], 'E2E ')
  await context.close()
})

test('MON-07 OFF-04 a duplicate is refused offline at once, and Edit existing monitor opens the existing one in EDIT', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, undefined, 'MVD_ANOMALY_MONITORS')
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
  await goOffline(context, page)
  const drawer = await newMonitorDrawer(page, LINE, 'New MVD Monitor')
  await drawer.getByRole('textbox', { name: 'Monitor name' }).fill('E2E duplicate')
  // The seeded 'MVD Press signals' watches exactly these three signals with the default filter.
  await pickSignal(drawer, 'Press Voltage 1')
  await pickSignal(drawer, 'Gap 2')
  await pickSignal(drawer, 'Flatness 3')
  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()

  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Duplicate Monitor Found')
  await expect(dialog).toContainText(
    'You already have a monitor MVD Press signals configured with these settings.',
  )
  await dialog.getByRole('button', { name: 'Edit existing monitor' }).tap()
  const existing = drawerOf(page, 'MVD Monitor Details')
  await expect(existing.getByRole('textbox', { name: 'Monitor name' })).toHaveValue('MVD Press signals')
  await expect(existing.getByRole('textbox', { name: 'Monitor name' })).toBeEnabled()
  await expect(existing.getByRole('button', { name: 'Save' })).toBeVisible()
  await existing.getByRole('button', { name: 'Cancel' }).tap()
  await expect(existing).toHaveCount(0)
  // Nothing was stored or queued.
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced')
  await expect(page.getByRole('row', { name: /E2E duplicate/ })).toHaveCount(0)
  await context.close()
})

test('MON-07 OFF-04 a duplicate only the server could see comes back as a kept rejection whose Edit existing monitor opens the other monitor in EDIT', async ({
  browser,
  request,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, undefined, 'MVD_ANOMALY_MONITORS')
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
  await goOffline(context, page)
  const drawer = await newMonitorDrawer(page, LINE, 'New MVD Monitor')
  await drawer.getByRole('textbox', { name: 'Monitor name' }).fill('E2E this device')
  await pickSignal(drawer, 'Torque 2')
  await pickSignal(drawer, 'Angle 3')
  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()

  // Meanwhile another device saves a monitor with the same settings.
  const other = await postMvdTask(request, LINE_ID, 'E2E other device', [
    `${LINE_ID}-st-2-m2`,
    `${LINE_ID}-st-2-m3`,
  ])
  expect(other.status()).toBe(201)

  await context.setOffline(false)
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Duplicate Monitor Found', { timeout: 30_000 })
  await expect(dialog).toContainText(
    'You already have a monitor E2E other device configured with these settings.',
  )
  await dialog.getByRole('button', { name: 'Edit existing monitor' }).tap()
  const existing = drawerOf(page, 'MVD Monitor Details')
  await expect(existing.getByRole('textbox', { name: 'Monitor name' })).toHaveValue('E2E other device')
  await expect(existing.getByRole('button', { name: 'Save' })).toBeVisible()
  await existing.getByRole('button', { name: 'Cancel' }).tap()
  // The attempt is kept in Sync issues, with the same way to the existing monitor.
  await page.getByRole('button', { name: 'Sync issues (1)' }).tap()
  const issues = drawerOf(page, 'Sync issues')
  await expect(issues.getByText('Duplicate Monitor Found')).toBeVisible()
  await expect(issues.getByRole('button', { name: 'Edit existing monitor' })).toBeVisible()

  await deleteTasks(page.request, LINE_ID, ['mvd'], 'E2E ')
  await context.close()
})

test('RULE-02 MON-03 an enabled rule out of bounds shows its message and blocks saving', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, undefined, 'MVD_ANOMALY_MONITORS')
  const drawer = await newMonitorDrawer(page, LINE, 'New MVD Monitor')
  await drawer.getByRole('textbox', { name: 'Monitor name' }).fill('E2E rule bounds')
  // A signal group is a valid MVD selection on its own (SIG-06).
  await drawer.getByRole('treeitem', { name: /^Weld signals/ }).tap()
  await drawer.getByRole('tab', { name: 'Alert Rules' }).tap()
  await drawer.getByRole('switch', { name: 'Exceedance Runs' }).tap()
  const runs = drawer.getByRole('textbox', { name: 'Runs' })
  await runs.fill('1000')
  await expect(drawer.getByText('Runs must be 999 or less')).toBeVisible()
  // Digits only: letters are dropped.
  await runs.fill('12a')
  await expect(runs).toHaveValue('12')
  await runs.fill('1000')
  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  const summary = page.getByRole('alertdialog')
  await expect(summary).toContainText('Exceedance Runs: Runs must be 999 or less')
  await summary.getByRole('button', { name: 'OK' }).tap()
  await expect(drawer).toBeVisible()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced')
  // Switched off, the same value no longer blocks (only enabled rules do); Cancel asks before discarding.
  await drawer.getByRole('switch', { name: 'Exceedance Runs' }).tap()
  await expect(drawer.getByText('Runs must be 999 or less')).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Cancel' }).tap()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).tap()
  await expect(drawer).toHaveCount(0)
  await context.close()
})

test('MON-01 SIG-01 the whole create flow by keyboard alone, focus back on Create afterwards', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, undefined, 'MVD_ANOMALY_MONITORS')
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
  await chooseLine(page, LINE)
  const create = page.getByRole('button', { name: 'Create', exact: true })
  await tabTo(page, create)
  await page.keyboard.press('Enter')
  const drawer = drawerOf(page, 'New MVD Monitor')
  const nameBox = drawer.getByRole('textbox', { name: 'Monitor name' })
  await expect(nameBox).toBeFocused()
  const name = `E2E keyboard ${Date.now()}`
  await page.keyboard.type(name)

  // The search, then the stations tree: one tab stop, arrows to move, Space to select.
  await tabTo(page, drawer.getByRole('searchbox'))
  await page.keyboard.type('Weld')
  await tabTo(page, drawer.getByRole('tree', { name: 'Stations' }))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await expect(drawer.getByRole('region', { name: 'Selected Items' }).getByRole('listitem')).toHaveCount(2)

  // Tabs by arrow keys, a rule switched on by Space.
  await tabTo(page, drawer.getByRole('tab', { name: 'Signals' }))
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(drawer.getByRole('tab', { name: 'Alert Rules' })).toHaveAttribute('aria-selected', 'true')
  await tabTo(page, drawer.getByRole('switch', { name: 'Consecutive' }))
  await page.keyboard.press('Space')
  await expect(drawer.getByRole('switch', { name: 'Consecutive' })).toBeChecked()

  await tabTo(page, drawer.getByRole('button', { name: 'Create', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Monitor and Alert rules created')).toBeVisible()
  await expect(drawer).toHaveCount(0)
  await expect(create).toBeFocused()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible()

  // Escape closes an untouched form at once.
  await page.keyboard.press('Enter')
  await expect(drawer).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  await expect(create).toBeFocused()

  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await deleteTasks(page.request, LINE_ID, ['mvd'], 'E2E ')
  await context.close()
})

/** Visible controls in `root` shorter than the 44 px touch target (name and height), if any. */
async function smallTargets(root: Locator) {
  return root.evaluate((el) =>
    [
      ...el.querySelectorAll<HTMLElement>(
        'button, [role=tab], input:not([type=hidden]), textarea, [role=treeitem], [role=switch], a[href]',
      ),
    ]
      .filter((c) => c.getClientRects().length > 0 && getComputedStyle(c).visibility !== 'hidden')
      .map((c) => ({
        what:
          c.getAttribute('aria-label') ||
          c.textContent ||
          (c as HTMLInputElement).labels?.[0]?.textContent ||
          c.outerHTML.slice(0, 80),
        height: c.getBoundingClientRect().height,
      }))
      .filter((c) => c.height < 44),
  )
}

/** Presses Tab until `target` has the focus (keyboard only; fails after 60 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (
      await target
        .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
        .catch(() => false)
    )
      return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}
