import type { CDPSession, Page } from '@playwright/test'

/**
 * Screen timings taken inside the page: `press` is clicked by page script and the clock stops after
 * the frame that first shows `shown` (an element matching the selector, and when `text` is given,
 * whose text matches it). No test-driver round trip falls inside the timed interval, so a throttled
 * CPU (CDP Emulation.setCPUThrottlingRate) slows only the page's own work.
 */
export interface PageTarget {
  /** A CSS selector, or `button:<text>` / `option:<text>` for the button / option with that text. */
  readonly press: string
  readonly shown: string
  /** A regular expression source the shown element's text must match. */
  readonly text?: string
}

export async function timeInPage(page: Page, target: PageTarget): Promise<number> {
  // The page code is a string: tsx would wrap named functions in a helper the page does not have.
  const script = `new Promise((resolve, reject) => {
    const { press, shown, text } = ${JSON.stringify(target)}
    const byText = (selector, label) =>
      [...document.querySelectorAll(selector)].find((el) => el.textContent === label)
    const target = press.startsWith('button:')
      ? byText('button', press.slice(7))
      : press.startsWith('option:')
        ? byText('[role=option]', press.slice(7))
        : document.querySelector(press)
    if (!target) return reject(new Error('nothing to press: ' + press))
    const pattern = text === undefined ? undefined : new RegExp(text)
    const found = () =>
      pattern === undefined
        ? document.querySelector(shown) !== null
        : [...document.querySelectorAll(shown)].some((el) => pattern.test(el.textContent ?? ''))
    const t0 = performance.now()
    target.click()
    const check = () => {
      if (found()) requestAnimationFrame(() => resolve(performance.now() - t0))
      else if (performance.now() - t0 > 60000) reject(new Error('never shown: ' + shown))
      else requestAnimationFrame(check)
    }
    check()
  })`
  return (await page.evaluate(script)) as number
}

/** `goal: <name> <value> (goal <bound>) met|MISSED`, the line every goal of issue 27 is printed as. */
export const goalLine = (name: string, millis: number, bound: number): string =>
  `goal: ${name} ${Math.round(millis)} ms (goal ${bound} ms) ${millis <= bound ? 'met' : 'MISSED'}`

/** Each repetition, for the reader to see the spread behind a median. */
export const repetitions = (xs: ReadonlyArray<number>): string =>
  xs.map((x) => `${Math.round(x)}`).join(', ') + ' ms'

/**
 * The page's main-thread CPU time so far (CDP Performance metric `ThreadTime`), in ms. Time the thread
 * waited for a core is not in it, so on a loaded machine it varies less than a wall time; under CPU
 * throttling Chromium counts the slowed thread's time too (it comes out close to the wall time).
 */
export async function mainThreadCpu(cdp: CDPSession): Promise<number> {
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const thread = metrics.find((m) => m.name === 'ThreadTime')
  if (!thread) throw new Error('no ThreadTime metric in this Chromium')
  return thread.value * 1000
}
