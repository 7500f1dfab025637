import { existsSync, readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time (user + system) of process trees, read from Linux's /proc, per part: the server, and the
 * browser split into its browser process (where Chromium runs IndexedDB's database) and its page
 * (renderer) processes. A first sync on a 2-core machine is bound by the sum of these, so the bench
 * prints where that sum goes. Empty where /proc is not there (another OS): the bench then prints
 * no CPU rows.
 */
export type CpuSample = ReadonlyMap<number, { readonly part: string; readonly ms: number }>

/** The CPU each process of the trees under `roots` ({part name: root pid}) has used so far. */
export function sampleCpu(roots: Readonly<Record<string, number>>): CpuSample {
  const sample = new Map<number, { part: string; ms: number }>()
  if (!existsSync('/proc/self/stat')) return sample
  const children = new Map<number, number[]>()
  const stats = new Map<number, { ms: number; browserType: string }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // Fields after the command name, which may itself hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const parent = Number(fields[1])
      children.set(parent, [...(children.get(parent) ?? []), pid])
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
      const browserType = /--type=(\w+)/.exec(cmdline)?.[1] ?? 'browser'
      stats.set(pid, { ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS, browserType })
    } catch {
      // The process ended while we read.
    }
  }
  for (const [name, root] of Object.entries(roots)) {
    const queue = [root]
    while (queue.length > 0) {
      const pid = queue.pop()!
      const stat = stats.get(pid)
      if (stat) {
        const part = name === 'browser' ? browserPart(stat.browserType) : name
        sample.set(pid, { part, ms: stat.ms })
      }
      queue.push(...(children.get(pid) ?? []))
    }
  }
  return sample
}

/** The first child process of `parent` whose command line matches (e.g. the browser Playwright started). */
export function findChildProcess(parent: number, match: RegExp): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) continue
      if (match.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) return Number(entry)
    } catch {
      // The process ended while we read.
    }
  }
  return undefined
}

/** CPU ms per part between two samples (processes started in between count from zero). */
export function cpuBetween(before: CpuSample, after: CpuSample): ReadonlyMap<string, number> {
  const parts = new Map<string, number>()
  for (const [pid, { part, ms }] of after) {
    parts.set(part, (parts.get(part) ?? 0) + ms - (before.get(pid)?.ms ?? 0))
  }
  return parts
}

/** Clock ticks are 1/100 s on Linux (USER_HZ). */
const TICK_MS = 10

const browserPart = (type: string) =>
  type === 'browser'
    ? 'browser process (IndexedDB, network)'
    : type === 'renderer'
      ? 'page'
      : 'browser, other'
