import { type BrowserContext, type Page } from '@playwright/test'
import { gzipSizeOf } from './first-screen-size'
import { launchBenchBrowser, signInWithForm, waitForFirstSync } from './support/bench-browser'
import { startSeededServer } from './support/seeded-server'
import { table } from './stats'

/**
 * What each first screen downloads (issue 13, "speed on a tablet"): the gzip size of the JavaScript
 * and, apart, the CSS the browser requested for (a) /sign-in on a new device, (b) the first Settings
 * screen a signed-in user sees (the default section, Cap Alerts) on a fresh page load, (c) Line
 * Management on a fresh page load. Against the small demo plant (no large seed), with the service
 * worker blocked so each page's own requests are what is counted (the worker's precache would
 * download every chunk in the background). Figures only; nothing passes or fails.
 */
export async function benchFirstScreen(): Promise<void> {
  const { base, stop } = await startSeededServer('first-screen', 8811, [])
  const browser = await launchBenchBrowser()
  try {
    // A tablet in landscape (the settings menu is a column at this width).
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    })
    const rows: Array<Array<string>> = [['screen', 'JS gzip', 'JS files', 'JS raw', 'CSS gzip', 'CSS files']]

    const signIn = await measure(context, async (page) => {
      await page.goto('/sign-in')
      await page.getByRole('button', { name: 'Sign in' }).waitFor()
    })
    rows.push(['/sign-in (new device)', ...signIn])

    // Sign in and let the first sync finish, so the next loads are a signed-in user's.
    const setup = await context.newPage()
    await setup.goto('/sign-in')
    await signInWithForm(setup)
    await waitForFirstSync(setup)
    await setup.close()

    const capAlerts = await measure(context, async (page) => {
      await page.goto('/settings')
      await page.getByRole('heading', { name: 'Cap Alerts', level: 2 }).waitFor({ timeout: 60_000 })
      await page.getByRole('grid').or(page.getByRole('table')).first().waitFor({ timeout: 60_000 })
    })
    rows.push(['/settings → Cap Alerts (fresh load)', ...capAlerts])

    const lines = await measure(context, async (page) => {
      await page.goto('/settings?section=LINE_MANAGEMENT')
      await page
        .getByRole('row', { name: /Final Assembly/ })
        .first()
        .waitFor({ timeout: 60_000 })
    })
    rows.push(['Line Management (fresh load)', ...lines])

    console.log('\nFirst screens — what the browser requested (headless Chromium, service worker blocked)')
    console.log(table(rows))
  } finally {
    await browser.close()
    await stop()
  }
}

/** Opens a new page, runs `open`, waits for the network to settle, and sizes what it requested. */
async function measure(context: BrowserContext, open: (page: Page) => Promise<void>): Promise<Array<string>> {
  const page = await context.newPage()
  const js = new Set<string>()
  const css = new Set<string>()
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.endsWith('.js')) js.add(path.slice(1))
    else if (path.endsWith('.css')) css.add(path.slice(1))
  })
  await open(page)
  await page.waitForLoadState('networkidle')
  await page.close()
  const j = gzipSizeOf('dist', [...js])
  const c = gzipSizeOf('dist', [...css])
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`
  return [kib(j.gzip), String(j.files), kib(j.raw), kib(c.gzip), String(c.files)]
}
