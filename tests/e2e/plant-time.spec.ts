import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { ADMIN } from './support/app'
import { goOffline, signInTablet, tabletContext } from './support/tablet'

/**
 * Plant time (SHELL-09) on both kinds of browser. Chromium here has its own Temporal, so the app does
 * not download the polyfill; a browser without one (an older tablet's) fetches it before any
 * plant-time code runs, and has it offline too. The seeded Teams webhook of Final Assembly was saved
 * at 14:00 UTC on 2026-01-15: 08:00 in the plant's zone, America/Chicago.
 */
const POLYFILL = /\/assets\/temporal-polyfill-[^/]*\.js$/

test('SHELL-09 a browser with its own Temporal shows plant times without downloading the polyfill', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  const polyfill = polyfillRequests(page)
  await showsSeededWebhookTime(page)
  expect(await page.evaluate(() => typeof (globalThis as { Temporal?: unknown }).Temporal)).toBe('object')
  expect(polyfill).toEqual([])
  await context.close()
})

test('SHELL-09 a browser without Temporal fetches the polyfill and shows plant times, online and offline', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  await withoutTemporal(context)
  const page = await context.newPage()
  const polyfill = polyfillRequests(page)
  await showsSeededWebhookTime(page)
  expect(polyfill.length).toBeGreaterThan(0)

  // Offline, the service worker serves the polyfill with the rest of the app.
  await goOffline(context, page)
  await expect(page.getByRole('heading', { name: 'Microsoft Teams Integrations' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Final Assembly/ })).toContainText('2026-01-15 08:00')
  await context.close()
})

/** Paths of the polyfill's chunk the page requests, as they happen. */
function polyfillRequests(page: Page): Array<string> {
  const seen: Array<string> = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (POLYFILL.test(path)) seen.push(path)
  })
  return seen
}

/** Every page of the context starts as a browser that has no Temporal of its own. */
async function withoutTemporal(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal
  })
}

async function showsSeededWebhookTime(page: Page): Promise<void> {
  await signInTablet(page, ADMIN, 'MS_TEAMS')
  await expect(page.getByRole('heading', { name: 'Microsoft Teams Integrations' })).toBeVisible()
  const assembly = page.getByRole('row', { name: /Final Assembly/ })
  await expect(assembly).toContainText('America/Chicago')
  await expect(assembly).toContainText('2026-01-15 08:00')
}
