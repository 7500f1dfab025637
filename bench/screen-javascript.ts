import { type BrowserContext, type Page } from '@playwright/test'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { SETTINGS_MENU } from '../client/features/settings/settings-menu'
import { launchBenchBrowser, signInWithForm, waitForFirstSync } from './support/bench-browser'
import { startSeededServer } from './support/seeded-server'
import { table } from './stats'

/** Issue 27 goal 4: each screen's JavaScript on a fresh load, as sent (compressed), at most this. */
export const SCREEN_JAVASCRIPT_GOAL_KIB = 250

/**
 * What each screen's JavaScript costs on the wire on a fresh load: /sign-in on a new device, then
 * every settings section as the signed-in demo administrator (who sees them all), each opened by
 * its URL in a new page with the browser's HTTP cache off (a first visit's download; the device
 * keeps its session and synced data), the service worker blocked (its precache would download
 * every chunk in the background). Counted: the encoded (compressed) bodies of every script
 * response until the network is idle (the session's code, RxDB and the replication, loads right
 * after a signed-in screen's first paint: it counts), beside their decoded size (the files in
 * dist/). The goal line holds the largest screen.
 */
export async function benchScreenJavaScript(): Promise<void> {
  const { base, stop } = await startSeededServer('screen-javascript', 8812, [])
  const browser = await launchBenchBrowser()
  try {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1024, height: 768 },
      serviceWorkers: 'block',
    })
    const rows: Array<Array<string>> = [
      ['screen', 'JS on the wire', 'of it before shown', 'JS files', 'JS decoded', 'encodings'],
    ]
    const screens: Array<{ name: string; wire: number }> = []
    const record = (name: string, m: Measured) => {
      screens.push({ name, wire: m.wire })
      rows.push([
        name,
        kib(m.wire),
        kib(m.wireBeforeShown),
        String(m.files),
        kib(m.decoded),
        [...m.encodings].join(', '),
      ])
    }

    record(
      '/sign-in (new device)',
      await measure(context, '/sign-in', (page) => page.getByRole('button', { name: 'Sign in' }).waitFor()),
    )

    const setup = await context.newPage()
    await setup.goto('/sign-in')
    await signInWithForm(setup)
    await waitForFirstSync(setup)
    await setup.close()

    for (const item of SETTINGS_MENU.flatMap((e) => (e.kind === 'group' ? e.items : [e.item]))) {
      const heading = SECTION_HEADING[item.section] ?? item.title
      const measured = await measure(context, `/settings?section=${item.section}`, (page) =>
        page.getByRole('heading', { name: heading, level: 2, exact: true }).waitFor({ timeout: 60_000 }),
      )
      record(`${item.label} (${item.section})`, measured)
    }

    console.log(
      '\nEach screen’s JavaScript on a fresh load (headless Chromium, HTTP cache off, service worker blocked)',
    )
    console.log(table(rows))
    const largest = screens.reduce((a, b) => (b.wire > a.wire ? b : a))
    const bound = SCREEN_JAVASCRIPT_GOAL_KIB * 1024
    console.log(
      `goal: JavaScript of the largest screen on a fresh load, compressed (${largest.name}) ${kib(largest.wire)} (goal ≤ ${kib(bound)}) ${largest.wire <= bound ? 'met' : 'MISSED'}`,
    )
  } finally {
    await browser.close()
    await stop()
  }
}

/** Sections whose page heading is not their menu title (client/features/monitors/monitor-labels.ts). */
const SECTION_HEADING: Partial<Record<string, string>> = {
  SVD_ANOMALY_MONITORS: 'SVD Monitors',
  MVD_ANOMALY_MONITORS: 'MVD Monitors',
}

interface Measured {
  readonly wire: number
  /** Of `wire`, the scripts requested before the screen was shown (the rest loads after its first paint). */
  readonly wireBeforeShown: number
  readonly decoded: number
  readonly files: number
  readonly encodings: ReadonlySet<string>
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

/** Opens `path` in a new page with no HTTP cache, waits for `ready` and a quiet network, sums its scripts. */
async function measure(
  context: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<Measured> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const sizes: Array<Promise<{ wire: number; decoded: number; encoding: string }>> = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    // The app's own scripts (the only ones it has), each counted once per page.
    if (response.request().resourceType() !== 'script') return
    sizes.push(
      response
        .request()
        .sizes()
        .then(async (s) => ({
          wire: s.responseBodySize,
          decoded: statSync(join('dist', url.pathname)).size,
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        })),
    )
  })
  await page.goto(path)
  await ready(page)
  const shown = sizes.length
  await page.waitForLoadState('networkidle')
  const all = await Promise.all(sizes)
  await cdp.detach()
  await page.close()
  return {
    wire: all.reduce((s, x) => s + x.wire, 0),
    wireBeforeShown: all.slice(0, shown).reduce((s, x) => s + x.wire, 0),
    decoded: all.reduce((s, x) => s + x.decoded, 0),
    files: all.length,
    encodings: new Set(all.map((x) => x.encoding)),
  }
}
