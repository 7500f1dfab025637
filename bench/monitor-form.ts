import type { Page } from '@playwright/test'
import { launchBenchBrowser, signInWithForm } from './support/bench-browser'
import { startSeededServer } from './support/seeded-server'
import { ms, percentile, table } from './stats'

/**
 * The monitor form's Signals tab on a large line (SIG-01: "2,000 signals without lag on a tablet"),
 * in headless Chromium against the real server: time from pressing Create (the form opens on its
 * Signals tab) to the stations tree shown, from opening a station of ~1,000 signals to its rows shown, and per selection press to the
 * row shown selected — each also with the CPU slowed 4× (a tablet's CPU). Times are measured in the
 * page (performance.now to the next painted frame), not through the test driver.
 */
export async function benchMonitorForm(signals = 3_000): Promise<void> {
  const { base, stop } = await startSeededServer('form', 8796, ['--signals', String(signals)])
  const browser = await launchBenchBrowser()
  try {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
    })
    const page = await context.newPage()
    await page.goto('/settings?section=MVD_ANOMALY_MONITORS')
    await signInWithForm(page)
    await page
      .getByTestId('pending-count')
      .filter({ hasText: 'All changes synced' })
      .waitFor({ timeout: 600_000 })
    await page
      .getByRole('main')
      .getByRole('button', { name: / Line$/ })
      .first()
      .click()
    await page.getByRole('option', { name: 'Bulk 1 Line', exact: true }).click()
    const cdp = await context.newCDPSession(page)
    const rows: Array<Array<string>> = [['measure (Bulk 1 line)', 'median', 'p95', 'runs']]
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      const label = rate === 1 ? '' : ` (CPU ${rate}× slower)`
      const tab: number[] = []
      const open: number[] = []
      const press: number[] = []
      for (let run = 0; run < 5; run++) {
        const drawer = page.getByRole('dialog', { name: 'New MVD Monitor' })
        // MVD opens on its Signals tab: Create pressed → the stations tree shown.
        tab.push(await timeInPage(page, 'button:Create', '[role=tree][aria-label=Stations] [role=treeitem]'))
        await drawer.getByRole('textbox', { name: 'Monitor name' }).fill('Bench')
        // The second station in name order (Inspect) holds about a third of the line's signals.
        const station = '[role=tree][aria-label=Stations] [role=treeitem][aria-posinset="2"]'
        open.push(await timeInPage(page, `${station} .qm-vtree-chevron`, '[role=treeitem][aria-level="2"]'))
        for (let i = 3; i < 8; i++) {
          press.push(
            await timeInPage(
              page,
              `[role=tree][aria-label=Stations] [role=treeitem][aria-posinset="${i}"]`,
              `[role=tree][aria-label=Stations] [role=treeitem][aria-posinset="${i}"][aria-selected=true]`,
            ),
          )
        }
        await drawer.getByRole('button', { name: 'Cancel' }).click()
        await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click()
        await drawer.waitFor({ state: 'detached' })
      }
      const row = (name: string, xs: number[]) => [
        name + label,
        ms(percentile(xs, 50)),
        ms(percentile(xs, 95)),
        String(xs.length),
      ]
      rows.push(row('Create pressed → Signals tab with its stations tree shown', tab))
      rows.push(row('station opened → its signal rows shown', open))
      rows.push(row('signal pressed → shown selected', press))
    }
    console.log(
      `\nMonitor form, Signals tab (headless Chromium, 1024×768, ${signals.toLocaleString('en-US')}+ signals seeded)`,
    )
    console.log(table(rows))
  } finally {
    await browser.close()
    await stop()
  }
}

/**
 * Clicks `press` in the page and times until `shown` exists, after the frame that shows it. The page
 * code is a string: tsx would wrap named functions in a helper the page does not have.
 */
async function timeInPage(page: Page, press: string, shown: string): Promise<number> {
  const script = `new Promise((resolve, reject) => {
    const press = ${JSON.stringify(press)}
    const shown = ${JSON.stringify(shown)}
    const target = press.startsWith('button:')
      ? [...document.querySelectorAll('button')].find((b) => b.textContent === press.slice(7))
      : document.querySelector(press)
    if (!target) return reject(new Error('nothing to press: ' + press))
    const t0 = performance.now()
    target.click()
    const check = () => {
      if (document.querySelector(shown)) requestAnimationFrame(() => resolve(performance.now() - t0))
      else if (performance.now() - t0 > 30000) reject(new Error('never shown: ' + shown))
      else requestAnimationFrame(check)
    }
    check()
  })`
  return (await page.evaluate(script)) as number
}
