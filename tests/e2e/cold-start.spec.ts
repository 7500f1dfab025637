import { expect, test } from '@playwright/test'
import { ADMIN, apiAs, cellButton, editLineCell, signIn, waitSynced, HOURS } from './support/app'
import { goOffline } from './support/tablet'

/**
 * A cold start offline draws Line Management from what the device stored, before its local database
 * has opened (client/db/storage/stored-view.ts). The first rows painted already carry the edits waiting to
 * sync — a row never shows its old value first — and an edit made the moment the rows appear is kept.
 */
test('OFF-02 LINE-04 a cold start offline paints the pending edit with its first rows, and an edit made at once is kept', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, ADMIN, 'LINE_MANAGEMENT')
  await waitSynced(page)
  await goOffline(context, page)
  await editLineCell(page, HOURS, 'Paint Line', '41')
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

  // Before the app's scripts: the text of the Paint Line row when it first appears (rows carry their id).
  await page.addInitScript(() => {
    const w = window as unknown as { __firstRowText?: string }
    new MutationObserver((_, observer) => {
      const row = document.querySelector('[data-row-id="line-paint"]')
      if (row) {
        w.__firstRowText = row.textContent ?? ''
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(page.locator('[data-row-id="line-paint"]')).toBeVisible()
  const first = await page.evaluate(() => (window as unknown as { __firstRowText?: string }).__firstRowText)
  expect(first).toContain('41')
  expect(first).toContain('Pending')
  // Offline, the header says when the device last synced (the time it stored), not "not yet".
  await expect(page.getByTestId('sync-status')).toContainText('Last synced:')
  await expect(page.getByTestId('sync-status')).not.toContainText('not yet')

  // At once, while the local database may still be opening.
  await editLineCell(page, HOURS, 'Final Assembly', '43')
  await expect(cellButton(page, HOURS, 'Final Assembly')).toHaveText('43')
  await expect(page.getByTestId('pending-count')).toHaveText('2 pending changes')
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(cellButton(page, HOURS, 'Final Assembly')).toHaveText('43')
  await expect(page.getByTestId('pending-count')).toHaveText('2 pending changes')

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(request)
  const hours = async (id: string) =>
    (await api.get<{ ingestionThresholdHours: number }>(`/api/lines/${id}`)).ingestionThresholdHours
  expect(await hours('line-paint')).toBe(41)
  expect(await hours('line-assembly')).toBe(43)
  await context.close()
})
