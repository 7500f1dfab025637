// `npm start`: builds the client and the server only when one of their sources changed since the
// last build, then runs the server's bundle in this same process (no npm → tsx → node chain).
// The client build runs as a child process, so its memory is returned before the server starts.
// The server runs as one plain JavaScript file (esbuild, the packages but PGlite bundled in) rather
// than through tsx: the in-process TypeScript loader and its caches held ~115 MB of the server's
// resident memory (bench/server-load.ts prints the idle figure).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const SOURCES = [
  'client',
  'shared',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/spectrum-class-maps.ts',
  'package-lock.json',
]
const STAMP = join(process.env.DIST_DIR ?? 'dist', 'index.html')
const SERVER_SOURCES = ['sync-server', 'shared', 'package-lock.json', 'scripts/start.mjs']
// Inside the repository, so the bundle's imports of packages resolve to ./node_modules.
const SERVER_BUNDLE = resolve('dist-server', 'server.mjs')

/** Newest modification time under `path` (a file or a folder), with the file it belongs to. */
function newest(path) {
  if (!existsSync(path)) return { time: 0, file: path }
  const stat = statSync(path)
  if (!stat.isDirectory()) return { time: stat.mtimeMs, file: path }
  let best = { time: 0, file: path }
  for (const entry of readdirSync(path)) {
    const found = newest(join(path, entry))
    if (found.time > best.time) best = found
  }
  return best
}

const started = performance.now()
const source = SOURCES.map(newest).reduce((a, b) => (b.time > a.time ? b : a))
const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0
if (built === 0) {
  console.log('start: no client build yet; building it (vite build)…')
} else if (source.time > built) {
  console.log(`start: ${source.file} changed after the last client build; rebuilding (vite build)…`)
} else {
  console.log(`start: client build is current (built ${new Date(built).toISOString()}); skipping the build`)
}
if (built === 0 || source.time > built) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
  console.log(`start: client built in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const serverSource = SERVER_SOURCES.map(newest).reduce((a, b) => (b.time > a.time ? b : a))
const bundled = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0
if (bundled === 0 || serverSource.time > bundled) {
  const at = performance.now()
  const { build } = await import('esbuild')
  await build({
    entryPoints: ['sync-server/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The packages are bundled too: loaded from node_modules, their sources (with their doc
    // comments, which V8 keeps as each module's source text) held ~11 MB of the idle heap.
    // PGlite stays outside: it finds its .wasm and .data files beside its own module.
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg-native'],
    // pg is CommonJS and requires Node's modules: give the ES module bundle a require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    legalComments: 'none',
    // Without comments and indentation the source V8 keeps is ~1 MB instead of 4 MB (a comment's
    // "—" made the whole source a two-byte string). Names are kept: a stack trace names the
    // functions.
    minifyWhitespace: true,
    minifySyntax: true,
    // Written for reading a stack trace by hand (or with NODE_OPTIONS=--enable-source-maps), not
    // loaded by default: Node parses a loaded map into arrays that held ~6 MB of the idle heap.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  })
  console.log(`start: server bundled in ${((performance.now() - at) / 1000).toFixed(1)} s`)
} else {
  console.log('start: server bundle is current; skipping the bundle')
}

// START_BUILD_ONLY=1: bring both builds up to date and stop (the benchmark starts from there).
if (process.env.START_BUILD_ONLY === '1') process.exit(0)

console.log('start: starting the server')
await import(pathToFileURL(SERVER_BUNDLE).href)
