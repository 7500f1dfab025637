import { expect, test } from '@playwright/test'
import { ADMIN, apiAs, lineRow } from './support/app'
import { appInstalled, openSyncedTablet } from './support/tablet'

/**
 * Issue 7: a user action is one named intent applied on the device at once, cascades included,
 * and reaches the server as one unit. Deactivating a line offline stops its monitors and drops its
 * active monitor count on the device immediately; after a reload offline it is still so, and after
 * reconnecting the server holds the same.
 */
test('LINE-03 LINE-08 OFF-02 deactivating a line offline stops its monitors and drops the count at once, and the server ends the same', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')
  const api = await apiAs(request)
  const before = await api.get<Array<{ task_name: string; active: boolean }>>(
    '/api/tasks?lineId=line-machining&type=svd',
  )
  expect(before.some((t) => t.active)).toBe(true)

  // The reload below is offline: the app must be installed first.
  await appInstalled(page)
  await context.setOffline(true)
  const row = lineRow(page, 'Machining Line')
  await row.getByRole('switch', { name: 'Active: Machining Line' }).click()
  await page.getByRole('button', { name: 'Save' }).click()

  // The line now shows under Inactive, with no active monitors, before any server has seen it.
  await page.getByRole('tab', { name: 'All' }).click()
  await expect(row.getByRole('switch', { name: 'Active: Machining Line' })).not.toBeChecked()
  await expect(row.getByRole('cell').filter({ hasText: /^0$/ })).toHaveCount(1)
  await expect(row.getByText('Pending')).toBeVisible()

  // Reload with no network: still deactivated with no active monitors (the count is derived from the
  // monitors the action stopped), and the one action is pending. The monitor pages hide an inactive line.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await page.getByRole('tab', { name: 'All' }).click()
  await expect(row.getByRole('switch', { name: 'Active: Machining Line' })).not.toBeChecked()
  await expect(row.getByRole('cell').filter({ hasText: /^0$/ })).toHaveCount(1)
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const line = await api.get<{ active: boolean; activeMonitorsCount: number }>('/api/lines/line-machining')
  expect(line).toMatchObject({ active: false })
  const after = await api.get<Array<{ active: boolean }>>('/api/tasks?lineId=line-machining&type=svd')
  expect(after.every((t) => !t.active)).toBe(true)
  // The end-to-end tests share one server: reactivate the line, which restarts the monitors it
  // stopped (LINE-03), so later tests find the plant as seeded.
  expect((await api.patch('/api/lines/line-machining', { active: true })).status()).toBe(200)
  const restored = await api.get<Array<{ active: boolean }>>('/api/tasks?lineId=line-machining&type=svd')
  expect(restored.filter((t) => t.active)).toHaveLength(before.filter((t) => t.active).length)
  await context.close()
})
