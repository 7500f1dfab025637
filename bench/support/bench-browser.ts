import { chromium, type Browser, type Page } from '@playwright/test'
import { DEFAULT_DEMO } from '../../sync-server/config'
import type { AppWindow } from './app-window'

/**
 * The browser every benchmark measures in, and the end-to-end tests run in (playwright.config.ts) — Debian's Chromium, headless, with the flags that keep
 * Chromium's own background work out of the figures — and the steps every benchmark repeats:
 * signing in through the real form and waiting for the first sync to finish.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Debian's Chromium (Playwright cannot download its own here); CHROMIUM_PATH overrides it. */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
  })
}

/** Fills and sends the sign-in form shown on `page` (the demo administrator by default). */
export async function signInWithForm(
  page: Page,
  email: string = DEFAULT_DEMO.adminEmail,
  password: string = DEFAULT_DEMO.adminPassword,
): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Until the device's first sync is done (the controller's status, exposed on window.__qm). */
export async function waitForFirstSync(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      // Before the app's script ran, there is no handle yet.
      const qm = (window as unknown as Partial<AppWindow>).__qm
      const s = qm?.controller.status$.value
      return s !== undefined && s.initialProgress === null && s.lastSyncedAt !== null
    },
    undefined,
    { timeout: 30 * 60_000, polling: 250 },
  )
}
