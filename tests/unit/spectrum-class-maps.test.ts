import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, expect, test } from 'vitest'
import { compactClassMap } from '../../scripts/spectrum-class-maps'

/**
 * Issue 27 goal 4: the build loads React Spectrum's class maps as plain objects. Every class map the
 * installed Spectrum ships, compacted, must answer exactly the names and class strings (in the same
 * order) that Spectrum's own module exports, or the components would look up classes the CSS lacks.
 */
let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const spectrumPrivate = join(
  dirname(createRequire(import.meta.url).resolve('@adobe/react-spectrum/package.json')),
  'dist',
  'private',
)

test("OFF-01 each of Spectrum's class maps, compacted, holds the same classes as Spectrum's own module", async () => {
  dir = mkdtempSync(join(tmpdir(), 'qm-class-maps-'))
  const files = readdirSync(spectrumPrivate).filter((f) => f.endsWith('_css.mjs'))
  expect(files.length).toBeGreaterThan(40)
  for (const file of files) {
    const source = readFileSync(join(spectrumPrivate, file), 'utf8')
    const compact = compactClassMap(source)
    writeFileSync(join(dir, file), compact)
    const original = ((await import(pathToFileURL(join(spectrumPrivate, file)).href)) as { default: object })
      .default
    const rewritten = ((await import(pathToFileURL(join(dir, file)).href)) as { default: object }).default
    expect(Object.entries(rewritten), file).toEqual(Object.entries(original))
    expect(Object.keys(original).length, file).toBeGreaterThan(0)
    expect(compact.length, file).toBeLessThan(source.length / 3)
  }
})

test('OFF-01 a module of another shape is refused, not loaded half-understood', () => {
  expect(() => compactClassMap('import x from "./y.mjs";\nexport {x as default};\n')).toThrow(
    'not a Spectrum class map module',
  )
  expect(() => compactClassMap('export const a = 1;\n')).toThrow('not a Spectrum class map module')
})
