import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchBenchBrowser, signInWithForm, waitForFirstSync } from './support/bench-browser'
import { startSeededServer } from './support/seeded-server'
import { ms, percentile, table } from './stats'

/**
 * Signal Management on a big line (SM-02): a line of about 5,000 signals in headless Chromium at the
 * tablet viewport — the time from choosing the line to its tree on screen, and from a shift-click
 * at the far end of the tree (a range across every station) to the selection shown. Prints figures;
 * never passes or fails on time.
 */
const RUNS = 3
/** Asked of the seed: single-sided measurements have no lower limit, so the line ends a little above 5,000. */
const LINE_SIGNALS = 5100

export async function benchSignalTree(): Promise<void> {
  const { base, stop } = await startSeededServer('signals', 8793, [
    '--signals',
    String(LINE_SIGNALS + 400),
    '--line-signals',
    String(LINE_SIGNALS),
  ])
  const browser = await launchBenchBrowser()
  try {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
    })
    const page = await context.newPage()
    await page.goto('/settings?section=SIGNAL_MANAGEMENT')
    await signInWithForm(page)
    await waitForFirstSync(page)
    const pick = async (line: string) => {
      await page
        .getByRole('main')
        .getByRole('button', { name: / Line$/ })
        .first()
        .click()
      await page.getByRole('option', { name: line }).click()
    }
    const tree = page.getByRole('tree', { name: 'Stations and signals' })
    const showTimes: number[] = []
    const rangeTimes: number[] = []
    let selected = 0
    for (let run = 0; run < RUNS; run++) {
      await pick('Paint Line')
      await page.getByRole('treeitem', { name: 'Measurement (3)' }).first().waitFor({ timeout: 120_000 })
      const t0 = Date.now()
      await pick('Bulk 1 Line')
      await page
        .getByRole('treeitem', { name: /^Measurement \(\d{3,}\)$/ })
        .first()
        .waitFor()
      showTimes.push(Date.now() - t0)

      // First signal, then shift-click the last one: a range across every station.
      await tree.evaluate((el) => (el.scrollTop = 0))
      // The window of rows follows the scroll a frame later.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
      await page.locator('.qm-sm-signal').first().click()
      await tree.evaluate((el) => (el.scrollTop = el.scrollHeight))
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
      const last = page.locator('.qm-sm-signal').last()
      await last.waitFor()
      const t1 = Date.now()
      await last.click({ modifiers: ['Shift'] })
      const summary = page.getByRole('button', { name: /^See selection summary \(\d{4,}\)$/ })
      await summary.waitFor()
      rangeTimes.push(Date.now() - t1)
      selected = Number(/\((\d+)\)/.exec((await summary.textContent()) ?? '')?.[1] ?? 0)
      await page.getByRole('button', { name: 'Clear selection' }).click()
    }
    console.log(
      `\nSignal Management — a line of ${selected.toLocaleString('en-US')} signals, 1024×768 touch, ${RUNS} runs`,
    )
    console.log(
      table([
        ['measure', 'median', 'worst'],
        ['choose the line → its tree shown', ms(percentile(showTimes, 50)), ms(Math.max(...showTimes))],
        [
          `shift-click across the tree → ${selected.toLocaleString('en-US')} signals selected and shown`,
          ms(percentile(rangeTimes, 50)),
          ms(Math.max(...rangeTimes)),
        ],
      ]),
    )
  } catch (err) {
    const pages = browser.contexts().flatMap((c) => c.pages())
    if (pages[0]) await pages[0].screenshot({ path: join(tmpdir(), 'qm-bench-signals-failure.png') })
    throw err
  } finally {
    await browser.close()
    await stop()
  }
}
