import { mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { DEFAULT_DEMO } from '../sync-server/config'
import { STREAM_HEARTBEAT_MS, STREAM_SILENCE_MS } from '../shared/sync/protocol'
import {
  checkAcknowledged,
  checkActions,
  checkAtomicity,
  compareWithServer,
} from '../tests/integration/support/convergence-checks'
import { ClientHandle, perform } from '../tests/integration/support/convergence-clients'
import { readExchanges, type Answered } from '../tests/integration/support/convergence-exchanges'
import { chooseTargets, nextOperation } from '../tests/integration/support/convergence-ops'
import type { ClientDump, RunResult } from '../tests/integration/support/convergence-protocol'
import { seededRandom } from '../tests/integration/support/convergence-random'
import { adminPull } from '../tests/integration/support/convergence-server'
import { DeviceProxy, type DownFaults, type FaultCounts } from './device-proxy'
import { ServerInstance } from './server-process'

/**
 * One soak run (docs/soak.md): `devices` devices running the real client data layer in worker
 * threads (tests/integration/support/convergence-*), each doing `actions` seeded actions at once,
 * against the sync server as child processes — one on PGlite, or two on one PostgreSQL with the
 * devices split between them — each device behind a proxy of its own that breaks the way down.
 * Meanwhile: the servers are SIGKILLed mid-push and restarted on the same data, devices are killed
 * mid-sync and reopened from their storage, streams go silent, the networks drop, and half-way the
 * server moves updateLineSettings to version 2 while the devices go on sending version 1. Then every
 * fault stops and the devices settle by their own means (no nudged pulls), and the convergence
 * test's checks run on the result.
 */
export interface SoakOptions {
  readonly database: 'pglite' | 'postgres'
  readonly devices: number
  readonly actions: number
  readonly seed: number
  /**
   * A user's think time: each device pauses a seeded 0–2× this many milliseconds after each action
   * (0: none). Without it the devices make their actions faster than PGlite restarts, so most are
   * made while its one instance is down and few stream messages meet the faults (docs/soak.md).
   */
  readonly thinkMs: number
  readonly root: string
  /** PostgreSQL: the cluster's URL. */
  readonly databaseUrl?: string
  readonly log: (...args: unknown[]) => void
}

export interface SoakResult {
  readonly database: string
  readonly devices: number
  readonly actions: number
  readonly thinkMs: number
  readonly faults: FaultCounts & {
    readonly duplicatedPushes: number
    readonly replayedPushes: number
    readonly lostAnswers: number
    readonly networkDrops: number
  }
  readonly serverKills: number
  /** Actions made while a server instance was down (killed and not yet started again). */
  readonly actionsWhileDown: number
  readonly deviceRestarts: number
  readonly instances: number
  readonly saved: number
  readonly applied: number
  readonly divergences: ReadonlyArray<string>
  readonly lost: ReadonlyArray<string>
  readonly syncIssues: number
  readonly upgradeRefusals: number
  readonly seconds: number
}

const admin = { email: DEFAULT_DEMO.adminEmail, password: DEFAULT_DEMO.adminPassword }
const operator = { email: DEFAULT_DEMO.userEmail, password: DEFAULT_DEMO.userPassword }
/** The transport's push misbehaviour, as in the convergence test. */
const MISBEHAVIOUR = { duplicate: 0.04, loseAnswer: 0.02, replay: 0.03 }
/**
 * Stream faults are per change message, and a change set's push makes one message per collection it
 * wrote. Without think time a PGlite run passed only ~20–40 change messages through a faulted stream
 * (its one instance was down for most of the devices' actions, docs/soak.md), so at 3% none was hit
 * in three runs; these shares were raised then, and with think time thousands pass.
 */
const DOWN: DownFaults = { drop: 0.15, duplicate: 0.1, reorder: 0.1, cutPull: 0.03, failPull: 0.03 }
/** Per action: the device's network drops (it comes back after a few of its actions). */
const NETWORK_DROP = 0.004
/** Shares of the run at which a server is SIGKILLed mid-push; from the third on it is version 2. */
const KILLS_AT = process.env.SOAK_NO_KILL ? [] : [0.15, 0.3, 0.5, 0.7, 0.85]
const VERSION_2_FROM_KILL = 2
/** Device restarts and silenced streams over the run: this many of each per device, spread out. */
const RESTARTS_PER_DEVICE = process.env.SOAK_NO_RESTART ? 0 : 1
const SILENCES_PER_DEVICE = 1
const SETTLE_MS = 180_000

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { devices, actions, seed, root, log } = options
  const started = Date.now()
  const random = seededRandom(seed)
  const postgres = options.database === 'postgres'
  const instances = await Promise.all(
    (postgres ? ['server-a', 'server-b'] : ['server']).map(
      async (name) =>
        new ServerInstance({
          name,
          port: await freePort(),
          ...(postgres ? { databaseUrl: options.databaseUrl! } : { dataDir: join(root, 'data') }),
          log: (line) => log(line),
        }),
    ),
  )
  if (!postgres) mkdirSync(join(root, 'data'), { recursive: true })
  // One at a time: the first creates and seeds the database.
  for (const instance of instances) await instance.start()
  log('servers up', Date.now() - started)

  const instanceOf = (i: number) => instances[i % instances.length]!
  const proxies = await Promise.all(
    Array.from({ length: devices }, (_, i) =>
      DeviceProxy.start(instanceOf(i).baseUrl, seededRandom(seed + 1000 + i), DOWN),
    ),
  )
  const clients = proxies.map(
    (proxy, i) =>
      new ClientHandle(
        {
          name: `device-${i + 1}`,
          baseUrl: proxy.url,
          ...(i % 5 < 3 ? admin : operator),
          seed: seed + i + 1,
          ...MISBEHAVIOUR,
          keepRejections: true,
        },
        root,
      ),
  )
  clients.forEach((client, i) => {
    client.onLog = (text) =>
      console.error(`${client.config.name}: ${text}; in flight: ${proxies[i]!.inFlight() || 'nothing'}`)
  })
  try {
    // Fault-free while the devices sign in and make their first sync.
    for (const p of proxies) p.faults = undefined
    await Promise.all(clients.map((c) => c.init()))
    if (!process.env.SOAK_NO_DOWN) for (const p of proxies) p.faults = DOWN
    log('devices synced', Date.now() - started)
    const pullAll = adminPull(instances[0]!.baseUrl)
    const targets = chooseTargets(await pullAll())
    const total = devices * actions

    // The server kills: armed at a share of the run, fired by the next push through any proxy.
    let done = 0
    let killing: Promise<void> = Promise.resolve()
    let kills = 0
    let down = 0
    let actionsWhileDown = 0
    let nextKill = 0
    const armKill = () => {
      if (nextKill >= KILLS_AT.length || done < KILLS_AT[nextKill]! * total) return
      const instance = instances[nextKill % instances.length]!
      const index = nextKill++
      let fired = false
      const fire = () => {
        if (fired) return
        fired = true
        for (const p of proxies) p.onPush = undefined
        killing = killing.then(async () => {
          down++
          await instance.kill()
          kills++
          if (index >= VERSION_2_FROM_KILL) instance.intentVersion = 2
          log(`SIGKILL ${kills} mid-push`, Date.now() - started)
          await sleep(random.int(200, 1500))
          await instance.start()
          log(`server ${kills} up again`, Date.now() - started)
          down--
          // A rolling deploy: the other instances move to version 2 at their next restart, or now.
          if (index >= VERSION_2_FROM_KILL)
            for (const other of instances)
              if (other.intentVersion !== 2) {
                other.intentVersion = 2
                down++
                await other.kill()
                kills++
                await other.start()
                down--
              }
        })
      }
      for (const p of proxies) p.onPush = fire
    }

    // Device restarts and silenced streams: at seeded points of each device's own run.
    const restartAt = clients.map(() =>
      Array.from({ length: RESTARTS_PER_DEVICE }, () => random.int(Math.floor(actions * 0.1), actions - 1)),
    )
    const silenceAt = clients.map(() =>
      Array.from({ length: SILENCES_PER_DEVICE }, () => random.int(Math.floor(actions * 0.1), actions - 1)),
    )
    let deviceRestarts = 0
    let networkDrops = 0
    const results: Array<{ client: string; result: RunResult }> = []
    const reapplied: Array<{ client: string; result: RunResult }> = []

    await Promise.all(
      clients.map(async (client, i) => {
        const own = seededRandom(seed * 31 + i)
        // A stream of its own, so a seed makes the same actions whatever the think time.
        const pauses = seededRandom(seed * 37 + i)
        let offlineFor = 0
        for (let k = 0; k < actions; k++) {
          if (restartAt[i]!.includes(k)) {
            await client.restart()
            deviceRestarts++
            offlineFor = 0
          }
          if (silenceAt[i]!.includes(k)) proxies[i]!.silence()
          if (offlineFor > 0 && --offlineFor === 0) await client.setOnline(true)
          else if (offlineFor === 0 && own.chance(NETWORK_DROP)) {
            networkDrops++
            offlineFor = own.int(3, 40)
            await client.setOnline(false)
          }
          const op = nextOperation(targets, own, done + 1)
          if (down > 0) actionsWhileDown++
          await perform(client, op, { results, reapplied })
          done++
          armKill()
          if (done % 500 === 0) log('actions', done, Date.now() - started)
          if (options.thinkMs > 0) await sleep(pauses.int(0, 2 * options.thinkMs))
        }
        if (offlineFor > 0) await client.setOnline(true)
      }),
    )
    // A kill armed but not fired (no push came): fire it now, mid-settle.
    for (const p of proxies) p.onPush?.()
    await killing
    for (const p of proxies) p.faults = undefined
    // What a fault hid shows by the client's own means within this: a lost last event at the next
    // heartbeat (STREAM_HEARTBEAT_MS), a silenced stream when its silence exceeds STREAM_SILENCE_MS
    // (then its RESYNC pulls). A device that looks settled sooner may still be behind; the soak
    // judges what the devices hold once that horizon has passed, not before.
    log('actions done; waiting for the heartbeat and silence horizon', Date.now() - started)
    await sleep(STREAM_SILENCE_MS + STREAM_HEARTBEAT_MS)
    log('settling', Date.now() - started)

    // The devices settle by their own means: no nudged pulls (a silent stream must be noticed).
    const settled = await Promise.all(clients.map((c) => c.settle(SETTLE_MS, false)))
    const unsettled = settled.flatMap((r, i) =>
      r.settled
        ? []
        : [`${clients[i]!.name}: ${r.pendingCount} pending; outbox ${(r.stuck ?? []).join('; ')}`],
    )
    const serverState = await pullAll()
    const dumps = new Map<string, ClientDump>()
    for (const c of clients) dumps.set(c.name, await c.dump())

    const answers: Answered[] = []
    const divergences: string[] = [...unsettled]
    const lost: string[] = []
    for (const c of clients) {
      const read = readExchanges(c.name, c.pushes)
      const dump = dumps.get(c.name)!
      answers.push(...read.answered.values())
      divergences.push(...read.disagreements)
      divergences.push(...compareWithServer(c.name, dump, serverState))
      lost.push(
        ...checkActions(
          c.name,
          results.filter((r) => r.client === c.name && r.result.status === 'saved').map((r) => r.result),
          read.answered,
          dump,
          c.announced.length,
          reapplied.filter((r) => r.client === c.name).map((r) => r.result),
        ),
      )
    }
    lost.push(...checkAcknowledged(answers, serverState))
    divergences.push(...checkAtomicity(answers, serverState, targets.created))
    const codes = new Set(
      answers.flatMap((a) => (a.outcome.status === 'rejected' ? [a.outcome.rejection.code] : [])),
    )
    for (const code of codes)
      if (!['CIRCULAR_FEEDER', 'DUPLICATE_MONITOR', 'VALIDATION', 'NOT_FOUND'].includes(code))
        divergences.push(`the server refused with ${code}, not by its rules`)

    const pushes = clients.flatMap((c) => c.pushes)
    const statuses: Record<string, number> = {}
    for (const p of pushes) statuses[p.status] = (statuses[p.status] ?? 0) + 1
    log('push answers by status', JSON.stringify(statuses))
    const issues = [...dumps.values()].flatMap((d) => d.issues)
    const counts = proxies.reduce<FaultCounts>(
      (sum, p) => {
        for (const key of Object.keys(sum) as Array<keyof FaultCounts>) sum[key] += p.counts[key]
        return sum
      },
      { faultable: 0, dropped: 0, duplicated: 0, reordered: 0, pullsCut: 0, pullsFailed: 0, silenced: 0 },
    )
    return {
      database: options.database,
      devices,
      actions: results.length,
      thinkMs: options.thinkMs,
      faults: {
        ...counts,
        duplicatedPushes: pushes.filter((p) => p.kind === 'duplicate').length,
        replayedPushes: pushes.filter((p) => p.kind === 'replay').length,
        lostAnswers: pushes.filter((p) => !p.delivered && p.kind === 'push' && p.status === 200).length,
        networkDrops,
      },
      serverKills: kills,
      actionsWhileDown,
      deviceRestarts,
      instances: instances.length,
      saved: results.filter((r) => r.result.status === 'saved').length,
      applied: answers.filter((a) => a.outcome.status === 'applied').length,
      divergences,
      lost,
      syncIssues: issues.length,
      upgradeRefusals: issues.filter((i) => i.rejection.message.includes('version 2')).length,
      seconds: Math.round((Date.now() - started) / 1000),
    }
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)))
    await Promise.all(proxies.map((p) => p.close()))
    for (const instance of instances) await instance.stop()
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}
