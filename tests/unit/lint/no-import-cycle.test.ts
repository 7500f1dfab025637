import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterEach, describe, expect, test } from 'vitest'
// @ts-expect-error a plain JavaScript module (the repository's own ESLint rule) without types
import { noImportCycle } from '../../../scripts/eslint/no-import-cycle.js'

/** Lints `entry` of a folder holding `files`, with only the cycle rule on. */
const cyclesOf = (files: Record<string, string>, entry: string): Array<string> => {
  const dir = mkdtempSync(join(tmpdir(), 'qm-cycle-'))
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  const linter = new Linter({ cwd: dir })
  const messages = linter.verify(
    files[entry] ?? '',
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ],
    { filename: join(dir, entry) },
  )
  return messages.map((m) => m.message)
}

const dirs: Array<string> = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the no-import-cycle lint rule', () => {
  test('reports a cycle made only of type imports', () => {
    const found = cyclesOf(
      {
        'a.ts': "import type { B } from './b'\nexport interface A { b?: B }\n",
        'b.ts': "import type { A } from './a'\nexport interface B { a?: A }\n",
      },
      'a.ts',
    )
    expect(found).toEqual(['Import cycle: a.ts → b.ts → a.ts'])
  })

  test('reports a cycle through an inline type import, a re-export and a dynamic import', () => {
    const files = {
      'a.ts': "import { type B } from './b'\nexport const a = (b: B) => b\n",
      'b.ts': "export { c as B } from './c'\n",
      'c.ts': "export const c = 1\nexport const load = () => import('./a')\n",
    }
    expect(cyclesOf(files, 'a.ts')).toEqual(['Import cycle: a.ts → b.ts → c.ts → a.ts'])
  })

  test('accepts imports that go one way', () => {
    const files = {
      'a.ts': "import type { B } from './b'\nimport './c'\nexport type A = B\n",
      'b.ts': "import { c } from './c'\nexport type B = typeof c\n",
      'c.ts': 'export const c = 1\n',
    }
    expect(cyclesOf(files, 'a.ts')).toEqual([])
  })
})
