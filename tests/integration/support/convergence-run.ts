import { createServer } from 'node:net'
import { expect } from 'vitest'
import { replaceStrings } from '../../../shared/sync/replace-ids'
import { DEFAULT_DEMO } from '../../../sync-server/config'
import { checkAcknowledged, checkActions, checkAtomicity, compareWithServer } from './convergence-checks'
import { ClientHandle, perform } from './convergence-clients'
import { readExchanges, type Answered, type ServerState } from './convergence-exchanges'
import { chooseTargets, nextOperation, twinMonitorOperations, type Targets } from './convergence-ops'
import type { ClientDump, RunResult } from './convergence-protocol'
import { seededRandom, type Random } from './convergence-random'

/**
 * The seeded convergence run (issues #4, #7 and #24), for the embedded server and for a gateway in
 * front of an authority alike: five devices running the real client data layer (SyncController
 * with its outbox and intent pusher, RxDB on Dexie over fake-indexeddb, the device database), each in
 * a worker thread of its own, against the server on a real port. A seeded PRNG drives the users'
 * actions through `controller.run` — line settings, feeder loops that must be refused, lines switched
 * off (stopping their monitors) and on, monitor switches, monitors created with their alert rules and
 * deleted, re-applied conflicts — with disconnects, duplicated, lost and replayed pushes, and the
 * devices' server restarted half-way. `expectConverged` then checks: every device equals the server;
 * every acknowledged action's documents are there unless a later action changed them; every action a
 * user saved was applied or is a rejection or conflict record on its device with the server's
 * message (none silently lost); and no part of an action was applied without the rest.
 */
export interface ConvergenceTarget {
  /** Where the devices connect (the sync server; in gateway mode the gateway). */
  readonly baseUrl: string
  /** The devices' server goes down under load and comes back on the same data and port. */
  restart(downMs: number): Promise<void>
  /** Every document of the demo plant, deleted ones included, as an administrator pulls them. */
  pullAll(): Promise<ServerState>
}

export interface ConvergenceOptions {
  readonly seed: number
  readonly operations: number
  /** A temporary folder for the devices. */
  readonly root: string
  /** Starts the devices' server on `port` (devices boot meanwhile). */
  start(port: number): Promise<ConvergenceTarget>
  /** Log progress (CONVERGENCE_DEBUG=1). */
  readonly debug: (...args: unknown[]) => void
  /** Once every action ran, before the devices settle (faults on a gateway's link end here). */
  readonly beforeSettle?: () => Promise<void>
}

export interface ConvergenceResult {
  readonly clients: ReadonlyArray<ClientHandle>
  readonly target: ConvergenceTarget
  readonly serverState: ServerState
  readonly summary: Record<string, unknown>
  /** Ids the server's authority gave created documents, by the device's id (gateway mode). */
  readonly replacedIds: ReadonlyMap<string, string>
}

const admin = { email: DEFAULT_DEMO.adminEmail, password: DEFAULT_DEMO.adminPassword }
const operator = { email: DEFAULT_DEMO.userEmail, password: DEFAULT_DEMO.userPassword }
const ACCOUNTS = [admin, admin, admin, operator, operator]
/** Shares of pushes each device's transport sends twice, loses the answer of, or follows with a replay. */
const MISBEHAVIOUR = { duplicate: 0.08, loseAnswer: 0.04, replay: 0.05 }
/** Per step: the chance that a device's network goes down or comes back, and of a manual resync. */
const NETWORK_FLIP = 0.035
/** When two offline devices save the same new monitor (a refusal only the server can make). */
const TWIN_AT = 10
const TWINS = 2
const RESYNC = 0.04
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs the devices and their actions, then checks every property (vitest `expect.soft`). */
export async function runConvergence(
  options: ConvergenceOptions,
  register: (clients: ReadonlyArray<ClientHandle>, target?: ConvergenceTarget) => void,
): Promise<ConvergenceResult> {
  const { seed, operations, root, debug } = options
  const started = Date.now()
  const random = seededRandom(seed)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  // Devices boot (TypeScript, RxDB) while the server creates and seeds its database.
  const clients = ACCOUNTS.map(
    (account, i) =>
      new ClientHandle(
        { name: `device-${i + 1}`, baseUrl, ...account, seed: seed + i + 1, ...MISBEHAVIOUR },
        root,
      ),
  )
  register(clients)
  const target = await options.start(port)
  register(clients, target)
  await Promise.all(clients.map((c) => c.init()))
  debug('devices signed in and synced', Date.now() - started)
  const initial = await target.pullAll()
  const targets = chooseTargets(initial)
  const run = await runOperations(clients, target, targets, random, operations, started, debug)

  // Everyone back online; wait until nothing is pending anywhere and every replication is idle.
  await options.beforeSettle?.()
  await Promise.all(clients.filter((c) => !c.online).map((c) => c.setOnline(true)))
  const { serverState, dumps, unsettled } = await settleAll(clients, target, started, debug)

  const answers: Answered[] = []
  const equal: string[] = []
  const actions: string[] = []
  const disagreements: string[] = []
  const reads = clients.map((c) => ({ c, read: readExchanges(c.name, c.pushes) }))
  // Gateway mode: what a device created carries the authority's id; its actions are compared in it.
  const replacedIds = new Map<string, string>()
  for (const { read } of reads)
    for (const a of read.answered.values())
      if (a.outcome.status === 'applied')
        for (const [from, to] of Object.entries(a.outcome.replacedIds ?? {})) replacedIds.set(from, to)
  const inAuthorityIds = <T>(value: T): T => replaceStrings(value, replacedIds)
  for (const { c, read } of reads) {
    const dump = dumps.get(c.name)!
    answers.push(...read.answered.values())
    disagreements.push(...read.disagreements)
    equal.push(...compareWithServer(c.name, dump, serverState))
    const made = run.results.filter((r) => r.client === c.name).map((r) => inAuthorityIds(r.result))
    actions.push(
      ...checkActions(
        c.name,
        made.filter((r) => r.status === 'saved'),
        read.answered,
        inAuthorityIds(dump),
        c.announced.length,
        run.reapplied.filter((r) => r.client === c.name).map((r) => inAuthorityIds(r.result)),
      ),
    )
  }
  // The server's answers to actions it refused: only the rules' refusals, never someone else's change.
  const refusedCodes = new Set(
    answers.flatMap((a) => (a.outcome.status === 'rejected' ? [a.outcome.rejection.code] : [])),
  )
  const unexpectedCodes = [...refusedCodes].filter(
    (code) => !['CIRCULAR_FEEDER', 'DUPLICATE_MONITOR', 'VALIDATION', 'NOT_FOUND'].includes(code),
  )

  const issues = [...dumps.values()].flatMap((d) => d.issues)
  const pushes = clients.flatMap((c) => c.pushes)
  const results = run.results.map((r) => r.result)
  const summary = {
    seed,
    operations,
    saved: results.filter((r) => r.status === 'saved').length,
    refusedOnDevice: results.filter((r) => r.status === 'refused').length,
    unchanged: results.filter((r) => r.status === 'unchanged').length,
    reapplied: run.reapplied.length,
    clients: clients.length,
    conflicts: issues.filter((i) => i.kind === 'conflict').length,
    rejections: issues.filter((i) => i.kind === 'rejection').length,
    restarts: run.restarts,
    disconnects: run.disconnects,
    pushes: pushes.length,
    unavailable: pushes.filter((p) => p.status === 503).length,
    duplicated: pushes.filter((p) => p.kind === 'duplicate').length,
    replayed: pushes.filter((p) => p.kind === 'replay').length,
    answersLost: pushes.filter((p) => !p.delivered && p.kind === 'push' && p.status === 200).length,
    acknowledged: answers.filter((a) => a.outcome.status === 'applied').length,
    replacedIds: replacedIds.size,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  }
  console.log('convergence', JSON.stringify(summary))

  const head = (list: ReadonlyArray<string>) => list.slice(0, 12)
  const halfApplied = checkAtomicity(
    answers,
    serverState,
    targets.created.map((id) => replacedIds.get(id) ?? id),
    replacedIds,
  )
  if (process.env.CONVERGENCE_DEBUG)
    for (const failure of halfApplied) {
      const id = /[0-9a-f]{8}-[0-9a-f-]{27}/.exec(failure)?.[0]
      if (!id) continue
      for (const c of clients)
        for (const ex of c.pushes)
          for (const intent of ex.intents.filter((i) => JSON.stringify(i.args).includes(id)))
            console.log(
              'EXCHANGE',
              c.name,
              ex.seq,
              ex.kind,
              ex.status,
              ex.delivered,
              intent.name,
              JSON.stringify(ex.answer?.results.find((r) => r.id === intent.id)),
            )
    }
  expect
    .soft(head(run.statusMismatches), 'offline, the status shows offline and the pending count')
    .toEqual([])
  expect.soft(head(unsettled), 'every device settles with nothing pending').toEqual([])
  expect.soft(head(equal), 'every device equals the server').toEqual([])
  expect.soft(head(disagreements), 'a repeated push is answered alike (applied once)').toEqual([])
  expect.soft(head(checkAcknowledged(answers, serverState)), 'every acknowledged action is kept').toEqual([])
  expect.soft(head(actions), 'every action is applied or recorded, with its message').toEqual([])
  expect
    .soft(
      head(
        checkAtomicity(
          answers,
          serverState,
          targets.created.map((id) => replacedIds.get(id) ?? id),
          replacedIds,
        ),
      ),
      'no action is half-applied',
    )
    .toEqual([])
  expect.soft(unexpectedCodes, 'the server refuses only by its rules').toEqual([])
  expect(results.length + run.reapplyOps - run.reapplied.length, 'every operation ran').toBe(
    operations + TWINS,
  )
  expect(summary.saved).toBeGreaterThanOrEqual(operations / 2)
  expect(summary.refusedOnDevice, 'the run exercised refusals on the device').toBeGreaterThan(0)
  expect(summary.rejections, 'the run exercised refusals by the server').toBeGreaterThan(0)
  expect(summary.conflicts + summary.reapplied, 'the run exercised conflicts').toBeGreaterThan(0)
  expect(summary.duplicated + summary.replayed).toBeGreaterThan(0)
  expect(run.restarts).toBe(1)
  return { clients, target, serverState, summary, replacedIds }
}

/** The seeded actions, network flips and resyncs, with the devices' server restarted half-way. */
async function runOperations(
  clients: ReadonlyArray<ClientHandle>,
  target: ConvergenceTarget,
  targets: Targets,
  random: Random,
  operations: number,
  started: number,
  debug: (...args: unknown[]) => void,
) {
  const results: Array<{ client: string; result: RunResult }> = []
  const reapplied: Array<{ client: string; result: RunResult }> = []
  const statusMismatches: string[] = []
  let disconnects = 0
  let reapplyOps = 0
  let restarts = 0
  let restarting: Promise<void> | undefined
  for (let n = 1; n <= operations; n++) {
    if (n === Math.floor(operations / 2)) {
      // The server goes down under load and comes back on the same data folder and port.
      restarting = target.restart(300).then(async () => {
        restarts++
        await Promise.all(clients.filter((c) => c.online).map((c) => c.resync()))
      })
    }
    if (random.chance(NETWORK_FLIP)) {
      const device = random.pick(clients)
      if (device.online) disconnects++
      else {
        // Offline, nothing but the user changes the outbox: the status control must show it.
        const status = await device.status()
        if (status.online || status.pendingCount !== status.pendingActions)
          statusMismatches.push(`${device.name} offline before op ${n}: ${JSON.stringify(status)}`)
      }
      await device.setOnline(!device.online)
    }
    if (n === TWIN_AT) {
      // Two devices offline save the same new monitor: the server refuses the second (see the helper).
      const [a, b] = [clients[0]!, clients[1]!]
      for (const c of [a, b]) if (c.online) await c.setOnline(false)
      const [first, second] = twinMonitorOperations(targets, random, n)
      results.push({ client: a.name, result: await a.run({ name: first.name, args: first.args }) })
      results.push({ client: b.name, result: await b.run({ name: second.name, args: second.args }) })
      await a.setOnline(true)
      await a.settle(20_000)
      await b.setOnline(true)
    }
    const op = nextOperation(targets, random, n)
    const device = random.pick(clients)
    if (op.kind === 'reapply-conflict') reapplyOps++
    await perform(device, op, { results, reapplied })
    if (random.chance(RESYNC)) await random.pick(clients).resync()
    await sleep(random.int(0, 24))
    if (n % 100 === 0) debug('operations', n, Date.now() - started)
  }
  await restarting
  return { results, reapplied, statusMismatches, disconnects, reapplyOps, restarts }
}

/**
 * Waits until every device has nothing pending and its replications are idle, and the devices agree
 * with the server (a late merge may still push and fan out); stops early when stuck, not slow.
 */
async function settleAll(
  clients: ReadonlyArray<ClientHandle>,
  target: ConvergenceTarget,
  started: number,
  debug: (...args: unknown[]) => void,
) {
  let serverState: ServerState = await target.pullAll()
  let dumps = new Map<string, ClientDump>()
  let unsettled: string[] = []
  let previous = ''
  for (let round = 0; round < 4; round++) {
    const results = await Promise.all(clients.map((c) => c.settle(20_000)))
    unsettled = results.flatMap((r, i) =>
      r.settled
        ? []
        : [`${clients[i]!.name}: ${r.pendingCount} pending; outbox ${(r.stuck ?? []).join('; ')}`],
    )
    serverState = await target.pullAll()
    dumps = new Map(await Promise.all(clients.map(async (c) => [c.name, await c.dump()] as const)))
    const differences = clients.flatMap((c) => compareWithServer(c.name, dumps.get(c.name)!, serverState))
    debug('settle round', round, unsettled, differences.length, Date.now() - started)
    const state = JSON.stringify([unsettled, differences])
    if (unsettled.length === 0 && differences.length === 0) break
    if (state === previous) break
    previous = state
  }
  return { serverState, dumps, unsettled }
}

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
