import { expect, test } from '@playwright/test'
import { ADMIN, apiAs, waitSynced } from './support/app'
import { goOffline, openSyncedTablet, signInTablet, tabletContext } from './support/tablet'

/**
 * Microsoft Teams (TEAMS-01/02) on a tablet: the grid, the inline editor's rule, save and delete with
 * their toasts and confirmation, and a save made offline that reaches the server after reconnecting.
 * Every webhook these tests create is deleted again (the seeded one of Final Assembly is not touched).
 */
const WEBHOOKS = '/api/notifications/teams-webhooks/plants/plant-demo'
type Webhook = { id: string; lineId: string; lastModifiedDateTime: string }

test('TEAMS-01 TEAMS-02 the grid, the URL rule, save and delete with their toasts', async ({ browser }) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, ADMIN, 'MS_TEAMS')
  await expect(page.getByRole('heading', { name: 'Microsoft Teams Integrations' })).toBeVisible()

  // One row per line; the seeded webhook's date is in the plant's time zone (America/Chicago).
  const assembly = page.getByRole('row', { name: /Final Assembly/ })
  await expect(assembly).toContainText('Configured')
  await expect(assembly).toContainText('America/Chicago')
  await expect(assembly).toContainText('2026-01-15 08:00')
  const paint = page.getByRole('row', { name: /Paint Line/ })
  await expect(paint).toContainText('Not Configured')
  await expect(page.getByRole('row', { name: /Packaging Line/ })).toBeVisible()

  await page.getByRole('button', { name: 'Edit webhook of Paint Line' }).click()
  const field = page.getByRole('textbox', { name: 'Webhook URL for Paint Line' })
  await expect(field).toBeFocused()
  await page.getByRole('button', { name: 'Save webhook of Paint Line' }).click()
  // The error toast, and the rule's message under the field.
  await expect(page.getByRole('alert').getByText('URL cannot be blank')).toBeVisible()
  await expect(page.getByRole('main').getByText('URL cannot be blank')).toBeVisible()

  await field.fill('https://demo.webhook.office.com/webhookb2/paint-e2e')
  await page.getByRole('button', { name: 'Save webhook of Paint Line' }).click()
  await expect(
    page.getByText('Microsoft Teams integration for Paint Line successfully configured'),
  ).toBeVisible()
  await expect(paint).toContainText('Configured')
  await expect(paint).not.toContainText('Not Configured')
  await expect(field).toHaveCount(0)

  await page.getByRole('button', { name: 'Delete webhook of Paint Line' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Microsoft Teams Integration?' })
  await expect(dialog).toContainText(
    'Alerts for Paint Line will no longer be sent to this Microsoft Teams channel.',
  )
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(
    page.getByText('Microsoft Teams integration for Paint Line successfully deleted'),
  ).toBeVisible()
  await expect(paint).toContainText('Not Configured')
  await waitSynced(page)
  await context.close()
})

test('TEAMS-02 OFF-02 a webhook saved offline is pending, survives a reload and reaches the server', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'MS_TEAMS')
  await goOffline(context, page)

  await page.getByRole('button', { name: 'Edit webhook of Machining Line' }).click()
  await page
    .getByRole('textbox', { name: 'Webhook URL for Machining Line' })
    .fill('https://demo.webhook.office.com/webhookb2/machining-offline')
  await page.getByRole('button', { name: 'Save webhook of Machining Line' }).click()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  const machining = page.getByRole('row', { name: /Machining Line/ })
  await expect(machining.getByText('Pending')).toBeVisible()
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(machining).not.toContainText('Not Configured')
  await expect(machining.getByText('Pending')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await expect(machining.getByText('Pending')).toHaveCount(0)
  const api = await apiAs(request)
  const saved = (await api.get<Webhook[]>(WEBHOOKS)).find((w) => w.lineId === 'line-machining')
  expect(saved).toBeDefined()
  // Restore: Machining Line had no webhook.
  expect(
    (await request.delete(`/api/notifications/teams-webhooks/${saved!.id}`, { data: {} })).status(),
  ).toBeLessThan(300)
  await context.close()
})
