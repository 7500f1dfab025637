import { expect, test } from '@playwright/test'
import {
  ADMIN,
  apiAs,
  cellButton,
  chooseLine,
  editLineCell,
  lineRow,
  signIn,
  waitSynced,
  HOURS,
  DAYS,
} from './support/app'
import { appInstalled } from './support/tablet'

test('OFF-02 OFF-03 OFF-04 edits made offline survive a reload, show as pending, and reach the server online', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, ADMIN, 'LINE_MANAGEMENT')
  await waitSynced(page)
  // The reload below is offline: the app must be installed first.
  await appInstalled(page)

  await context.setOffline(true)
  await editLineCell(page, HOURS, 'Machining Line', '36')
  await expect(cellButton(page, HOURS, 'Machining Line')).toHaveText('36')

  await page.getByRole('navigation').getByRole('link', { name: 'Single-Variate' }).click()
  // The line picker's button is named by its value and its label, e.g. 'Final Assembly Line'.
  await chooseLine(page, 'Machining Line')
  const toggle = page.getByRole('switch', { name: /^Active: SVD/ }).first()
  const wasOn = await toggle.isChecked()
  const monitorName = ((await toggle.getAttribute('aria-label')) ?? '').replace('Active: ', '')
  await toggle.click()
  // Offline the success says where the change is (issue 11): on this device, waiting to sync.
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()

  // Reload with no network: the service worker serves the app, the edits are still there, pending.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('switch', { name: `Active: ${monitorName}` })).toBeChecked({ checked: !wasOn })
  await expect(page.getByTestId('pending-count')).toHaveText('2 pending changes')
  await page.getByRole('navigation').getByRole('link', { name: 'Line Management' }).click()
  await expect(cellButton(page, HOURS, 'Machining Line')).toHaveText('36')
  await expect(lineRow(page, 'Machining Line').getByText('Pending')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(request)
  expect(
    (await api.get<{ ingestionThresholdHours: number }>('/api/lines/line-machining')).ingestionThresholdHours,
  ).toBe(36)
  const tasks = await api.get<Array<{ task_name: string; active: boolean }>>(
    '/api/tasks?lineId=line-machining&type=svd',
  )
  expect(tasks.find((t) => t.task_name === monitorName)?.active).toBe(!wasOn)
  await context.close()
})

test("OFF-03 two browsers see each other's edits live", async ({ browser }) => {
  const a = await (await browser.newContext()).newPage()
  const b = await (await browser.newContext()).newPage()
  await signIn(a)
  await signIn(b)
  await waitSynced(a)
  await waitSynced(b)
  await editLineCell(a, DAYS, 'Paint Line', '21')
  await expect(cellButton(b, DAYS, 'Paint Line')).toHaveText('21', { timeout: 15_000 })
  await editLineCell(b, DAYS, 'Paint Line', '22')
  await expect(cellButton(a, DAYS, 'Paint Line')).toHaveText('22', { timeout: 15_000 })
  await a.context().close()
  await b.context().close()
})

test('OFF-05 the same field edited offline on two devices: the server value wins, the other is kept under Sync issues', async ({
  browser,
  request,
}) => {
  const ctxA = await browser.newContext()
  const ctxB = await browser.newContext()
  const a = await ctxA.newPage()
  const b = await ctxB.newPage()
  await signIn(a)
  await signIn(b)
  await waitSynced(a)
  await waitSynced(b)
  await ctxA.setOffline(true)
  await ctxB.setOffline(true)
  await editLineCell(a, HOURS, 'Paint Line', '11')
  await editLineCell(b, HOURS, 'Paint Line', '22')

  await ctxA.setOffline(false)
  await expect(a.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await ctxB.setOffline(false)
  await expect(b.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })

  await expect(cellButton(b, HOURS, 'Paint Line')).toHaveText('11')
  await b.getByRole('button', { name: /^Sync issues \(1\)/ }).click()
  const panel = b.getByRole('dialog', { name: 'Sync issues' })
  await expect(panel.getByRole('table')).toContainText('22')
  await expect(panel.getByRole('table')).toContainText('11')
  const api = await apiAs(request)
  expect(
    (await api.get<{ ingestionThresholdHours: number }>('/api/lines/line-paint')).ingestionThresholdHours,
  ).toBe(11)

  // Re-apply makes the losing value the new one, everywhere.
  await panel.getByRole('button', { name: /^Re-apply/ }).click()
  await expect(b.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await expect(cellButton(a, HOURS, 'Paint Line')).toHaveText('22', { timeout: 15_000 })
  await ctxA.close()
  await ctxB.close()
})

test('OFF-04 LINE-06 a circular feeder line made offline is rejected with the spec message and the attempt is kept', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page)
  await waitSynced(page)

  // Offline: Machining is also fed by Packaging — no cycle as far as this device knows.
  await context.setOffline(true)
  await page.getByRole('tab', { name: 'All' }).click()
  await page.getByRole('button', { name: 'Actions for Machining Line' }).click()
  await page.getByRole('menuitem', { name: 'Configure Line' }).click()
  await page.getByRole('button', { name: 'Edit Feeder Lines' }).click()
  const feeders = page.getByRole('dialog', { name: 'Feeder Lines' })
  await feeders.getByRole('checkbox', { name: 'Packaging Line' }).check()
  await feeders.getByRole('button', { name: 'Apply' }).click()
  await page.getByRole('dialog', { name: 'Configure Line' }).getByRole('button', { name: 'Save' }).click()

  // Meanwhile another client makes Packaging fed by Assembly: with the offline edit, a loop.
  const api = await apiAs(request)
  expect((await api.patch('/api/lines/line-packaging', { feederLineIds: ['line-assembly'] })).status()).toBe(
    200,
  )

  const message =
    'The update introduces a circular dependency, where the feeder line eventually references itself through one or more connections. Please check the feeder lines and try again.'
  await context.setOffline(false)
  await expect(page.getByText(message).first()).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: /^Sync issues \(\d+\)/ }).click()
  const issues = page.getByRole('dialog', { name: 'Sync issues' })
  await expect(issues).toContainText(message)
  // The issue names what the user did, in their words (issue 7).
  await expect(issues.getByRole('heading', { name: 'Change Feeder lines of Machining Line' })).toBeVisible()
  const machining = await api.get<{ feederLineIds: string[] }>('/api/lines/line-machining')
  expect(machining.feederLineIds).toEqual(['line-paint'])
  await context.close()
})

test('SHELL-08 OFF-02 a confirmation opens offline right after a first sign-in, before anything is cached', async ({
  browser,
}) => {
  // No service worker: nothing is cached for this page, so offline it has only the code it fetched.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await signIn(page, ADMIN, 'MS_TEAMS')
  await waitSynced(page)

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Delete webhook of Final Assembly' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Microsoft Teams Integration?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('row', { name: /Final Assembly/ })).not.toContainText('Not Configured')
  await context.close()
})
