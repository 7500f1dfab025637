import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { MAX_PULL_BATCH } from '../shared/constants'
import { COLLECTIONS } from '../shared/sync/collections'
import { INTENT_PROTOCOL_VERSION } from '../shared/sync/intent-protocol'
import { RESYNC } from '../shared/sync/protocol'
import { GATEWAY_DEFAULTS } from '../sync-server/config'
import { waitFor } from './support/seeded-server'
import {
  SERVER_ENV,
  addCpu,
  call,
  runToEnd,
  signIn,
  startCpu,
  startServer,
  type ServerProcess,
  type SignedIn,
} from './support/server-processes'
import { streamSse } from './support/sse'
import { ms, percentile, table, timed } from './stats'

/**
 * Gateway mode (AUTHORITY_URL) beside the authority it stands in front of, each server its own process
 * (`npx tsx sync-server/main.ts`, own process group, own data folder under tmp), on BENCH_PORT and
 * BENCH_PORT + 1 when set (else 8798 / 8799; part 1's two relays on the next two ports). Prints figures beside the issue's goals; never passes
 * or fails on time.
 *
 * 1. Actions: N `updateLineSettings` actions (ingestionThresholdHours, alternating values, the demo
 *    plant's lines in turn) pushed to the gateway as a device does (change sets of 1 and of 50, with
 *    base values), beside the REST call a plan makes for one (PATCH /api/lines/{id}, Idempotency-Key
 *    as the plan sends it) made directly on the authority, and beside a GET + PATCH pair (the gateway
 *    reads the edited line before writing when an action carries base values), and beside the floor
 *    under any gateway: a relay making the same two calls, bare and with one durable write
 *    (bench/support/relay-server.ts). Interleaved blocks.
 * 2. A change made on the authority (PATCH friendlyName) → the stream event carrying it on the
 *    gateway's /sync/stream: with the default polling, then with the authority poking the gateway
 *    (GATEWAY_POKE_URLS). Changes go out at random moments, so they fall anywhere in a poll interval.
 *    With pokes on, the actions of part 1 again (1 per change set; not a goal): the gateway's own
 *    writes poke it too.
 * 3. A plant of `signals` signals: the gateway's first read of it (the first sign-in) and a later
 *    sign-in, then a device's first sync at the protocol level (every collection pulled to the end,
 *    batch 5,000, gzip, pages decompressed and parsed; no browser storage — the browser's figure is
 *    `--only client`) through the gateway and directly, alternating runs; last, what the gateway's next
 *    bulk round of the unchanged plant costs.
 */
export async function benchGateway(signals = 100_000): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'qm-bench-gateway-'))
  const authorityPort = Number(process.env.BENCH_PORT ?? DEFAULT_PORT)
  const gatewayPort = authorityPort + 1
  const running = new Set<ServerProcess>()
  const start = async (name: string, port: number, env: Readonly<Record<string, string>>, entry?: string) => {
    const server = await startServer(name, port, env, entry)
    running.add(server)
    return server
  }
  const stop = async (server: ServerProcess) => {
    await server.stop()
    running.delete(server)
  }
  const pollMs = GATEWAY_DEFAULTS.pollStructureMs
  const gatewayEnv = (dataDir: string, authority: string) => ({
    DATA_DIR: dataDir,
    AUTHORITY_URL: authority,
    POLL_STRUCTURE_MS: String(pollMs),
    POLL_BULK_MS: String(GATEWAY_DEFAULTS.pollBulkMs),
  })

  try {
    console.log(
      `\nGateway mode — authority and gateway each in its own process (npx tsx), polls every ${pollMs / 1000} s (structure) / ${GATEWAY_DEFAULTS.pollBulkMs / 1000} s (bulk); ${load()}`,
    )

    // ── The small demo plant: parts 1 and 2.
    const authorityDir = join(root, 'authority-demo')
    let authority = await start('authority', authorityPort, { DATA_DIR: authorityDir })
    const gateway = await start(
      'gateway',
      gatewayPort,
      gatewayEnv(join(root, 'gateway-demo'), authority.base),
    )
    const direct = await signIn(authority.base)
    const viaGateway = await signIn(gateway.base)
    const lines = (
      await call<Array<{ id: string; ingestionThresholdHours: number }>>(
        authority.base,
        'GET',
        `/api/plants/${direct.user.plantId}/lines`,
        direct.cookie,
      )
    ).body
    // The floor under the action figures (bench/support/relay-server.ts), each relay its own process.
    const relay = (port: number, durable: boolean) =>
      start(
        durable ? 'relay with one durable write' : 'bare relay',
        port,
        {
          RELAY_AUTHORITY: authority.base,
          RELAY_COOKIE: direct.cookie,
          RELAY_DURABLE: durable ? '1' : '0',
          RELAY_DATA_DIR: join(root, 'relay-durable'),
        },
        'bench/support/relay-server.ts',
      )
    const relays = {
      floor: await relay(gatewayPort + 1, false),
      'floor-durable': await relay(gatewayPort + 2, true),
    }
    const plant: DemoPlant = {
      authority,
      gateway,
      direct,
      viaGateway,
      relays,
      lineIds: lines.map((l) => l.id),
      threshold: new Map(lines.map((l) => [l.id, l.ingestionThresholdHours])),
    }

    await benchActions(plant)
    for (const r of Object.values(relays)) await stop(r)
    const polled = await changesShown(plant, 'poll', [500, 2500])

    // The authority again on the same data, now poking the gateway after every change.
    await stop(authority)
    authority = await start('authority', authorityPort, {
      DATA_DIR: authorityDir,
      GATEWAY_POKE_URLS: `${gateway.base}/gateway/poke`,
    })
    plant.authority = authority
    await waitForGatewayRead(plant)
    const poked = await changesShown(plant, 'poke', [200, 1000])
    const pokedActions = await actionsWithPokes(plant)
    printChangesShown(polled, poked, pollMs, pokedActions)
    await stop(gateway)
    await stop(authority)

    // ── The large plant: part 3.
    await benchFirstSync(signals, root, authorityPort, gatewayPort, start, gatewayEnv)
    console.log(`\n${load()} at the end`)
  } finally {
    for (const server of running) await server.stop()
    rmSync(root, { recursive: true, force: true })
  }
}

const DEFAULT_PORT = 8798

// ─────────────────────────────────────────── 1. actions

interface DemoPlant {
  authority: ServerProcess
  readonly gateway: ServerProcess
  /** The floor's two relays (bench/support/relay-server.ts), only while part 1 runs. */
  readonly relays: Readonly<Record<'floor' | 'floor-durable', ServerProcess>>
  readonly direct: SignedIn
  readonly viaGateway: SignedIn
  readonly lineIds: ReadonlyArray<string>
  /** Each line's ingestionThresholdHours as the authority holds it (every write here goes through it). */
  readonly threshold: Map<string, number>
}

type ActionMode = 'gateway-1' | 'gateway-50' | 'direct' | 'direct-read' | 'floor' | 'floor-durable'
const ACTION_MODES: ReadonlyArray<ActionMode> = [
  'gateway-1',
  'gateway-50',
  'direct',
  'direct-read',
  'floor',
  'floor-durable',
]
const ACTION_BLOCKS = 6
const ACTIONS_PER_BLOCK = 50
const WARM_UP_ACTIONS = 10

/** The next edit of the plant's lines in turn: the value the user saw and a different new one. */
function nextEdit(plant: DemoPlant, counter: { n: number }) {
  const lineId = plant.lineIds[counter.n++ % plant.lineIds.length]!
  const was = plant.threshold.get(lineId)!
  const next = was === 24 ? 48 : 24
  plant.threshold.set(lineId, next)
  return { lineId, was, next }
}

/** `count` actions in the given mode, one after the other; throws unless every one applied. */
async function runActions(plant: DemoPlant, mode: ActionMode, count: number, counter: { n: number }) {
  if (mode === 'direct' || mode === 'direct-read') {
    for (let i = 0; i < count; i++) {
      const { lineId, next } = nextEdit(plant, counter)
      const { base } = plant.authority
      if (mode === 'direct-read') await call(base, 'GET', `/api/lines/${lineId}`, plant.direct.cookie)
      const res = await call(
        base,
        'PATCH',
        `/api/lines/${lineId}`,
        plant.direct.cookie,
        { ingestionThresholdHours: next },
        { 'idempotency-key': randomUUID() },
      )
      if (res.status !== 200)
        throw new Error(`direct PATCH answered ${res.status}: ${JSON.stringify(res.body)}`)
    }
    return
  }
  if (mode === 'floor' || mode === 'floor-durable') {
    for (let i = 0; i < count; i++) {
      const { lineId, next } = nextEdit(plant, counter)
      const res = await call(plant.relays[mode].base, 'POST', '/relay', '', {
        actionId: randomUUID(),
        lineId,
        changes: { ingestionThresholdHours: next },
      })
      if (res.status !== 200) throw new Error(`the relay answered ${res.status}: ${JSON.stringify(res.body)}`)
    }
    return
  }
  const perSet = mode === 'gateway-1' ? 1 : 50
  for (let i = 0; i < count; i += perSet) {
    const intents = []
    for (let j = i; j < Math.min(count, i + perSet); j++) {
      const { lineId, was, next } = nextEdit(plant, counter)
      intents.push({
        id: randomUUID(),
        name: 'updateLineSettings',
        args: { lineId, changes: { ingestionThresholdHours: next } },
        author: plant.viaGateway.user.id,
        createdAt: new Date().toISOString(),
        base: [{ collection: 'lines', id: lineId, field: 'ingestionThresholdHours', value: was }],
      })
    }
    await pushIntents(plant.gateway.base, plant.viaGateway.cookie, intents)
  }
}

async function pushIntents(base: string, cookie: string, intents: ReadonlyArray<unknown>): Promise<void> {
  const res = await call<{ results: Array<{ status: string }> }>(base, 'POST', '/sync/intents', cookie, {
    protocol: INTENT_PROTOCOL_VERSION,
    intents,
  })
  // Every action answered (a gateway may answer only the first ones of a set) and applied.
  const refused = res.status === 200 ? res.body.results.filter((r) => r.status !== 'applied') : []
  if (res.status !== 200 || refused.length > 0 || res.body.results.length !== intents.length)
    throw new Error(`gateway push answered ${res.status}: ${JSON.stringify(refused[0] ?? res.body)}`)
}

async function benchActions(plant: DemoPlant): Promise<void> {
  const counter = { n: 0 }
  for (const mode of ACTION_MODES) await runActions(plant, mode, WARM_UP_ACTIONS, counter)
  const totals = new Map(ACTION_MODES.map((m) => [m, { ms: 0, cpu: new Map<string, number>() }]))
  const roots = {
    authority: plant.authority.pid,
    gateway: plant.gateway.pid,
    floor: plant.relays.floor.pid,
    'floor-durable': plant.relays['floor-durable'].pid,
  }
  for (let block = 0; block < ACTION_BLOCKS; block++) {
    // Each block in another order, so no mode always runs first or after the same one.
    const order = ACTION_MODES.map((_, i) => ACTION_MODES[(i + block) % ACTION_MODES.length]!)
    for (const mode of order) {
      const total = totals.get(mode)!
      const cpu = startCpu(roots)
      total.ms += (await timed(() => runActions(plant, mode, ACTIONS_PER_BLOCK, counter))).ms
      addCpu(total.cpu, cpu())
    }
  }
  const n = ACTION_BLOCKS * ACTIONS_PER_BLOCK
  const per = (mode: ActionMode) => totals.get(mode)!.ms / n
  const cpuPer = (mode: ActionMode, part: string) => ms((totals.get(mode)!.cpu.get(part) ?? 0) / n)
  const label: Record<ActionMode, string> = {
    'gateway-1': 'through the gateway, 1 action per change set',
    'gateway-50': 'through the gateway, 50 actions per change set',
    direct: 'directly: PATCH /api/lines/{id} on the authority',
    'direct-read': 'directly: GET + PATCH /api/lines/{id} (the pre-read yardstick)',
    floor: 'the floor: a bare relay making the same GET + PATCH',
    'floor-durable': 'the floor: that relay, and one durable write',
  }
  // The process between the bench and the authority: the gateway, or the floor's relay.
  const middle = (mode: ActionMode) => (mode === 'floor' || mode === 'floor-durable' ? mode : 'gateway')
  console.log(
    `\n1. ${n} updateLineSettings actions per way (${ACTION_BLOCKS} interleaved blocks of ${ACTIONS_PER_BLOCK}, ${plant.lineIds.length} lines of the demo plant in turn), each way until every one is applied`,
  )
  console.log(
    table([
      ['way', 'per action', 'total', 'CPU per action: authority', 'gateway or relay', 'this bench'],
      ...ACTION_MODES.map((mode) => [
        label[mode],
        ms(per(mode)),
        ms(totals.get(mode)!.ms),
        cpuPer(mode, 'authority'),
        cpuPer(mode, middle(mode)),
        cpuPer(mode, 'bench'),
      ]),
    ]),
  )
  console.log(
    '   A pushed action carries base values, so the gateway reads the line from the authority before it writes (GET),\n' +
      '   then PATCHes it with an Idempotency-Key; the direct calls send one too. CPU includes the polls that ran meanwhile.\n' +
      '   The floor (bench/support/relay-server.ts) is the least any gateway costs: one more HTTP hop making the same two calls,\n' +
      '   and with the one write the issue asks before an answer (the document into a replica and the verdict into an intent log,\n' +
      '   committed in one statement on an embedded database), nothing else: no session, no judging, no step log.',
  )
  console.log(
    `   The floor beside the GET + PATCH directly: bare ${(per('floor') / per('direct-read')).toFixed(2)}×, ` +
      `with the durable write ${(per('floor-durable') / per('direct-read')).toFixed(2)}×; ` +
      `the gateway beside the floor with the durable write: ${(per('gateway-1') / per('floor-durable')).toFixed(2)}× at 1 per set, ` +
      `${(per('gateway-50') / per('floor-durable')).toFixed(2)}× at 50 (not goals)`,
  )
  // On a shared machine the wall clock carries other processes' load; the CPU the three processes
  // spent per action (they work one after the other) is the steadier second view. Not a goal.
  const cpuSum = (mode: ActionMode) =>
    ['authority', middle(mode), 'bench'].reduce(
      (sum, part) => sum + (totals.get(mode)!.cpu.get(part) ?? 0),
      0,
    ) / n
  console.log(
    `   CPU of all three per action: gateway ${ms(cpuSum('gateway-1'))} (1 per set) / ${ms(cpuSum('gateway-50'))} (50 per set), ` +
      `directly GET + PATCH ${ms(cpuSum('direct-read'))}, PATCH ${ms(cpuSum('direct'))} — ` +
      `${(cpuSum('gateway-1') / cpuSum('direct-read')).toFixed(2)}× / ${(cpuSum('gateway-50') / cpuSum('direct-read')).toFixed(2)}× the GET + PATCH (not a goal)`,
  )
  console.log(goalLine('actions-gateway-1-per-set/direct-PATCH', per('gateway-1') / per('direct'), 1.3))
  console.log(goalLine('actions-gateway-50-per-set/direct-PATCH', per('gateway-50') / per('direct'), 1.3))
  console.log(
    goalLine('actions-gateway-1-per-set/direct-GET+PATCH', per('gateway-1') / per('direct-read'), 1.3),
  )
  console.log(
    goalLine('actions-gateway-50-per-set/direct-GET+PATCH', per('gateway-50') / per('direct-read'), 1.3),
  )
}

/** With the authority poking the gateway after each change (its own writes included): informational. */
async function actionsWithPokes(plant: DemoPlant): Promise<PokedActions> {
  const counter = { n: 0 }
  const n = 100
  await runActions(plant, 'gateway-1', WARM_UP_ACTIONS, counter)
  const roots = { authority: plant.authority.pid, gateway: plant.gateway.pid }
  const cpu = new Map<string, number>()
  let gateway = 0
  let direct = 0
  const viaGateway = async () => {
    const taken = startCpu(roots)
    gateway += (await timed(() => runActions(plant, 'gateway-1', n / 2, counter))).ms
    addCpu(cpu, taken())
  }
  for (let block = 0; block < 2; block++) {
    if (block === 1) direct += (await timed(() => runActions(plant, 'direct', n / 2, counter))).ms
    await viaGateway()
    if (block === 0) direct += (await timed(() => runActions(plant, 'direct', n / 2, counter))).ms
  }
  return {
    gateway: gateway / n,
    direct: direct / n,
    n,
    cpuAuthority: (cpu.get('authority') ?? 0) / n,
    cpuGateway: (cpu.get('gateway') ?? 0) / n,
  }
}

interface PokedActions {
  readonly gateway: number
  readonly direct: number
  readonly n: number
  readonly cpuAuthority: number
  readonly cpuGateway: number
}

// ─────────────────────────────────────────── 2. a change on the authority → the gateway's stream

const STREAM_CHANGES = 20

/**
 * STREAM_CHANGES friendlyName PATCHes on the authority, each timed from just before the call until the
 * gateway's stream delivers the line with that name. A change waits a random gap (`gapMs`) before it
 * goes, on a line with no change still on its way (a second change of one line within a poll interval
 * would hide the first); when every line is busy it waits for one and then a random part of a poll
 * interval more, so no change is made in step with the poller.
 */
async function changesShown(
  plant: DemoPlant,
  label: string,
  gapMs: readonly [number, number],
): Promise<ReadonlyArray<number>> {
  const { gateway, viaGateway, lineIds } = plant
  const res = await fetch(`${gateway.base}/sync/stream`, { headers: { cookie: viaGateway.cookie } })
  if (res.status !== 200) throw new Error(`gateway stream answered ${res.status}`)
  const pending = new Map<string, { name: string; t0: number }>()
  const latencies: number[] = []
  let warmUp: number[] | undefined = []
  let resynced!: () => void
  const resync = new Promise<void>((r) => (resynced = r))
  let wake = () => {}
  const stream = streamSse(res, (data, at) => {
    if (data === RESYNC) return resynced()
    const message = JSON.parse(data) as { collection: string; documents: Array<Record<string, unknown>> }
    if (message.collection !== 'lines') return
    for (const doc of message.documents) {
      const change = pending.get(String(doc.id))
      if (!change || doc.friendlyName !== change.name) continue
      pending.delete(String(doc.id))
      ;(warmUp ?? latencies).push(at - change.t0)
      wake()
    }
  })
  const settled = () => new Promise<void>((r) => (wake = r))
  const change = async (lineId: string, name: string) => {
    pending.set(lineId, { name, t0: performance.now() })
    const patched = await call(plant.authority.base, 'PATCH', `/api/lines/${lineId}`, plant.direct.cookie, {
      friendlyName: name,
    })
    if (patched.status !== 200) throw new Error(`authority PATCH answered ${patched.status}`)
  }
  const deadline = (what: string) =>
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no stream event within 60 s`)), 60_000).unref(),
    )
  try {
    await Promise.race([resync, deadline('stream')])
    // One change first, untimed: the stream and the poller are under way.
    const first = settled()
    await change(lineIds[0]!, `Bench ${label} warm`)
    await Promise.race([first, deadline('warm-up change')])
    warmUp = undefined
    for (let k = 0; k < STREAM_CHANGES; k++) {
      await sleep(between(gapMs))
      if (pending.size >= lineIds.length) {
        while (pending.size >= lineIds.length) await Promise.race([settled(), deadline('a change')])
        await sleep(between([0, GATEWAY_DEFAULTS.pollStructureMs]))
      }
      const free = lineIds.filter((id) => !pending.has(id))
      await change(free[Math.floor(Math.random() * free.length)]!, `Bench ${label} ${k}`)
    }
    while (pending.size > 0) await Promise.race([settled(), deadline('the last changes')])
  } finally {
    await stream.close()
  }
  return latencies
}

/** After the authority restarted: the gateway has read it again (its first poll after the gap). */
async function waitForGatewayRead(plant: DemoPlant): Promise<void> {
  const since = Date.now()
  await waitFor(async () => {
    const status = await call<{ poller: { lastStructureAt: string | null } | null }>(
      plant.gateway.base,
      'GET',
      '/api/gateway/status',
      plant.viaGateway.cookie,
    )
    const at = status.body.poller?.lastStructureAt
    return at !== null && at !== undefined && Date.parse(at) > since
  }, 60_000)
}

function printChangesShown(
  polled: ReadonlyArray<number>,
  poked: ReadonlyArray<number>,
  pollMs: number,
  pokedActions: PokedActions,
): void {
  const row = (name: string, values: ReadonlyArray<number>) => [
    name,
    String(values.length),
    ms(percentile(values, 50)),
    ms(percentile(values, 95)),
    ms(Math.max(...values)),
    ms(values.reduce((a, b) => a + b, 0) / values.length),
  ]
  console.log(
    `\n2. A change on the authority (PATCH friendlyName) → the stream event carrying it, on the gateway's /sync/stream`,
  )
  console.log(
    table([
      ['authority → gateway', 'changes', 'p50', 'p95', 'max', 'mean'],
      row(`polling (POLL_STRUCTURE_MS=${pollMs})`, polled),
      row('the authority pokes the gateway (GATEWAY_POKE_URLS)', poked),
    ]),
  )
  const bound = pollMs + 1000
  console.log(goalLine('change-shown-p50-polling', percentile(polled, 50), bound, ms))
  console.log(goalLine('change-shown-p50-poked', percentile(poked, 50), bound, ms))
  console.log(
    `   with pokes on, ${pokedActions.n} actions through the gateway (1 per change set): ${ms(pokedActions.gateway)} per action, ` +
      `direct PATCH ${ms(pokedActions.direct)} (${(pokedActions.gateway / pokedActions.direct).toFixed(2)}×); CPU per action ` +
      `authority ${ms(pokedActions.cpuAuthority)}, gateway ${ms(pokedActions.cpuGateway)} — the gateway's own writes poke it too (not a goal)`,
  )
}

// ─────────────────────────────────────────── 3. first sync of a large plant

const FIRST_SYNC_RUNS = 3

async function benchFirstSync(
  signals: number,
  root: string,
  authorityPort: number,
  gatewayPort: number,
  start: (name: string, port: number, env: Readonly<Record<string, string>>) => Promise<ServerProcess>,
  gatewayEnv: (dataDir: string, authority: string) => Record<string, string>,
): Promise<void> {
  const authorityDir = join(root, 'authority-large')
  const seeded = await timed(() =>
    runToEnd('npx', ['tsx', 'sync-server/seed/cli.ts', '--signals', String(signals)], {
      ...SERVER_ENV,
      DATA_DIR: authorityDir,
    }),
  )
  const authority = await start('authority', authorityPort, { DATA_DIR: authorityDir })
  const gateway = await start('gateway', gatewayPort, gatewayEnv(join(root, 'gateway-large'), authority.base))
  const roots = { authority: authority.pid, gateway: gateway.pid }

  // The first sign-in makes the gateway read the whole plant (it answers after at most a few timeouts
  // and goes on reading): timed until its poller says the first bulk round is done.
  const readCpu = startCpu(roots)
  const t0 = performance.now()
  const viaGateway = await signIn(gateway.base)
  const signInMs = performance.now() - t0
  const poller = { lastError: null as string | null }
  await waitFor(async () => {
    const status = await call<{ poller: { lastBulkAt: string | null; lastError: string | null } | null }>(
      gateway.base,
      'GET',
      '/api/gateway/status',
      viaGateway.cookie,
    )
    poller.lastError = status.body.poller?.lastError ?? null
    return (status.body.poller?.lastBulkAt ?? null) !== null
  }, 600_000)
  const firstReadMs = performance.now() - t0
  const firstReadCpu = readCpu()
  // A later sign-in to the same plant waits for a fresh read of its structure (Gateway.plantSignedIn).
  const laterSignIn = await timed(() => signIn(gateway.base))
  const direct = await signIn(authority.base)
  const counts = async (base: string, cookie: string) =>
    (await call<{ counts: Record<string, number> }>(base, 'GET', '/sync/counts', cookie)).body.counts
  const gatewayCounts = await counts(gateway.base, viaGateway.cookie)
  const authorityCounts = await counts(authority.base, direct.cookie)
  const differing = COLLECTIONS.filter((c) => gatewayCounts[c] !== authorityCounts[c])

  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const runs: Record<'gateway' | 'direct', FirstSync[]> = { gateway: [], direct: [] }
  const cpu: Record<'gateway' | 'direct', Map<string, number>> = { gateway: new Map(), direct: new Map() }
  try {
    const sync = async (way: 'gateway' | 'direct') => {
      const server = way === 'gateway' ? gateway : authority
      const cookie = way === 'gateway' ? viaGateway.cookie : direct.cookie
      const taken = startCpu(roots)
      runs[way].push(await firstSync(agent, server.base, cookie))
      addCpu(cpu[way], taken())
    }
    // One untimed pass each: connections, JIT, the database's caches.
    await firstSync(agent, gateway.base, viaGateway.cookie)
    await firstSync(agent, authority.base, direct.cookie)
    for (let run = 0; run < FIRST_SYNC_RUNS; run++) {
      const order: Array<'gateway' | 'direct'> = run % 2 === 0 ? ['gateway', 'direct'] : ['direct', 'gateway']
      for (const way of order) await sync(way)
    }
  } finally {
    agent.destroy()
  }

  // Left alone, the gateway reads every line's signals and limits again each POLL_BULK_MS (conditional
  // reads of an unchanged plant): the next such round, timed from the poller's own marks, and the CPU
  // both sides used from just before it was due until it was done.
  const lastBulkAt = async () =>
    (
      await call<{ poller: { lastBulkAt: string | null } | null }>(
        gateway.base,
        'GET',
        '/api/gateway/status',
        viaGateway.cookie,
      )
    ).body.poller?.lastBulkAt ?? null
  const previousBulk = Date.parse((await lastBulkAt())!)
  await sleep(Math.max(0, previousBulk + GATEWAY_DEFAULTS.pollBulkMs - 1000 - Date.now()))
  const idleCpu = startCpu(roots)
  const idleFrom = Date.now()
  await waitFor(async () => Date.parse((await lastBulkAt()) ?? '') > previousBulk, 300_000)
  const idle = { cpu: idleCpu(), windowMs: Date.now() - idleFrom }
  const bulkRoundMs = Date.parse((await lastBulkAt())!) - previousBulk - GATEWAY_DEFAULTS.pollBulkMs

  const median = (xs: ReadonlyArray<FirstSync>) =>
    percentile(
      xs.map((x) => x.ms),
      50,
    )
  const describe = (way: 'gateway' | 'direct') => {
    const r = runs[way]
    const last = r[r.length - 1]!
    const cpuOf = (part: string) => ms((cpu[way].get(part) ?? 0) / r.length)
    return [
      way === 'gateway' ? 'through the gateway' : 'directly on the authority',
      ms(median(r)),
      r.map((x) => x.ms.toFixed(0)).join(' '),
      `${last.documents.toLocaleString('en-US')} in ${last.requests} pulls`,
      `${(last.bytes / 1e6).toFixed(2)} MB (JSON ${(last.jsonBytes / 1e6).toFixed(1)} MB)`,
      `${cpuOf('authority')} / ${cpuOf('gateway')} / ${cpuOf('bench')}`,
    ]
  }
  const cpuText = (m: ReadonlyMap<string, number>) =>
    ['authority', 'gateway', 'bench'].map((p) => `${p} ${ms(m.get(p) ?? 0)}`).join(', ')
  const authorityTotal = Object.values(authorityCounts).reduce((a, b) => a + b, 0)
  console.log(
    `\n3. A plant of ${signals.toLocaleString('en-US')}+ signals (${authorityTotal.toLocaleString('en-US')} documents; seeded in ${(seeded.ms / 1000).toFixed(1)} s)`,
  )
  console.log(
    table([
      ['measure', 'value'],
      ["gateway's first read of the plant (first sign-in → poller's first bulk round done)", ms(firstReadMs)],
      ['  the sign-in answered after', ms(signInMs)],
      ['  CPU meanwhile', cpuText(firstReadCpu)],
      [
        'a later sign-in to the gateway answered after (the plant read before: not waited for)',
        ms(laterSignIn.ms),
      ],
      [
        '  replica beside the authority (/sync/counts)',
        differing.length === 0
          ? 'every collection equal'
          : differing.map((c) => `${c} ${gatewayCounts[c]} vs ${authorityCounts[c]}`).join(', '),
      ],
      ...(poller.lastError ? [['  poller lastError', poller.lastError]] : []),
    ]),
  )
  console.log(
    `   A device's first sync at the protocol level: every collection pulled to the end (POST /sync/:collection/pull,\n` +
      `   batch ${MAX_PULL_BATCH}, accept-encoding gzip), pages decompressed and JSON.parse'd — without the browser's storage\n` +
      `   (the browser's first sync is --only client). ${FIRST_SYNC_RUNS} alternating runs each after an untimed one.`,
  )
  console.log(
    table([
      [
        'first sync',
        'median',
        'runs (ms)',
        'documents',
        'bytes on the wire (gzip)',
        'CPU per run: authority / gateway / bench',
      ],
      describe('gateway'),
      describe('direct'),
    ]),
  )
  console.log(goalLine('first-sync-gateway/direct', median(runs.gateway) / median(runs.direct), 1.5))
  console.log(
    `   idle, the gateway's next bulk round (every ${GATEWAY_DEFAULTS.pollBulkMs / 1000} s; nothing changed, conditional reads): ~${ms(bulkRoundMs)}; ` +
      `CPU over the ${ms(idle.windowMs)} from just before it was due until done: ${cpuText(idle.cpu)}`,
  )
}

interface FirstSync {
  readonly ms: number
  readonly bytes: number
  readonly jsonBytes: number
  readonly documents: number
  readonly requests: number
}

/** Every collection pulled to the end, as a new device does (its storage left out). */
async function firstSync(agent: Agent, base: string, cookie: string): Promise<FirstSync> {
  let bytes = 0
  let jsonBytes = 0
  let documents = 0
  let requests = 0
  const { ms: took } = await timed(async () => {
    for (const collection of COLLECTIONS) {
      let checkpoint: unknown = null
      for (;;) {
        const answer = await postRaw(agent, base, `/sync/${collection}/pull`, cookie, {
          checkpoint,
          batchSize: MAX_PULL_BATCH,
        })
        if (answer.status !== 200) throw new Error(`pull ${collection} answered ${answer.status}`)
        requests++
        bytes += answer.raw.length
        const raw = answer.encoding === 'gzip' ? gunzipSync(answer.raw) : answer.raw
        jsonBytes += raw.length
        const text = raw.toString('utf8')
        const page = JSON.parse(text) as { documents: unknown[]; checkpoint: unknown }
        documents += page.documents.length
        if (page.documents.length < MAX_PULL_BATCH || page.checkpoint === null) break
        checkpoint = page.checkpoint
      }
    }
  })
  return { ms: took, bytes, jsonBytes, documents, requests }
}

/** A POST whose body is read as it came over the wire (compressed), to count bytes. */
function postRaw(
  agent: Agent,
  base: string,
  path: string,
  cookie: string,
  body: unknown,
): Promise<{ status: number; encoding: string | undefined; raw: Buffer }> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'accept-encoding': 'gzip',
          cookie,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            raw: Buffer.concat(chunks),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const goalLine = (
  name: string,
  value: number,
  bound: number,
  format: (n: number) => string = (n) => `${n.toFixed(2)}×`,
) => `goal: ${name} ${format(value)} (goal ≤ ${format(bound)}) ${value <= bound ? 'met' : 'MISSED'}`

/** The machine's load: the bench shares its two cores with whatever else runs. */
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`

const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis))
const between = ([low, high]: readonly [number, number]) => low + Math.random() * (high - low)
