import { launchBenchBrowser, signInWithForm } from './support/bench-browser'
import { startSeededServer } from './support/seeded-server'
import { ms, percentile, table } from './stats'

/**
 * Cap Limits on a line of ~1,000 measurements (CAPL-01/04 "editing stays smooth"): the time from
 * 'Show only signals with limits' off to the full grid, how many rows the page really renders (the
 * grid is virtualized), the time from a typed character to the updated cell (in-page, no CDP round
 * trip), and the time per scroll step through the whole grid. Figures only; nothing passes or fails.
 */
export async function benchLimitsGrid(): Promise<void> {
  const { base, stop } = await startSeededServer('limits', 8796, ['--signals', '3200'])
  const browser = await launchBenchBrowser()
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1024, height: 768 } })
    const page = await context.newPage()
    await page.goto('/settings?section=SPC_LIMITS')
    await signInWithForm(page)
    await page.getByText('All changes synced').waitFor({ timeout: 600_000 })
    await page.getByLabel('First sync').waitFor({ state: 'detached', timeout: 600_000 })
    await page
      .getByRole('main')
      .getByRole('button', { name: / Line$/ })
      .first()
      .click()
    await page.getByRole('option', { name: 'Bulk 1' }).click()
    await page.getByRole('table', { name: 'Cap Limits' }).waitFor()

    const t0 = Date.now()
    await page.getByRole('switch', { name: 'Show only signals with limits' }).click()
    await page.waitForFunction(
      () =>
        Number(document.querySelector('table[aria-label="Cap Limits"]')?.getAttribute('aria-rowcount')) > 900,
      undefined,
      { timeout: 120_000 },
    )
    const openMs = Date.now() - t0
    // tsx names the functions below with a helper the page does not have.
    await page.evaluate('globalThis.__name = (f) => f')
    const figures = await page.evaluate(async () => {
      const nextTask = () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => resolve()
          channel.port2.postMessage(null)
        })
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
      const table = document.querySelector('table[aria-label="Cap Limits"]')!
      const rowCount = Number(table.getAttribute('aria-rowcount')) - 1
      const rendered = table.querySelectorAll('tbody tr[aria-rowindex]').length
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      const inputs = [...table.querySelectorAll<HTMLInputElement>('input.qm-limits-input')]
      const keystrokes: number[] = []
      for (let i = 0; i < 60; i++) {
        // Ten rows get edits, so the draft carries several edited rows as typing goes on.
        const input = inputs[(i % 10) * 4 + 3]!
        const expected = `${input.value}${i % 10}`
        const start = performance.now()
        setValue.call(input, expected)
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await nextTask()
        if (input.value !== expected) throw new Error('the cell did not take the typed text')
        keystrokes.push(performance.now() - start)
      }
      // The same wait with no work in it: what the machine's load alone costs (2 shared cores).
      const idle: number[] = []
      for (let i = 0; i < 60; i++) {
        const start = performance.now()
        await nextTask()
        idle.push(performance.now() - start)
      }
      const scroller = document.querySelector<HTMLElement>('.qm-limits-scroll')!
      const steps: number[] = []
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
        const start = performance.now()
        scroller.scrollTop += scroller.clientHeight
        await frame()
        await frame()
        steps.push(performance.now() - start)
      }
      return { rowCount, rendered, keystrokes, idle, steps }
    })

    console.log(
      `\nCap Limits grid — line 'Bulk 1', ${figures.rowCount.toLocaleString('en-US')} rows (headless Chromium, 1024×768)`,
    )
    console.log(
      table([
        ['measure', 'p50', 'p95', 'max / note'],
        ["'Show only signals with limits' off → full grid", ms(openMs), '', 'one run'],
        ['rows in the DOM', String(figures.rendered), '', `of ${figures.rowCount} (virtualized)`],
        [
          'typed character → cell updated',
          ms(percentile(figures.keystrokes, 50)),
          ms(percentile(figures.keystrokes, 95)),
          ms(Math.max(...figures.keystrokes)),
        ],
        [
          'baseline: an empty task, same wait',
          ms(percentile(figures.idle, 50)),
          ms(percentile(figures.idle, 95)),
          ms(Math.max(...figures.idle)),
        ],
        [
          'scroll one screen → 2 frames painted',
          ms(percentile(figures.steps, 50)),
          ms(percentile(figures.steps, 95)),
          `${figures.steps.length} steps`,
        ],
      ]),
    )
  } finally {
    await browser.close()
    await stop()
  }
}
