import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { decodeMappings, groupOf } from './source-maps'

/**
 * What each built chunk holds, compressed: `npx vite build --sourcemap --outDir /tmp/x` then
 * `npx tsx scripts/chunk-breakdown.ts /tmp/x [chunk-name-prefix…]` (TOP=n rows per chunk). Every generated character is
 * attributed by the source map to its source, sources are grouped by package (React Spectrum,
 * react-aria and react-stately by component, RxDB by plugin, effect by module, the app by folder),
 * each group's text is compressed alone (brotli 11) and the parts are scaled to the chunk's own
 * brotli size — an estimate (a part compresses better beside the rest), good for ranking. No
 * dependency: the mappings are decoded by source-maps.ts.
 */
const [dir, ...prefixes] = process.argv.slice(2)
if (dir === undefined) throw new Error('usage: tsx scripts/chunk-breakdown.ts <build dir> [chunk prefix…]')
const top = Number(process.env.TOP ?? 30)
/** BY_FILE=<regex>: sources it matches are listed file by file instead of by package. */
const byFile = process.env.BY_FILE ? new RegExp(process.env.BY_FILE) : undefined

const brotli = (text: string) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

const assets = join(dir, 'assets')
for (const file of readdirSync(assets).filter((f) => f.endsWith('.js') && wanted(f))) {
  let map: { sources: Array<string>; mappings: string }
  try {
    map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as typeof map
  } catch {
    continue // a chunk without a map (the bundler's runtime)
  }
  const code = readFileSync(join(assets, file), 'utf8')
  const texts = new Map<string, string>()
  const lines = code.split('\n')
  decodeMappings(map.mappings).forEach((decoded, lineIndex) => {
    const line = lines[lineIndex] ?? ''
    decoded.forEach((segment, i) => {
      const end = decoded[i + 1]?.column ?? line.length
      const group =
        segment.source === undefined ? '(none)' : groupOf(map.sources[segment.source] ?? '', byFile)
      texts.set(group, (texts.get(group) ?? '') + line.slice(segment.column, end))
    })
  })
  const total = brotli(code)
  const parts = [...texts].map(([group, text]) => ({ group, raw: text.length, packed: brotli(text) }))
  const sum = parts.reduce((a, p) => a + p.packed, 0)
  parts.sort((a, b) => b.packed - a.packed)
  console.log(`\n${file}: ${kib(code.length)} raw, ${kib(total)} brotli`)
  for (const p of parts.slice(0, top)) {
    console.log(`${kib((p.packed * total) / sum).padStart(8)}  (raw ${kib(p.raw).padStart(7)})  ${p.group}`)
  }
}

function wanted(file: string): boolean {
  return prefixes.length === 0 || prefixes.some((p) => file.startsWith(p))
}
