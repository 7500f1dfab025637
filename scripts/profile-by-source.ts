import { existsSync, readFileSync } from 'node:fs'
import { decodeMappings, groupOf, sourceAt, type Segment, type SourceMap } from './source-maps'

/**
 * A browser CPU profile (`.cpuprofile`, as BENCH_PROFILE_FILE writes it) by the source the time was
 * spent in: each sampled function's start is mapped through the build's source maps to its package,
 * grouped as chunk-breakdown.ts groups bytes (source-maps.ts), and self time (the function itself)
 * and total time (it and what it called) are summed per group. Build with `QM_SOURCEMAP=1` (hidden
 * source maps beside the chunks), run the bench with BENCH_PROFILE=1 and BENCH_PROFILE_FILE, then
 * `npx tsx scripts/profile-by-source.ts <profile> [dist]`. FILES=1 groups by file instead;
 * DETAIL=<regex on the group> lists that group's functions with their first caller outside it;
 * TOP=n rows. Top-level module code counts where its chunk begins (all of a chunk's module bodies
 * run in one function), so a chunk's evaluation shows as "top level of <chunk>".
 */
const [profileFile, distDir = 'dist'] = process.argv.slice(2)
if (profileFile === undefined) throw new Error('usage: tsx scripts/profile-by-source.ts <profile> [dist]')
const top = Number(process.env.TOP ?? 30)
const byFile = process.env.FILES === '1' ? /./ : undefined

interface CallFrame {
  readonly functionName: string
  readonly url: string
  readonly lineNumber: number
  readonly columnNumber: number
}
interface ProfileNode {
  readonly id: number
  readonly callFrame: CallFrame
  readonly children?: ReadonlyArray<number>
}
const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as {
  nodes: ReadonlyArray<ProfileNode>
  samples: ReadonlyArray<number>
  timeDeltas: ReadonlyArray<number>
}

const maps = new Map<string, { map: SourceMap; lines: Array<Array<Segment>> } | undefined>()
const mapOf = (url: string) => {
  const file = `${distDir}/assets/${url.replace(/^.*\/assets\//, '')}.map`
  if (!maps.has(file)) {
    const map = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SourceMap) : undefined
    maps.set(file, map && { map, lines: decodeMappings(map.mappings) })
  }
  return maps.get(file)
}

/** Where a function starts, in the sources: its file (or undefined when no map knows it). */
const sourceOf = ({ url, lineNumber, columnNumber }: CallFrame) => {
  const found = mapOf(url)
  return found && sourceAt(found.map, found.lines, lineNumber, columnNumber)
}

const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const groups = new Map<number, string>()
const groupOfNode = (id: number): string => {
  let group = groups.get(id)
  if (group === undefined) {
    const frame = nodes.get(id)!.callFrame
    const chunk = frame.url.replace(/^.*\//, '')
    const source = frame.url ? sourceOf(frame) : undefined
    // A chunk's module bodies run as one function that starts where the chunk does.
    group = !frame.url
      ? `(browser) ${frame.functionName || '(program)'}`
      : frame.lineNumber === 0 && frame.columnNumber === 0
        ? `top level of ${chunk}`
        : source
          ? groupOf(source, byFile)
          : `unmapped ${chunk}`
    groups.set(id, group)
  }
  return group
}

const self = new Map<string, number>()
const total = new Map<string, number>()
const detail = process.env.DETAIL ? new RegExp(process.env.DETAIL) : undefined
const detailed = new Map<string, number>()
const functionOf = (id: number) => {
  const frame = nodes.get(id)!.callFrame
  const source = frame.url ? sourceOf(frame) : undefined
  return `${frame.functionName || '(anonymous)'} ${source?.replace(/^.*node_modules\//, '') ?? frame.url}`
}
const add = (m: Map<string, number>, key: string, ms: number) => m.set(key, (m.get(key) ?? 0) + ms)
let sampled = 0
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000
  sampled += ms
  add(self, groupOfNode(id), ms)
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const group = groupOfNode(at)
    if (!seen.has(group)) add(total, group, ms)
    seen.add(group)
  }
  if (detail?.test(groupOfNode(id))) {
    let caller = parent.get(id)
    while (caller !== undefined && detail.test(groupOfNode(caller))) caller = parent.get(caller)
    add(detailed, `${functionOf(id)}  ← ${caller === undefined ? '-' : functionOf(caller)}`, ms)
  }
})

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`)
  for (const [key, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms.toFixed(1).padStart(9)} ms  ${key}`)
}
console.log(`${profileFile}: ${sampled.toFixed(0)} ms sampled`)
print('self', self)
print('total', total)
if (detail) print(`functions of ${detail}`, detailed)
