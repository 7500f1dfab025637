import type { Page } from '@playwright/test'
import { Messages } from '../../shared/validation/messages'
import type { AppWindow } from './app-window'

/**
 * The in-page side of the interaction bench (bench/client-interaction.ts): taps installed before any
 * app code (push requests and stream messages, in absolute page time) and the edit driver, which
 * presses a line's inline cell, types and times Enter → DOM in the page, with where the time went.
 * No Playwright round trip falls inside a timed interval.
 */

/** Where one local edit's time went, in page milliseconds from the Enter keydown. */
export interface EditTiming {
  /** Enter keydown at `performance.timeOrigin + now()` (comparable across pages of the browser). */
  readonly enterAt: number
  readonly run: number
  /** The intent ran on the device; the action is handed to the outbox (IndexedDB write next). */
  readonly computed: number
  /**
   * The outbox's changed$ reached this driver's subscriber, the last one: the screens' live reads
   * (subscribed before it) have read the action and rendered it (client/db/react/hooks.ts, flushSync).
   */
  readonly shown: number
  /** The action's IndexedDB write completed (outbox.add resolved). */
  readonly stored: number
  readonly dom: number
  readonly frame: number
}

export interface BenchWindow extends AppWindow {
  __bench: {
    pushes: Array<readonly [number, number]>
    stream: number[]
    edit(line: string, value: number): Promise<EditTiming>
    watch(line: string, value: number): void
    seen(): Promise<{ seenAt: number; streamAt: number | undefined }>
    offlineMarks?: { online?: number; acked?: number; absorbed?: number }
  }
}

/**
 * Before any app code: a shim for the helper tsx puts in serialized functions, and taps on the push
 * request and the change stream, timed in absolute page time.
 */
export const INIT_SCRIPT = `
globalThis.__name = (f) => f;
window.__bench = { pushes: [], stream: [] };
{
  const at = () => performance.timeOrigin + performance.now();
  const NativeEventSource = window.EventSource;
  window.EventSource = class extends NativeEventSource {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => window.__bench.stream.push(at()));
    }
  };
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input.url ?? String(input);
    const start = at();
    const res = await nativeFetch(input, init);
    if (url.includes('/sync/intents')) window.__bench.pushes.push([start, at()]);
    return res;
  };
}
`

/**
 * Puts the in-page edit driver on window.__bench: `edit` presses the line's hours cell, types the
 * value and times Enter → DOM; `watch`/`seen` wait on another page for the value to show.
 */
export async function installEditor(page: Page, label: string): Promise<void> {
  await page.evaluate((label) => {
    const bench = (window as unknown as BenchWindow).__bench
    const controller = (window as unknown as BenchWindow).__qm.controller
    const abs = () => performance.timeOrigin + performance.now()
    const cell = (prefix: string) =>
      [...document.querySelectorAll('button[aria-label]')].find((el) =>
        (el.getAttribute('aria-label') ?? '').startsWith(prefix),
      )
    /** Resolves with now() once `check` holds after a DOM mutation (or at once). */
    const domShows = (check: () => boolean) =>
      new Promise<number>((resolve) => {
        if (check()) return resolve(performance.now())
        const observer = new MutationObserver(() => {
          if (!check()) return
          observer.disconnect()
          resolve(performance.now())
        })
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        })
      })
    const marks: { run?: number; computed?: number; shown?: number; stored?: number } = {}
    const run = controller.run.bind(controller)
    controller.run = async (name, args) => {
      marks.run ??= performance.now()
      return run(name, args)
    }
    const outbox = (
      controller as unknown as {
        outbox: { changed$: { subscribe(fn: () => void): unknown }; add(action: unknown): Promise<unknown> }
      }
    ).outbox
    outbox.changed$.subscribe(() => (marks.shown ??= performance.now()))
    // The intent has run on the device and the action goes to the device database.
    const add = outbox.add.bind(outbox)
    let writing: Promise<unknown> = Promise.resolve()
    outbox.add = (action) => {
      marks.computed ??= performance.now()
      const written = add(action).then((stored) => {
        marks.stored ??= performance.now()
        return stored
      })
      writing = written.catch(() => undefined)
      return written
    }
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    const nextTask = () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        channel.port2.postMessage(null)
      })

    bench.edit = async (line, value) => {
      const prefix = `${label} for ${line}:`
      const button = cell(prefix) as HTMLButtonElement | undefined
      if (!button) throw new Error(`no cell ${prefix}`)
      button.click()
      const selector = `input[aria-label="${label} for ${line}"]`
      await domShows(() => document.querySelector(selector) !== null)
      const input = document.querySelector<HTMLInputElement>(selector)!
      setValue.call(input, String(value))
      input.dispatchEvent(new Event('input', { bubbles: true }))
      await nextTask()
      const expected = `${prefix} ${value}.`
      const onScreen = domShows(() => cell(expected) !== undefined)
      delete marks.run
      delete marks.computed
      delete marks.shown
      delete marks.stored
      const enter = performance.now()
      const enterAt = abs()
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
      const dom = await onScreen
      const frame = await new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())))
      // Past the timed interval: the write may still be under way when the value shows.
      await writing
      return {
        enterAt,
        run: (marks.run ?? NaN) - enter,
        computed: (marks.computed ?? NaN) - enter,
        shown: (marks.shown ?? NaN) - enter,
        stored: (marks.stored ?? NaN) - enter,
        dom: dom - enter,
        frame: frame - enter,
      }
    }
    let watching: Promise<number> | undefined
    bench.watch = (line, value) => {
      watching = domShows(() => cell(`${label} for ${line}: ${value}.`) !== undefined).then(
        (t) => performance.timeOrigin + t,
      )
    }
    bench.seen = async () => {
      const seenAt = await watching!
      const streamAt = bench.stream.filter((t) => t <= seenAt).at(-1)
      return { seenAt, streamAt }
    }
  }, label)
}

/** The label of Line Management's inline 'No Data Alert (hours)' cell, the edit both benches time. */
export const HOURS = Messages.lines.noDataAlertLabel

/** The names of the lines whose inline hours cell the page shows, in row order. */
export async function hoursCellLines(page: Page): Promise<string[]> {
  const names = await page.evaluate(
    (label) =>
      [...document.querySelectorAll('button[aria-label]')]
        .map((el) => el.getAttribute('aria-label') ?? '')
        .filter((l) => l.startsWith(`${label} for `))
        .map((l) => l.slice(label.length + 5, l.lastIndexOf(':'))),
    HOURS,
  )
  if (names.length === 0) throw new Error('Line Management shows no inline hours cell')
  return names
}
