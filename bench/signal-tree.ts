import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchBenchBrowser, signInWithForm, waitForFirstSync } from './support/bench-browser'
import { startSeededServer } from './support/seeded-server'
import { machineLoad } from './support/machine-load'
import { profileTop, traceTop } from './support/cpu-profile'
import { goalLine, mainThreadCpu, repetitions, timeInPage } from './support/time-in-page'
import { ms, percentile, table } from './stats'

/**
 * Signal Management on a big line (SM-02): a line of about 5,000 signals in headless Chromium at the
 * tablet viewport — the time from choosing the line to its tree on screen, and from a shift-click
 * at the far end of the tree (a range across every station) to the selection shown. Choosing the line
 * is timed in the page (option pressed → the frame showing the tree's first entity-type row), at normal
 * CPU and at 4× slower CPU (CDP CPU throttling, a tablet), beside issue 27's goal: tree shown within
 * 300 ms at 4× (median of the runs, each printed). Prints figures; never passes or fails on time.
 */
const RUNS = 5
const RANGE_RUNS = 3
/** The big line's option pressed → the frame showing its tree (an entity-type row of hundreds). */
const chooseBulk = {
  press: 'option:Bulk 1 Line',
  shown: '[role=tree][aria-label="Stations and signals"] [role=treeitem][aria-level="2"]',
  text: '^Measurement \\(\\d{3,}\\)$',
}
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
    // A small line shown, then the picker open on the big one: what each timed choice starts from.
    const openPicker = async () => {
      await pick('Paint Line')
      await page.getByRole('treeitem', { name: 'Measurement (3)' }).first().waitFor({ timeout: 120_000 })
      await page
        .getByRole('main')
        .getByRole('button', { name: / Line$/ })
        .first()
        .click()
      await page.getByRole('option', { name: 'Bulk 1 Line' }).waitFor()
    }
    const tree = page.getByRole('tree', { name: 'Stations and signals' })
    const cdp = await context.newCDPSession(page)
    const showTimes = new Map<number, number[]>()
    const tabletCpu: number[] = []
    for (const rate of [1, 4]) {
      const times: number[] = []
      for (let run = 0; run < RUNS; run++) {
        await openPicker()
        await cdp.send('Emulation.setCPUThrottlingRate', { rate })
        const cpuBefore = await mainThreadCpu(cdp)
        times.push(await timeInPage(page, chooseBulk))
        if (rate === 4) tabletCpu.push((await mainThreadCpu(cdp)) - cpuBefore)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      }
      showTimes.set(rate, times)
    }

    const rangeTimes: number[] = []
    let selected = 0
    for (let run = 0; run < RANGE_RUNS; run++) {
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
    console.log(`\nSignal Management — a line of ${selected.toLocaleString('en-US')} signals, 1024×768 touch`)
    const normal = showTimes.get(1) ?? []
    const tablet = showTimes.get(4) ?? []
    console.log(
      table([
        ['measure', 'median', 'worst', 'runs'],
        [
          'choose the line → its tree shown',
          ms(percentile(normal, 50)),
          ms(Math.max(...normal)),
          repetitions(normal),
        ],
        [
          'choose the line → its tree shown (CPU 4× slower)',
          ms(percentile(tablet, 50)),
          ms(Math.max(...tablet)),
          repetitions(tablet),
        ],
        [
          `shift-click across the tree → ${selected.toLocaleString('en-US')} signals selected and shown`,
          ms(percentile(rangeTimes, 50)),
          ms(Math.max(...rangeTimes)),
          repetitions(rangeTimes),
        ],
      ]),
    )
    console.log(
      `the 4× runs' main-thread CPU time (waiting for a core not counted): ${repetitions(tabletCpu)}, median ${Math.round(percentile(tabletCpu, 50))} ms`,
    )
    console.log(goalLine('Signal Management', percentile(tablet, 50), 300))
    console.log(machineLoad())
    if (process.env.BENCH_PROFILE === '1') {
      // Two more runs at 4×, under the sampling profiler and under a trace (kept out of the figures).
      await openPicker()
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      const top = await profileTop(cdp, async () => {
        await timeInPage(page, chooseBulk)
      })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      await openPicker()
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      const traced = await traceTop(browser, page, async () => {
        await timeInPage(page, chooseBulk)
      })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      console.log('\nProfile: choose the line → its tree shown, CPU 4× slower')
      console.log(table([['', 'time', 'function'], ...top, ...traced]))
    }
  } catch (err) {
    const pages = browser.contexts().flatMap((c) => c.pages())
    if (pages[0]) await pages[0].screenshot({ path: join(tmpdir(), 'qm-bench-signals-failure.png') })
    throw err
  } finally {
    await browser.close()
    await stop()
  }
}
