import { launchBenchBrowser, signInWithForm } from './support/bench-browser'
import { startSeededServer } from './support/seeded-server'
import { machineLoad } from './support/machine-load'
import { profileTop, traceTop } from './support/cpu-profile'
import { goalLine, mainThreadCpu, repetitions, timeInPage } from './support/time-in-page'
import { ms, percentile, table } from './stats'

/**
 * The monitor form's Signals tab on a large line (SIG-01: "2,000 signals without lag on a tablet"),
 * in headless Chromium against the real server: time from pressing Create (the form opens on its
 * Signals tab) to the stations tree shown, from opening a station of ~1,000 signals to its rows shown, and per selection press to the
 * row shown selected — each also with the CPU slowed 4× (a tablet's CPU). Times are measured in the
 * page (performance.now to the next painted frame), not through the test driver. Issue 27's goal: the
 * Signals tab with its tree shown within 300 ms at 4× slower CPU (median of the runs, each printed).
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
    const drawer = page.getByRole('dialog', { name: 'New MVD Monitor' })
    // MVD opens on its Signals tab: Create pressed → the stations tree shown.
    const createToTree = () =>
      timeInPage(page, { press: 'button:Create', shown: '[role=tree][aria-label=Stations] [role=treeitem]' })
    /** Closes the edited form without saving (Cancel, then Discard). */
    const discard = async () => {
      await drawer.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click()
      await drawer.waitFor({ state: 'detached' })
    }
    const rows: Array<Array<string>> = [['measure (Bulk 1 line)', 'median', 'p95', 'runs']]
    let tablet: number[] = []
    const tabletCpu: number[] = []
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      const label = rate === 1 ? '' : ` (CPU ${rate}× slower)`
      const tab: number[] = []
      const open: number[] = []
      const press: number[] = []
      for (let run = 0; run < 5; run++) {
        const cpuBefore = await mainThreadCpu(cdp)
        tab.push(await createToTree())
        if (rate === 4) tabletCpu.push((await mainThreadCpu(cdp)) - cpuBefore)
        await drawer.getByRole('textbox', { name: 'Monitor name' }).fill('Bench')
        // The second station in name order (Inspect) holds about a third of the line's signals.
        const station = '[role=tree][aria-label=Stations] [role=treeitem][aria-posinset="2"]'
        open.push(
          await timeInPage(page, {
            press: `${station} .qm-vtree-chevron`,
            shown: '[role=treeitem][aria-level="2"]',
          }),
        )
        for (let i = 3; i < 8; i++) {
          press.push(
            await timeInPage(page, {
              press: `[role=tree][aria-label=Stations] [role=treeitem][aria-posinset="${i}"]`,
              shown: `[role=tree][aria-label=Stations] [role=treeitem][aria-posinset="${i}"][aria-selected=true]`,
            }),
          )
        }
        await discard()
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
      if (rate === 4) tablet = tab
    }
    console.log(
      `\nMonitor form, Signals tab (headless Chromium, 1024×768, ${signals.toLocaleString('en-US')}+ signals seeded)`,
    )
    console.log(table(rows))
    console.log(`Create pressed → Signals tab tree shown at 4× slower CPU, each run: ${repetitions(tablet)}`)
    console.log(
      `the same runs' main-thread CPU time (waiting for a core not counted): ${repetitions(tabletCpu)}, median ${Math.round(percentile(tabletCpu, 50))} ms`,
    )
    console.log(goalLine('Signals tab', percentile(tablet, 50), 300))
    console.log(machineLoad())
    if (process.env.BENCH_PROFILE === '1') {
      // One more run at 4× under the sampling profiler (kept out of the figures above).
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      const top = await profileTop(cdp, createToTree)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      await drawer.getByRole('textbox', { name: 'Monitor name' }).fill('Bench')
      await discard()
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      const traced = await traceTop(browser, page, createToTree)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      await drawer.getByRole('textbox', { name: 'Monitor name' }).fill('Bench')
      await discard()
      console.log('\nProfile: Create pressed → Signals tab tree shown, CPU 4× slower')
      console.log(table([['', 'time', 'function'], ...top, ...traced]))
    }
  } finally {
    await browser.close()
    await stop()
  }
}
