import { expect, test } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ADMIN, apiAs, cellButton, editLineCell, HOURS } from './support/app'
import { appInstalled, openSyncedTablet } from './support/tablet'

/**
 * OFF-07 on a 1024×768 touch tablet: a new version of the app is published while the app is open
 * (the served service worker changes, as a deployment changes it); the tablet offers the update,
 * says its pending change survives it, and after updating offline the change is still pending and
 * reaches the server on reconnecting. The published service worker is put back at the end.
 */

const SW = join(process.env.DIST_DIR ?? 'dist', 'sw.js')

test('OFF-07 OFF-02 a new version is offered; Later keeps a header button; updating offline keeps the pending change, which then syncs', async ({
  browser,
  request,
}) => {
  const api = await apiAs(request)
  const before = await api.get<{ ingestionThresholdHours: number }>('/api/lines/line-machining')
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')
  await appInstalled(page)

  const published = readFileSync(SW)
  try {
    // A deployment: the service worker the server hands out is now a different file.
    writeFileSync(SW, Buffer.concat([published, Buffer.from(`\n// e2e new version ${Date.now()}\n`)]))
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      await registration?.update()
    })
    const prompt = page.getByRole('region', { name: 'A new version is available' })
    await expect(prompt).toBeVisible({ timeout: 30_000 })
    await expect(prompt).toContainText('Updating reloads the app.')

    // A change made offline while the update waits: the prompt says it is safe.
    await context.setOffline(true)
    const next = before.ingestionThresholdHours === 40 ? 41 : 40
    await editLineCell(page, HOURS, 'Machining Line', String(next))
    await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
    await expect(prompt).toContainText(
      'Your 1 pending change is saved on this device and will sync after the update.',
    )

    // Later: the prompt goes, a header button stays.
    await prompt.getByRole('button', { name: 'Later' }).tap()
    await expect(prompt).toHaveCount(0)
    const updateButton = page.getByRole('button', { name: 'Update available' })
    await expect(updateButton).toBeVisible()

    // Updating (still offline) reloads into the new version; the change is still pending.
    await page.evaluate(() => {
      ;(window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate = true
    })
    const reloaded = page.waitForEvent('load', { timeout: 30_000 })
    await updateButton.tap()
    await reloaded
    expect(
      await page.evaluate(() => (window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate),
    ).toBeUndefined()
    await expect(page.getByTestId('signed-in-user')).toBeVisible()
    await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
    await expect(cellButton(page, HOURS, 'Machining Line')).toHaveText(String(next))
    await expect(page.getByRole('button', { name: 'Update available' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'A new version is available' })).toHaveCount(0)

    await context.setOffline(false)
    await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
    expect(
      (await api.get<{ ingestionThresholdHours: number }>('/api/lines/line-machining'))
        .ingestionThresholdHours,
    ).toBe(next)
  } finally {
    writeFileSync(SW, published)
  }
  expect(
    (
      await api.patch('/api/lines/line-machining', {
        ingestionThresholdHours: before.ingestionThresholdHours,
      })
    ).status(),
  ).toBe(200)
  await context.close()
})

test('OFF-07 on a page the installed app serves, the new version waits for Update, then takes over and reloads', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')
  await appInstalled(page)
  // Reloaded, the page is served by the installed app (its service worker controls it).
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(page.getByTestId('signed-in-user')).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  const published = readFileSync(SW)
  try {
    const version = `e2e new version ${Date.now()}`
    writeFileSync(SW, Buffer.concat([published, Buffer.from(`\n// ${version}\n`)]))
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update()
    })
    const prompt = page.getByRole('region', { name: 'A new version is available' })
    await expect(prompt).toBeVisible({ timeout: 30_000 })
    // The new version waits while this page uses the old one.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null),
    ).toBe(true)

    const reloaded = page.waitForEvent('load', { timeout: 30_000 })
    await prompt.getByRole('button', { name: 'Update' }).tap()
    await reloaded
    await expect(page.getByTestId('signed-in-user')).toBeVisible()
    await expect(page.getByRole('region', { name: 'A new version is available' })).toHaveCount(0)
    // The waiting version took over: nothing waits any more, and it serves this page.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return {
          waiting: registration?.waiting !== null,
          controlled: navigator.serviceWorker.controller?.state === 'activated',
        }
      }),
    ).toEqual({ waiting: false, controlled: true })
  } finally {
    writeFileSync(SW, published)
  }
  await context.close()
})
