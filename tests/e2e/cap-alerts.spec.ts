import { expect, test, type APIRequestContext } from '@playwright/test'
import { ADMIN, apiAs, chooseLine, waitSynced } from './support/app'
import {
  goOffline,
  openSyncedTablet,
  pageOverflow,
  signInTablet,
  tabletContext,
  VIEWPORTS,
} from './support/tablet'

/**
 * Cap Alerts (CAPA-01..05) on a touch tablet. Every test puts back what it changed on the shared
 * server: the cap monitor the offline toggle creates is deleted, the rules and switches restored.
 */

interface Task {
  task_uuid: string
  task_name: string
  active: boolean
  task_details: { signal_uuids: string[]; use_excluded_part_ids: boolean }
}
interface Rule {
  type: string
  active: boolean
  details: { breaches: number; runs?: number; seconds?: number }
}

const capTasks = async (request: APIRequestContext, lineId: string) =>
  (await apiAs(request)).get<Task[]>(`/api/tasks?lineId=${lineId}&type=cap`)

test('CAPA-01 CAPA-02 offline, the Monitor toggle creates the cap monitor; it reaches the server on reconnect', async ({
  browser,
  request,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  // No flash: the empty-state text must never show while the local data is still arriving.
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __capEmptySeen: string[] }).__capEmptySeen = seen
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('No signals with configured limits found')) seen.push('empty')
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  await signInTablet(page, ADMIN, 'SPC_ALERT')
  await waitSynced(page)
  await expect(page.getByRole('heading', { name: 'Cap Alerts' })).toBeVisible()
  await expect(page.getByRole('switch', { name: /^Monitor: / })).toHaveCount(6)
  expect(
    await page.evaluate(() => (window as unknown as { __capEmptySeen: string[] }).__capEmptySeen),
  ).toEqual([])
  await chooseLine(page, 'Paint Line')
  await expect(page.getByText('Table only shows signals with configured limits')).toBeVisible()
  const grid = page.getByRole('table', { name: 'Cap Alerts' })
  for (const header of ['Monitor', 'Station', 'Signal', 'Alert Rules']) {
    await expect(grid.getByRole('columnheader', { name: header })).toBeVisible()
  }
  // Only signals with limits are listed: six on each seeded line, two with a cap monitor.
  await expect(grid.getByRole('switch', { name: /^Monitor: / })).toHaveCount(6)
  const toggle = page.getByRole('switch', { name: 'Monitor: Flatness 3' })
  await expect(toggle).not.toBeChecked()
  await expect(page.getByRole('button', { name: 'Edit alert rules: Flatness 3' })).toBeDisabled()
  expect(
    (await capTasks(request, 'line-paint')).some((t) =>
      t.task_details.signal_uuids.includes('line-paint-st-1-m3'),
    ),
  ).toBe(false)

  await goOffline(context, page)
  await toggle.click()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await expect(toggle).toBeChecked()
  await expect(page.getByRole('button', { name: 'Edit alert rules: Flatness 3' })).toBeEnabled()
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const created = (await capTasks(request, 'line-paint')).find((t) =>
    t.task_details.signal_uuids.includes('line-paint-st-1-m3'),
  )
  expect(created?.active).toBe(true)
  expect(created?.task_name).toMatch(/^CAP Monitor \d+$/)

  // Restore the seeded data: the created monitor goes again.
  const del = await request.delete('/api/tasks/delete-task', { data: { monitor_uuid: created!.task_uuid } })
  expect(del.status()).toBe(204)
  await expect(toggle).not.toBeChecked({ timeout: 15_000 })
  await context.close()
})

test('CAPA-03 RULE-02 the Cap Alert Rules dialog edits the monitor rules with the shared editor', async ({
  browser,
  request,
}) => {
  const monitorId = 'line-machining-st-1-m1-cap'
  const api = await apiAs(request)
  const before = await api.get<Rule[]>(`/api/notifications/monitor-rules/${monitorId}`)
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'SPC_ALERT')
  await chooseLine(page, 'Machining Line')
  const edit = page.getByRole('button', { name: 'Edit alert rules: Press Voltage 1' })
  await edit.click()
  const dialog = page.getByRole('dialog', { name: 'Cap Alert Rules' })
  await expect(dialog).toBeVisible()
  const save = dialog.getByRole('button', { name: 'Save' })
  await expect(save).toBeDisabled()

  const time = dialog.getByRole('region', { name: 'Exceedance Time' })
  const timeSwitch = time.getByRole('switch', { name: 'Exceedance Time' })
  if (await timeSwitch.isChecked()) await timeSwitch.click()
  await timeSwitch.click()
  const minutes = time.getByRole('textbox', { name: /Time \(minutes\)/ })
  await minutes.fill('0')
  await expect(time.getByText('Time must be 1 min or more')).toBeVisible()
  await expect(save).toBeDisabled()
  // Digits only: letters typed are dropped.
  await minutes.fill('')
  await minutes.pressSequentially('3x0')
  await expect(minutes).toHaveValue('30')
  await expect(time.getByText('Time must be 1 min or more')).toHaveCount(0)
  await expect(save).toBeEnabled()
  // 44 px targets for gloved hands. Polled: the dialog's own transition can leave its content scaled
  // by a hair for a moment (a full run once measured 43.99997 px), and what counts is the size at rest.
  await expect
    .poll(async () => (await timeSwitch.locator('..').boundingBox())?.height ?? 0)
    .toBeGreaterThanOrEqual(44)
  await save.click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Alert rules saved')).toBeVisible()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const after = await api.get<Rule[]>(`/api/notifications/monitor-rules/${monitorId}`)
  expect(after.find((r) => r.type === 'ExceedanceTime')).toMatchObject({
    active: true,
    details: { seconds: 1800 },
  })

  // Closing with changes asks first; Escape asks the same.
  await edit.click()
  await dialog.getByRole('region', { name: 'Consecutive' }).getByRole('switch').click()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Keep editing' }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(dialog).toHaveCount(0)

  expect((await api.patch(`/api/notifications/monitor-rules/${monitorId}`, before)).ok()).toBe(true)
  await context.close()
})

test('CAPA-04 CAPA-05 exclude switches follow the flag; the filter says when nothing matches', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'SPC_ALERT')
  await chooseLine(page, 'Machining Line')
  const grid = page.getByRole('table', { name: 'Cap Alerts' })
  await expect(grid.getByRole('columnheader', { name: 'Exclude Challenge Parts' })).toBeVisible()
  await expect(grid.getByRole('columnheader', { name: 'Exclude Model Numbers' })).toBeVisible()
  // A signal without a cap monitor has nothing to exclude yet.
  await expect(page.getByRole('switch', { name: 'Exclude Challenge Parts: Flatness 3' })).toBeDisabled()

  const exclude = page.getByRole('switch', { name: 'Exclude Challenge Parts: Press Voltage 1' })
  await expect(exclude).not.toBeChecked()
  await exclude.click()
  await expect(exclude).toBeChecked()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const task = (await capTasks(request, 'line-machining')).find(
    (t) => t.task_uuid === 'line-machining-st-1-m1-cap',
  )
  expect(task?.task_details.use_excluded_part_ids).toBe(true)
  await exclude.click()
  await expect(exclude).not.toBeChecked()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })

  await page.getByRole('searchbox', { name: 'Filter' }).fill('no such signal')
  await expect(grid.getByText('Filter returns no result')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Filter' }).fill('weld')
  await expect(grid.getByRole('switch', { name: /^Monitor: / })).toHaveCount(3)
  await context.close()
})

for (const viewport of VIEWPORTS) {
  test(`SHELL-01 CAPA-01 Cap Alerts at ${viewport.width}×${viewport.height} with touch: no sideways page scroll, every Monitor toggle and Edit button reachable`, async ({
    browser,
  }) => {
    const context = await tabletContext(browser, viewport)
    const page = await context.newPage()
    await signInTablet(page, ADMIN, 'SPC_ALERT')
    await chooseLine(page, 'Machining Line')
    const edits = page.getByRole('button', { name: /^Edit alert rules: / })
    await expect(edits).toHaveCount(6)
    const { innerWidth } = await pageOverflow(page)
    for (const control of [
      ...(await edits.all()),
      ...(await page.getByRole('switch', { name: /^Monitor: / }).all()),
    ]) {
      await control.scrollIntoViewIfNeeded()
      const box = (await control
        .locator('xpath=ancestor-or-self::*[contains(@class,"qm-hit")][1]')
        .boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(innerWidth)
    }
    const { scrollWidth } = await pageOverflow(page)
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    await context.close()
  })
}
