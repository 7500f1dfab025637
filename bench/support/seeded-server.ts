import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The server a browser benchmark measures against: the client built, a fresh data folder seeded
 * with `seedArgs`, the server started in its own process group, on BENCH_PORT when set (so two
 * sessions can bench side by side) or else the benchmark's own `defaultPort`. `stop()` ends the whole group —
 * npx, tsx and tsx's node child (killing npx alone leaves the server running, STACK-NOTES) —
 * waits for it to exit and removes the folder, so a benchmark leaves no process or data behind.
 */
export interface SeededServer {
  readonly base: string
  /** The server's process (npx), the root of the tree that runs it. */
  readonly pid: number
  stop(): Promise<void>
}

export async function startSeededServer(
  name: string,
  defaultPort: number,
  seedArgs: ReadonlyArray<string>,
): Promise<SeededServer> {
  const port = Number(process.env.BENCH_PORT ?? defaultPort)
  const dataDir = mkdtempSync(join(tmpdir(), `qm-bench-${name}-`))
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port) }
  let server: ChildProcess | undefined
  const stop = async () => {
    if (server && server.exitCode === null && server.pid !== undefined) {
      const exited = new Promise((r) => server!.once('exit', r))
      process.kill(-server.pid, 'SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    execSync('npm run build', { stdio: 'ignore' })
    execSync(`npx tsx sync-server/seed/cli.ts ${seedArgs.join(' ')}`, { env, stdio: 'inherit' })
    // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops, as in
    // server-processes.ts (node refuses --cpu-prof in NODE_OPTIONS).
    const profile = process.env.BENCH_CPU_PROF
    server = profile
      ? spawn('node', ['--cpu-prof', `--cpu-prof-dir=${profile}`, '--import', 'tsx', 'sync-server/main.ts'], {
          env,
          stdio: 'ignore',
          detached: true,
        })
      : spawn('npx', ['tsx', 'sync-server/main.ts'], { env, stdio: 'ignore', detached: true })
    const base = `http://127.0.0.1:${port}`
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok)
    return { base, pid: server.pid!, stop }
  } catch (err) {
    await stop()
    throw err
  }
}

/** Polls `check` until it answers true (errors count as "not yet"). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs
  for (;;) {
    try {
      if (await check()) return
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error('timed out waiting for the server')
    await new Promise((r) => setTimeout(r, 250))
  }
}
