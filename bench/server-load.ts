import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_DEMO } from '../sync-server/config'
import { INTENT_PROTOCOL_VERSION } from '../shared/sync/intent-protocol'
import { goalLine, ms, percentile, table } from './stats'

/** Issue 27 goal 5: the server's resident memory when idle after a restart, at most this (MB). */
const IDLE_MEMORY_GOAL_MB = 150

/**
 * The server as `npm start` runs it (its own process, the demo plant on PGlite, 127.0.0.1 only):
 * start time and resident memory when idle, on a first start (seed) and a restart; then 50 clients
 * each holding a live stream, pulling monitors and pushing one action at a time (switching a
 * monitor's excluded-parts filter through POST /sync/intents, the device's push) for a bounded time.
 */
const CLIENTS = 50

/** Node's arguments as `npm start` gives them (package.json: `node <flags> scripts/start.mjs`). */
const START_ARGS: ReadonlyArray<string> = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .slice(1)
const LOAD_SECONDS = 20

export async function benchServerLoad(): Promise<void> {
  // Builds first (when stale), so the start figures below are the server's own.
  const built = spawnSync(process.execPath, [...START_ARGS], {
    env: { ...process.env, START_BUILD_ONLY: '1' },
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('npm start could not build')
  const dir = mkdtempSync(join(tmpdir(), 'qm-load-'))
  try {
    const first = await startServer(dir)
    const firstFigures = [first.readyMs, await idleRss(first.child)] as const
    await stopServer(first.child)
    const again = await startServer(dir)
    const idle = await idleRss(again.child)
    console.log(`\nServer process (npm start's server, demo plant, PGlite)`)
    console.log(
      table([
        ['start', 'ready after', 'idle resident memory'],
        ['first (seeds the plant)', ms(firstFigures[0]), `${firstFigures[1]} MB`],
        ['restart', ms(again.readyMs), `${idle} MB`],
      ]),
    )
    console.log(
      goalLine('memory: idle resident after a restart', idle, IDLE_MEMORY_GOAL_MB, (n) => `${n} MB`),
    )
    try {
      await load(again.base, again.child)
    } finally {
      await stopServer(again.child)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function load(base: string, child: ChildProcess): Promise<void> {
  const { cookie, userId } = await signIn(base)
  const post = (path: string, body: unknown) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    })
  type Doc = Record<string, unknown> & { monitor_uuid: string }
  const monitors = (
    (await (await post('/sync/monitors/pull', { checkpoint: null, batchSize: 1000 })).json()) as {
      documents: Doc[]
    }
  ).documents.filter((d) => !d._deleted)

  const pulls: number[] = []
  const firstPulls: number[] = []
  const pushes: number[] = []
  const verdicts = new Map<string, number>()
  const streams: AbortController[] = []
  const agents: Agent[] = []
  const until = performance.now() + LOAD_SECONDS * 1000
  const client = async (i: number) => {
    const abort = new AbortController()
    streams.push(abort)
    // A live stream per client, drained so the server's fan-out is part of the load.
    void fetch(`${base}/sync/stream`, { headers: { cookie }, signal: abort.signal })
      .then(async (res) => {
        for await (const _chunk of res.body ?? []) void _chunk
      })
      .catch(() => {})
    // Each client its own keep-alive connection, as each tablet has: one shared client-side pool
    // would queue the 50 clients' requests behind each other and measure that queue instead.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    agents.push(agent)
    const post = (path: string, body: unknown) => postWith(agent, base + path, cookie, body)
    const monitorId = monitors[i % monitors.length]!.monitor_uuid
    let checkpoint: unknown = null
    for (let k = 0; performance.now() < until; k++) {
      let t = performance.now()
      const page = (await post('/sync/monitors/pull', { checkpoint, batchSize: 100 })) as {
        checkpoint: unknown
      }
      ;(k === 0 ? firstPulls : pulls).push(performance.now() - t)
      checkpoint = page.checkpoint
      t = performance.now()
      const answer = (await post('/sync/intents', {
        protocol: INTENT_PROTOCOL_VERSION,
        intents: [
          {
            id: crypto.randomUUID(),
            name: 'updateMonitorSwitches',
            args: { monitorId, useExcludedPartIds: k % 2 === 0 },
            author: userId,
            createdAt: new Date().toISOString(),
            base: [],
          },
        ],
      })) as { results?: { status: string }[] }
      pushes.push(performance.now() - t)
      const verdict = answer.results?.[0]?.status ?? 'error'
      verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)))
  for (const s of streams) s.abort()
  for (const a of agents) a.destroy()
  const all = [...firstPulls, ...pulls, ...pushes]
  const row = (name: string, v: number[]) => [
    name,
    String(v.length),
    ms(percentile(v, 50)),
    ms(percentile(v, 99)),
    ms(Math.max(...v)),
  ]
  console.log(
    `\nLoad — ${CLIENTS} clients, ${LOAD_SECONDS} s, each with a live stream, pulling and pushing monitors`,
  )
  console.log(
    table([
      ['requests', 'count', 'p50', 'p99', 'max'],
      row('first pull (all clients at once)', firstPulls),
      row('pull', pulls),
      row('push', pushes),
      row('all', all),
    ]),
  )
  console.log(`push verdicts: ${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ')}`)
  console.log(`resident memory after the load: ${rssOf(child)} MB`)
}

/** POST a JSON body on the given agent and parse the JSON answer. */
function postWith(agent: Agent, url: string, cookie: string, body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', cookie } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string; readyMs: number }> {
  const port = await freePort()
  const log = openSync(join(tmpdir(), 'qm-bench-server.log'), 'a')
  const started = performance.now()
  const child = spawn(process.execPath, [...START_ARGS], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    // The server's own log, for a look when a figure is odd.
    stdio: ['ignore', log, log],
    detached: true,
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start')
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { child, base, readyMs: performance.now() - started }
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r))
  process.kill(-child.pid!, 'SIGTERM')
  await exited
}

const rssOf = (child: ChildProcess): number => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

/** Resident memory after 3 s of idling (start-up garbage has had a chance to go). */
async function idleRss(child: ChildProcess): Promise<number> {
  await new Promise((r) => setTimeout(r, 3000))
  return rssOf(child)
}

async function signIn(base: string): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_DEMO.adminEmail, password: DEFAULT_DEMO.adminPassword }),
  })
  const user = (await res.json()) as { id: string }
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, userId: user.id }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
