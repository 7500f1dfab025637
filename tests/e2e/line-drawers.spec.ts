import { expect, test } from '@playwright/test'
import { apiAs, HOURS, DAYS } from './support/app'
import { goOffline, openConfigureLine, signInTablet, tabletContext } from './support/tablet'

// Issue 11 points 5 and 8 on a 1024×768 touch tablet: the Configure Line and Feeder Lines drawers.

for (const offline of [false, true]) {
  test(`LINE-05 SHELL-08 Cancel with unsaved changes asks first; focus returns to the row's Actions button${offline ? ' (offline)' : ''}`, async ({
    browser,
  }) => {
    const context = await tabletContext(browser)
    const page = await context.newPage()
    await signInTablet(page)
    await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
    if (offline) await goOffline(context, page)

    await openConfigureLine(page, 'Final Assembly')
    const drawer = page.getByRole('dialog', { name: 'Configure Line' })
    // No second banner landmark from the drawer's title row.
    await expect(page.getByRole('banner')).toHaveCount(1)
    const days = drawer.getByRole('textbox', { name: DAYS })
    await days.fill('45')

    await drawer.getByRole('button', { name: 'Cancel' }).tap()
    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' })
    await expect(ask).toBeVisible()
    await ask.getByRole('button', { name: 'Keep editing' }).tap()
    await expect(ask).toHaveCount(0)
    await expect(days).toHaveValue('45')

    // Escape asks too; Discard closes without writing anything.
    await days.press('Escape')
    await expect(ask).toBeVisible()
    await ask.getByRole('button', { name: 'Discard' }).tap()
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Actions for Final Assembly' })).toBeFocused()
    await expect(page.getByTestId('pending-count')).toHaveText('All changes synced')

    // Without changes, Cancel just closes.
    await openConfigureLine(page, 'Final Assembly')
    await drawer.getByRole('button', { name: 'Cancel' }).tap()
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Actions for Final Assembly' })).toBeFocused()
    await context.close()
  })
}

test('LINE-05 an open Configure Line drawer follows another device, and says so when a field being edited changed; the save also works offline', async ({
  browser,
  request,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
  await openConfigureLine(page, 'Machining Line')
  const drawer = page.getByRole('dialog', { name: 'Configure Line' })
  const hours = drawer.getByRole('textbox', { name: HOURS })
  const days = drawer.getByRole('textbox', { name: DAYS })
  await hours.fill('48')

  // Another device changes both numbers of the line.
  const api = await apiAs(request)
  const res = await api.patch('/api/lines/line-machining', {
    ingestionThresholdHours: 12,
    alertViewingWindowDays: 40,
  })
  expect(res.status()).toBe(200)

  // The untouched field follows; the edited one keeps the user's value and says what changed.
  await expect(days).toHaveValue('40', { timeout: 15_000 })
  await expect(hours).toHaveValue('48')
  await expect(drawer.getByTestId('changed-underneath')).toContainText(`${HOURS} is now “12”`)
  await drawer.getByRole('button', { name: 'Save' }).tap()
  await expect(drawer).toHaveCount(0)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const saved = await api.get<{ ingestionThresholdHours: number; alertViewingWindowDays: number }>(
    '/api/lines/line-machining',
  )
  expect(saved.ingestionThresholdHours).toBe(48)
  expect(saved.alertViewingWindowDays).toBe(40)

  // Offline: the same editor saves on the device, and the change reaches the server online.
  await goOffline(context, page)
  await openConfigureLine(page, 'Machining Line')
  await drawer.getByRole('textbox', { name: HOURS }).fill('24')
  await drawer.getByRole('button', { name: 'Save' }).tap()
  await expect(drawer).toHaveCount(0)
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect(
    (await api.get<{ ingestionThresholdHours: number }>('/api/lines/line-machining')).ingestionThresholdHours,
  ).toBe(24)
  await context.close()
})

test('LINE-05 LINE-06 the feeder-line picker marks lines that would make a loop and says why (online, then offline)', async ({
  browser,
  request,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
  const api = await apiAs(request)

  for (const offline of [false, true]) {
    if (offline) await goOffline(context, page)
    await page.getByRole('tab', { name: 'All' }).click()
    // Paint feeds Machining, which feeds Final Assembly: either as Paint's feeder would be a loop.
    await openConfigureLine(page, 'Paint Line')
    await page.getByRole('button', { name: 'Edit Feeder Lines' }).tap()
    const feeders = page.getByRole('dialog', { name: 'Feeder Lines' })
    for (const looping of ['Machining Line', 'Final Assembly']) {
      await expect(feeders.getByRole('checkbox', { name: looping })).toBeDisabled()
      await expect(
        feeders.getByText(`Would create a loop: ${looping} is already fed by Paint Line`),
      ).toBeVisible()
    }
    const packaging = feeders.getByRole('checkbox', { name: /^Packaging Line/ })
    await expect(packaging).toBeEnabled()
    // Online: add Packaging; offline: take it away again.
    if (offline) await packaging.uncheck()
    else await packaging.check()
    await feeders.getByRole('button', { name: 'Apply' }).tap()
    await page.getByRole('dialog', { name: 'Configure Line' }).getByRole('button', { name: 'Save' }).tap()
    await expect(page.getByRole('dialog', { name: 'Configure Line' })).toHaveCount(0)
    if (offline) {
      await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
      await context.setOffline(false)
    }
    await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
    const paint = await api.get<{ feederLineIds: string[] }>('/api/lines/line-paint')
    expect(paint.feederLineIds).toEqual(offline ? [] : ['line-packaging'])
  }
  await context.close()
})
