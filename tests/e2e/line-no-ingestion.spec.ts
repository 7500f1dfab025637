import { expect, test } from '@playwright/test'
import { ADMIN, apiAs, editLineCell, HOURS, lineRow } from './support/app'
import { openSyncedTablet } from './support/tablet'

/**
 * LINE-07 on a 1024×768 touch tablet: a line is flagged 'No Ingestion' exactly when its last
 * ingested time plus its threshold hours is past. The seeded Machining line last sent data two hours
 * before the server started; its threshold is changed offline around that, then put back.
 */

interface Line {
  lastIngestedTime: string | null
  ingestionThresholdHours: number
}

test('LINE-07 OFF-02 the No Ingestion flag follows the threshold hours set offline, and the server keeps them', async ({
  browser,
  request,
}) => {
  const api = await apiAs(request)
  const before = await api.get<Line>('/api/lines/line-machining')
  const ageHours = (Date.now() - Date.parse(before.lastIngestedTime!)) / 3_600_000
  // Two hours and a little: 1 hour is past, 3 hours is not (a run lasts minutes).
  expect(ageHours).toBeGreaterThan(1)
  expect(ageHours).toBeLessThan(3)

  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')
  const row = lineRow(page, '^Machining Line')
  const flag = row.getByText('No Ingestion', { exact: true })
  await expect(row).toBeVisible()
  await expect(flag).toHaveCount(0)

  await context.setOffline(true)
  await editLineCell(page, HOURS, 'Machining Line', '1')
  await expect(flag).toBeVisible()
  await editLineCell(page, HOURS, 'Machining Line', '3')
  await expect(flag).toHaveCount(0)
  await editLineCell(page, HOURS, 'Machining Line', '1')
  await expect(flag).toBeVisible()
  await expect(row.getByText('Pending')).toBeVisible()

  // The flag is the line's own: Final Assembly (data an hour ago, its threshold untouched) has none.
  await expect(lineRow(page, '^Final Assembly').getByText('No Ingestion', { exact: true })).toHaveCount(0)

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect((await api.get<Line>('/api/lines/line-machining')).ingestionThresholdHours).toBe(1)

  // Put back by another client: the flag goes on the tablet as the change arrives.
  const restore = await api.patch('/api/lines/line-machining', {
    ingestionThresholdHours: before.ingestionThresholdHours,
  })
  expect(restore.status()).toBe(200)
  await expect(flag).toHaveCount(0)
  await context.close()
})
