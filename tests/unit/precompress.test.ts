import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, expect, test } from 'vitest'
import { precompressDir } from '../../scripts/precompress'

/** Issue 27 goal 4: the build writes brotli and gzip files beside the client's text files. */
let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

test('OFF-01 every text file of the build gets a .br and a .gz that decode to it, not older than it', async () => {
  dir = mkdtempSync(join(tmpdir(), 'qm-precompress-'))
  mkdirSync(join(dir, 'assets'))
  const script = `console.log(${JSON.stringify('a signal '.repeat(500))})\n`
  const css = `.row { color: red; }\n`.repeat(200)
  writeFileSync(join(dir, 'assets', 'index-BeAxs5tS.js'), script)
  writeFileSync(join(dir, 'assets', 'index-yBSzoVA4.css'), css)
  writeFileSync(join(dir, 'sw.js'), script)
  writeFileSync(join(dir, 'small.js'), 'x()\n')
  writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 7))

  await precompressDir(dir)

  for (const [path, body] of [
    ['assets/index-BeAxs5tS.js', script],
    ['assets/index-yBSzoVA4.css', css],
    ['sw.js', script],
  ] as const) {
    const br = readFileSync(join(dir, `${path}.br`))
    const gz = readFileSync(join(dir, `${path}.gz`))
    expect(brotliDecompressSync(br).toString()).toBe(body)
    expect(gunzipSync(gz).toString()).toBe(body)
    expect(br.length).toBeLessThan(Buffer.byteLength(body))
    const original = statSync(join(dir, path)).mtimeMs
    expect(statSync(join(dir, `${path}.br`)).mtimeMs).toBeGreaterThanOrEqual(original)
  }
  // A PNG is compressed already; a tiny file saves less than a header costs.
  for (const skipped of ['icon.png', 'small.js'])
    for (const suffix of ['.br', '.gz']) expect(existsSync(join(dir, skipped + suffix))).toBe(false)
})
