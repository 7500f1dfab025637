import type { Browser, CDPSession, Page } from '@playwright/test'
import { writeFileSync } from 'node:fs'
import { ms } from '../stats'

/**
 * The CDP sampling profiler around a part of a benchmark (BENCH_PROFILE=1): the functions with the
 * most self time and the most total time (self plus what they called) while `work` ran. Names are the
 * built client's; build with `vite build --minify false` for readable ones.
 */
export async function profileTop(
  cdp: CDPSession,
  work: () => Promise<unknown>,
  top = 25,
): Promise<string[][]> {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await work()
  const { profile } = await cdp.send('Profiler.stop')
  // BENCH_PROFILE_FILE: the whole profile as well (a .cpuprofile DevTools opens), for call chains.
  if (process.env.BENCH_PROFILE_FILE) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile))
  const selfOf = new Map<number, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  samples.forEach((id, i) => selfOf.set(id, (selfOf.get(id) ?? 0) + (deltas[i] ?? 0) / 1000))
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const keyOf = (id: number) => {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame
    const where = url ? `${url.replace(/^.*\//, '')}:${lineNumber + 1}:${columnNumber + 1}` : ''
    return `${functionName || '(anonymous)'} ${where}`.trim()
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  // Total time: every sample counts once for each distinct function on its stack.
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  for (const [id, t] of selfOf) {
    self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + t)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf(at)
      if (seen.has(key)) continue
      seen.add(key)
      total.set(key, (total.get(key) ?? 0) + t)
    }
  }
  const rank = (m: Map<string, number>, label: string) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, t]) => [label, ms(t), key])
  return [...rank(self, 'self'), ...rank(total, 'total')]
}

/**
 * A Chromium performance trace around `work` (BENCH_PROFILE=1): the renderer main thread's events by
 * name with their summed wall time and thread CPU time — what the sampling profiler files under
 * "(program)" (style, layout, paint, IndexedDB values read back) named. Nested events count in their
 * own name and in their parent's, so the rows overlap.
 */
export async function traceTop(
  browser: Browser,
  page: Page,
  work: () => Promise<unknown>,
  top = 25,
): Promise<string[][]> {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'blink',
      'blink.user_timing',
    ],
  })
  await work()
  const buffer = await browser.stopTracing()
  // BENCH_TRACE_FILE: the whole trace as well, to open in DevTools' Performance panel.
  if (process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, buffer)
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as {
    traceEvents: Array<{
      name: string
      ph: string
      dur?: number
      tdur?: number
      pid: number
      tid: number
      args?: { name?: string }
    }>
  }
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const sums = new Map<string, { wall: number; cpu: number; n: number }>()
  for (const e of traceEvents) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || e.dur === undefined) continue
    const s = sums.get(e.name) ?? { wall: 0, cpu: 0, n: 0 }
    s.wall += e.dur / 1000
    s.cpu += (e.tdur ?? 0) / 1000
    s.n++
    sums.set(e.name, s)
  }
  return [...sums.entries()]
    .sort((a, b) => b[1].wall - a[1].wall)
    .slice(0, top)
    .map(([name, s]) => ['trace', `${ms(s.wall)} (cpu ${ms(s.cpu)}, ×${s.n})`, name])
}
