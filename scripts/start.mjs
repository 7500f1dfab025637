// `npm start`: builds the client only when a source changed since the last build, then runs the
// server in this same process (tsx registered in-process: no npm → tsx → node chain of processes).
// The build runs as a child process, so its memory is returned before the server starts.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['client', 'shared', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']
const STAMP = join(process.env.DIST_DIR ?? 'dist', 'index.html')

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

console.log('start: starting the server')
const { register } = await import('tsx/esm/api')
register()
await import('../sync-server/main.ts')
