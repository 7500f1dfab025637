// A local ESLint rule: reports a relative import that leads back to the importing file (an import
// cycle), so layers stay one-directional. It follows relative imports of .ts/.tsx files only (the
// repository's own code), reading each file once per lint run.
//
// Every kind of import counts: `import type` / `export type` (they vanish at run time, but a reader
// still cannot tell which way the layers go), side-effect imports (`import './x'`) and dynamic
// `import('./x')` (a lazily loaded module that imports its loader back is still a cycle).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

const IMPORT =
  /(?:(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+|(?:^|\n)\s*import\s+|\bimport\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g
const cache = new Map()

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate
  }
  return undefined
}

function importsOf(file) {
  if (cache.has(file)) return cache.get(file)
  const found = []
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1])
    if (target) found.push(target)
  }
  cache.set(file, found)
  return found
}

/** The chain of files from `start` back to `start`, or undefined. */
function cycleFrom(start) {
  const seen = new Set()
  const stack = importsOf(start).map((f) => [f, [start, f]])
  while (stack.length > 0) {
    const [file, path] = stack.pop()
    if (file === start) return path
    if (seen.has(file)) continue
    seen.add(file)
    for (const next of importsOf(file)) stack.push([next, [...path, next]])
  }
  return undefined
}

export const noImportCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{chain}}' } },
  create(context) {
    return {
      Program(node) {
        cache.clear()
        const cycle = cycleFrom(context.filename)
        if (!cycle) return
        const root = context.cwd
        const chain = cycle.map((f) => f.replace(`${root}/`, '')).join(' → ')
        context.report({ node, messageId: 'cycle', data: { chain } })
      },
    }
  },
}
