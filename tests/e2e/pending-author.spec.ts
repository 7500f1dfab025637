import { expect, test } from '@playwright/test'
import { ADMIN, OPERATOR, apiAs, cellButton, editLineCell, HOURS } from './support/app'
import { openSyncedTablet } from './support/tablet'

/**
 * Issue 11 (1): pending changes belong to their author. The administrator edits a line offline and
 * the session expires; the sign-in page says whose change waits. The operator signs in on the same
 * device: the administrator's change is not sent under the operator's session, and the header says
 * a change of another user waits. When the administrator signs in again, it is sent.
 */

test('OFF-04 SHELL-04 a pending change waits for its author when another user signs in on the device', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')
  const api = await apiAs(request)
  const before = (await api.get<{ ingestionThresholdHours: number }>('/api/lines/line-paint'))
    .ingestionThresholdHours

  await context.setOffline(true)
  await editLineCell(page, HOURS, 'Paint Line', '47')
  await expect(cellButton(page, HOURS, 'Paint Line')).toHaveText('47')

  // The session ends while offline; back online the app asks for a sign-in and names the author.
  await context.clearCookies()
  await context.setOffline(false)
  await expect(page.getByText(`1 pending change made by ${ADMIN.email} is kept on this device.`)).toBeVisible(
    {
      timeout: 30_000,
    },
  )

  await page.getByLabel('Email').fill(OPERATOR.email)
  await page.getByLabel('Password').fill(OPERATOR.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('signed-in-user')).toBeVisible()
  await expect(page.getByTestId('others-pending')).toContainText('1 change by another user', {
    timeout: 15_000,
  })
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced')
  // Nothing reached the server under the operator's session.
  expect(
    (await api.get<{ ingestionThresholdHours: number }>('/api/lines/line-paint')).ingestionThresholdHours,
  ).toBe(before)

  // The operator has nothing pending, so signing out asks nothing.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect
    .poll(
      async () =>
        (await api.get<{ ingestionThresholdHours: number }>('/api/lines/line-paint')).ingestionThresholdHours,
      {
        timeout: 30_000,
      },
    )
    .toBe(47)
  await context.close()
})
