import { spawn, type ChildProcess } from 'node:child_process'
import { DEFAULT_DEMO } from '../../sync-server/config'
import { cpuBetween, sampleCpu, type CpuSample } from './process-cpu'
import { waitFor } from './seeded-server'

/**
 * The servers a gateway benchmark runs (bench/gateway.ts): the product as separate processes with
 * their own settings, signed-in HTTP calls to them, and the CPU their process trees use.
 */
/** Settings a developer's shell may hold, cleared so each server runs only with what is given. */
export const SERVER_ENV: Readonly<Record<string, string>> = {
  DATABASE_URL: '',
  AUTHORITY_URL: '',
  GATEWAY_POKE_URLS: '',
  GATEWAY_POKE_TOKEN: '',
  POKE_TOKEN: '',
  POLL_STRUCTURE_MS: '',
  POLL_BULK_MS: '',
  TRUST_PROXY: '',
  HOST: '127.0.0.1',
}

export interface ServerProcess {
  readonly base: string
  /** The server's process (npx), the root of the tree that runs it. */
  readonly pid: number
  stop(): Promise<void>
}

/**
 * `npx tsx sync-server/main.ts` (or another `entry` that answers /api/health) in its own process group (killing npx alone leaves the server running,
 * STACK-NOTES), ready once /api/health answers. `stop()` sends the group SIGTERM (SIGKILL after 15 s)
 * and waits until no process of it is left, so the port and the data folder are free again.
 */
export async function startServer(
  name: string,
  port: number,
  env: Readonly<Record<string, string>>,
  entry = 'sync-server/main.ts',
): Promise<ServerProcess> {
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (for finding
  // where a figure's time goes; node refuses --cpu-prof in NODE_OPTIONS).
  const profile = process.env.BENCH_CPU_PROF
  const [command, args] = profile
    ? ['node', ['--cpu-prof', `--cpu-prof-dir=${profile}`, '--import', 'tsx', entry]]
    : ['npx', ['tsx', entry]]
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...SERVER_ENV, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const pid = child.pid!
  const stop = async () => {
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      return // the group is gone already
    }
    const end = Date.now() + 15_000
    while (groupAlive(pid)) {
      if (Date.now() > end) process.kill(-pid, 'SIGKILL')
      await sleep(100)
    }
  }
  const base = `http://127.0.0.1:${port}`
  try {
    // An exited process ends the wait at once (waitFor counts errors as "not yet").
    await waitFor(async () => child.exitCode !== null || (await fetch(`${base}/api/health`)).ok, 120_000)
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`)
  } catch (err) {
    await stop()
    throw new Error(`the ${name} did not start (${String(err)}):\n${output}`, { cause: err })
  }
  return { base, pid, stop }
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Runs a command to its end (in its own group, so nothing of it outlives it); throws on failure. */
export function runToEnd(
  command: string,
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string>>,
) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    )
  })
}

export interface SignedIn {
  readonly cookie: string
  readonly user: { readonly id: string; readonly plantId: string }
}

export async function signIn(base: string): Promise<SignedIn> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_DEMO.adminEmail, password: DEFAULT_DEMO.adminPassword }),
  })
  if (res.status !== 200) throw new Error(`sign-in on ${base} answered ${res.status}: ${await res.text()}`)
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!
  return { cookie, user: (await res.json()) as SignedIn['user'] }
}

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      cookie,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
}

/** CPU of the servers' process trees and of this process from now; the returned function reads the delta. */
export function startCpu(roots: Readonly<Record<string, number>>): () => ReadonlyMap<string, number> {
  const before: CpuSample = sampleCpu(roots)
  const own = process.cpuUsage()
  return () => {
    const parts = new Map(cpuBetween(before, sampleCpu(roots)))
    const used = process.cpuUsage(own)
    parts.set('bench', (used.user + used.system) / 1000)
    return parts
  }
}

export function addCpu(into: Map<string, number>, parts: ReadonlyMap<string, number>): void {
  for (const [part, used] of parts) into.set(part, (into.get(part) ?? 0) + used)
}

const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis))
