import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { ADMIN, waitSynced } from './app'

/** The tablets and desktop the layout is built for (docs/ui-rules.md). */
export const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const

/** A touch tablet: touch events and a coarse pointer, but a desktop browser (not a phone UA). */
export async function tabletContext(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS[0],
): Promise<BrowserContext> {
  return browser.newContext({ viewport, hasTouch: true, isMobile: false })
}

/**
 * Signs in and waits for the frame and the section. Unlike support/app.ts's signIn it does not
 * expect the side menu on screen: below 1,200 px the menu is a drawer behind the Menu button.
 */
export async function signInTablet(page: Page, who = ADMIN, section = 'LINE_MANAGEMENT'): Promise<void> {
  await page.goto(`/settings?section=${section}`, { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('signed-in-user')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`section=${section}`))
}

/** A touch tablet at 1024×768, signed in on `section`, its first sync over and nothing pending. */
export async function openSyncedTablet(
  browser: Browser,
  who = ADMIN,
  section = 'LINE_MANAGEMENT',
): Promise<{ readonly context: BrowserContext; readonly page: Page }> {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, who, section)
  await waitSynced(page)
  return { context, page }
}

/** Whether the page scrolls sideways (it must not). */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))

/**
 * Waits until the app is installed: its service worker active, with the app precached. A reload
 * with no network is served by it, and on a busy machine installing can take longer than a sign-in
 * and a first sync.
 */
export async function appInstalled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
}

/** Goes offline the way a real network loss does: cut the network, then reload (STACK-NOTES). */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await appInstalled(page)
  await context.setOffline(true)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(page.getByTestId('signed-in-user')).toBeVisible()
}

/** Opens Configure Line from the row's Actions menu (the only way in, LINE-02). */
export async function openConfigureLine(page: Page, lineName: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${lineName}` }).click()
  await page.getByRole('menuitem', { name: 'Configure Line' }).click()
  await expect(page.getByRole('dialog', { name: 'Configure Line' })).toBeVisible()
}
