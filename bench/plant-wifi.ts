import type { Browser, CDPSession } from '@playwright/test'
import { DEFAULT_DEMO } from '../sync-server/config'
import { waitForFirstSync } from './support/bench-browser'
import { goalLine, ms, ratio, table } from './stats'

/**
 * Issue 27, goal 3: the app on plant Wi-Fi — Chromium's network emulation (5 Mbit/s down, 1 Mbit/s
 * up, 100 ms latency per request) on a new device, against a plant already seeded by the caller:
 * - first visit of /sign-in: navigation start → the frame that paints the sign-in form (its email
 *   field in the page: the app's code has loaded and run);
 * - first sync: the Sign in click → every collection pulled, beside its transfer floor — the bytes
 *   it moved as sent (compressed where the server compresses) at the link's speed, plus one latency
 *   per round of requests (requests in flight together share a round). The bytes are printed.
 * The service worker is blocked: its precache runs in its own target, which this page's network
 * emulation does not slow, so it would download at loopback speed beside the timed traffic.
 */
export interface WifiFigures {
  readonly usableMs: number
  readonly firstSyncMs: number
  readonly downBytes: number
  readonly upBytes: number
  readonly requests: number
  readonly rounds: number
  readonly floorMs: number
}

export const WIFI = { downMbit: 5, upMbit: 1, latencyMs: 100 } as const

export async function measureWifi(browser: Browser, base: string): Promise<WifiFigures> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1024, height: 768 },
    serviceWorkers: 'block',
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: WIFI.latencyMs,
      downloadThroughput: (WIFI.downMbit * 1e6) / 8,
      uploadThroughput: (WIFI.upMbit * 1e6) / 8,
    })
    await page.addInitScript(watchSignInForm)
    await page.goto('/sign-in')
    await page.waitForFunction(() => '__qmFormPainted' in window, undefined, { timeout: 120_000 })
    const usableMs = await page.evaluate(
      () => (window as unknown as { __qmFormPainted: number }).__qmFormPainted,
    )
    await page.waitForLoadState('networkidle')

    await page.getByLabel('Email').fill(DEFAULT_DEMO.adminEmail)
    await page.getByLabel('Password').fill(DEFAULT_DEMO.adminPassword)
    const traffic = recordTraffic(cdp)
    const start = Date.now()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await waitForFirstSync(page)
    const firstSyncMs = Date.now() - start
    const moved = traffic.stop()
    const floorMs =
      ((moved.downBytes * 8) / (WIFI.downMbit * 1e6)) * 1000 +
      ((moved.upBytes * 8) / (WIFI.upMbit * 1e6)) * 1000 +
      moved.rounds * WIFI.latencyMs
    return { usableMs, firstSyncMs, ...moved, floorMs }
  } finally {
    await context.close()
  }
}

export function printWifi(signals: number, f: WifiFigures): void {
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`
  console.log(
    `\nPlant Wi-Fi (Chromium network emulation: ${WIFI.downMbit} Mbit/s down, ${WIFI.upMbit} Mbit/s up, ${WIFI.latencyMs} ms latency), plant of ${signals.toLocaleString('en-US')}+ signals, new device`,
  )
  console.log(
    table([
      ['measure', 'value', 'note'],
      ['first visit of /sign-in → form painted', ms(f.usableMs), 'service worker blocked'],
      [
        'first sync, sign-in click → all pulled',
        ms(f.firstSyncMs),
        ratio(f.firstSyncMs, f.floorMs) + ' its floor',
      ],
      [
        '  transfer floor: bytes at the link speed + a latency per round',
        ms(f.floorMs),
        `${f.rounds} rounds of ${f.requests} requests`,
      ],
      ['  bytes on the wire, down (as sent, headers included)', mb(f.downBytes), ''],
      ['  bytes on the wire, up (request bodies)', mb(f.upBytes), ''],
    ]),
  )
  console.log(goalLine('Wi-Fi first visit of /sign-in → usable', f.usableMs, 1_500, ms))
  console.log(
    goalLine(
      'Wi-Fi first sync ÷ its transfer floor',
      f.firstSyncMs / f.floorMs,
      2,
      (n) => `${n.toFixed(2)}×`,
    ),
  )
}

/**
 * Every request the page makes from now until `stop`: bytes received as sent (CDP's
 * encodedDataLength: compressed bodies and headers), request bodies sent, and the rounds — a request
 * that starts after every earlier one has finished opens a new round; one that starts while another
 * is in flight shares its round (the latency is paid once for requests sent together).
 */
function recordTraffic(cdp: CDPSession): {
  stop(): { downBytes: number; upBytes: number; requests: number; rounds: number }
} {
  const started = new Map<string, { start: number; url: string }>()
  const finished: Array<{ start: number; end: number; url: string }> = []
  let downBytes = 0
  let upBytes = 0
  let recording = true
  cdp.on('Network.requestWillBeSent', (e) => {
    // The live change stream stays open for good: it is not part of a round, and carries no pull.
    if (!recording || e.request.url.startsWith('data:') || e.type === 'EventSource') return
    started.set(e.requestId, { start: e.timestamp, url: e.request.url })
    upBytes += e.request.postData?.length ?? 0
  })
  const end = (e: { requestId: string; timestamp: number }, bytes: number) => {
    const request = started.get(e.requestId)
    if (request === undefined) return
    started.delete(e.requestId)
    downBytes += bytes
    finished.push({ ...request, end: e.timestamp })
  }
  cdp.on('Network.loadingFinished', (e) => end(e, e.encodedDataLength))
  cdp.on('Network.loadingFailed', (e) => end(e, 0))
  return {
    stop() {
      recording = false
      const spans = [...finished].sort((x, y) => x.start - y.start)
      if (process.env.BENCH_DEBUG)
        for (const s of spans)
          console.log(`request ${(s.start * 1000).toFixed(0)} → ${(s.end * 1000).toFixed(0)} ${s.url}`)
      let rounds = 0
      let inFlightUntil = Number.NEGATIVE_INFINITY
      for (const s of spans) {
        if (s.start >= inFlightUntil) rounds++
        inFlightUntil = Math.max(inFlightUntil, s.end)
      }
      return { downBytes, upBytes, requests: spans.length, rounds }
    },
  }
}

/**
 * Before the page's scripts: notes the animation frame after the sign-in form's email field is in
 * the page (the app's code has loaded and rendered). (No named inner functions: tsx would wrap them
 * in a helper the page does not have.)
 */
function watchSignInForm(): void {
  const w = window as unknown as { __qmFormPainted?: number }
  new MutationObserver((_, observer) => {
    if (document.querySelector('input[type=email]') === null) return
    observer.disconnect()
    requestAnimationFrame(() => {
      w.__qmFormPainted = performance.now()
    })
  }).observe(document, { childList: true, subtree: true })
}
