import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { GATEWAY_DEFAULTS } from '../../sync-server/config'
import type { PullResponse } from '../../shared/sync/protocol'
import { Messages } from '../../shared/validation/messages'
import type { ClientHandle } from './support/convergence-clients'
import { seededRandom } from './support/convergence-random'
import { runConvergence } from './support/convergence-run'
import { startConvergenceServer, type RunningServer } from './support/convergence-server'
import { FaultProxy } from './support/fault-proxy'
import { differences, entities, pullAll, withoutEmptyRules } from './support/plant-state'
import { DEMO, openTestDatabase } from './support/test-server'

/**
 * The seeded convergence run (support/convergence-run.ts) through a gateway (docs/gateway.md): five
 * devices → a gateway (its replica on PGlite, then on PostgreSQL; restarted half-way) → a
 * fault-injecting proxy → an instance of
 * this product as the authority. Besides the devices' own misbehaviour (duplicated, lost, replayed
 * pushes, disconnects), the link to the authority delays calls, answers 503, resets connections, drops
 * answers after the authority applied them, injects the authority's 409 duplicate, refuses the rules
 * call of a monitor saved with its rules (its monitor must be taken back), and goes down altogether a
 * few times. Every device ends equal to the gateway, the gateway's replica equal to the authority,
 * nothing acknowledged lost, no undo left waiting. CONVERGENCE_SEED / CONVERGENCE_OPS as the
 * embedded run.
 */
const SEED = Number(process.env.CONVERGENCE_SEED ?? 20261126)
const OPERATIONS = Number(process.env.CONVERGENCE_OPS ?? 300)
const debug = process.env.CONVERGENCE_DEBUG ? (...args: unknown[]) => console.log(...args) : () => {}

const roots: string[] = []
let authority: RunningServer | undefined
let proxy: FaultProxy | undefined
let gateway: RunningServer | undefined
let clients: ReadonlyArray<ClientHandle> = []
let dropDatabase: (() => Promise<void>) | undefined

/** Ends one run's devices, servers and database (its folders go at the end of the file). */
async function closeRun(): Promise<void> {
  await Promise.all(clients.map((c) => c.close()))
  await gateway?.close()
  await proxy?.close()
  await authority?.close()
  await dropDatabase?.()
  clients = []
  gateway = proxy = authority = dropDatabase = undefined
}

afterAll(async () => {
  await closeRun()
  for (const root of roots)
    if (process.env.CONVERGENCE_KEEP) console.log('kept', root)
    else rmSync(root, { recursive: true, force: true })
})

test.each(['pglite', 'postgres'] as const)(
  'OFF-02 OFF-03 OFF-04 OFF-05 seeded convergence through a gateway (replica on %s): devices → gateway → ' +
    'faulty link → authority end equal to the authority with nothing lost, half-applied or left to undo',
  async (kind) => {
    const root = mkdtempSync(join(tmpdir(), 'qm-convergence-gw-'))
    roots.push(root)
    // The gateway's replica on PostgreSQL: a database of the test cluster, given by URL.
    let databaseUrl: string | undefined
    if (kind === 'postgres') {
      const opened = await openTestDatabase('postgres')
      await opened.database.close()
      databaseUrl = opened.url
      dropDatabase = opened.dropDatabase
    }
    authority = await startConvergenceServer(join(root, 'authority'))
    const random = seededRandom(SEED + 100)
    proxy = await FaultProxy.start(authority.baseUrl, random)
    const p = proxy
    // Sign-in is not what this run is about: its calls pass (an outage aside).
    p.add({ path: '/api/session', fault: { kind: 'pass' } })
    // Each fault at least once, whatever the seed draws: …
    p.add({
      method: 'POST',
      path: '/api/tasks/create-task',
      skip: 2,
      times: 1,
      fault: { kind: 'drop-answer' },
    })
    p.add({ method: 'PATCH', path: '/api/lines/', skip: 5, times: 1, fault: { kind: 'drop-answer' } })
    p.add({
      method: 'PATCH',
      path: '/api/notifications/monitor-rules/',
      skip: 3,
      times: 1,
      fault: {
        kind: 'answer',
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'Rules refused upstream' } },
      },
    })
    p.add({ method: 'PATCH', path: '/api/monitors/', skip: 4, times: 1, fault: { kind: 'reset' } })
    // … and then as the seed draws them.
    p.add({ fault: { kind: 'delay', ms: 15 }, chance: 0.15 })
    p.add({ fault: { kind: 'answer', status: 503, body: {} }, chance: 0.02 })
    p.add({ fault: { kind: 'reset' }, chance: 0.015 })
    p.add({ method: 'POST', path: '/api/tasks/create-task', fault: { kind: 'drop-answer' }, chance: 0.08 })
    for (const method of ['PATCH', 'PUT', 'DELETE'])
      p.add({ method, fault: { kind: 'drop-answer' }, chance: 0.03 })
    p.add({
      method: 'PATCH',
      path: '/api/notifications/monitor-rules/',
      fault: {
        kind: 'answer',
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'Rules refused upstream' } },
      },
      chance: 0.08,
    })
    p.add({
      method: 'POST',
      path: '/api/tasks/create-task',
      fault: {
        kind: 'answer',
        status: 409,
        body: {
          error: {
            code: 'DUPLICATE_MONITOR',
            message: Messages.monitor.duplicateBody('Upstream'),
            task_uuid: 'line-assembly-svd-1',
          },
        },
      },
      chance: 0.05,
    })
    let outages = 0
    const outage = setInterval(() => {
      // The authority down for a moment, now and then.
      outages++
      p.addFirst({
        path: /^\/api\/(?!session)/,
        fault: { kind: 'answer', status: 503, body: {} },
        tag: 'outage',
      })
      setTimeout(() => p.remove('outage'), 400).unref()
    }, 7000)

    try {
      await runConvergence(
        {
          seed: SEED,
          operations: OPERATIONS,
          root,
          debug,
          start: async (port) => {
            gateway = await startConvergenceServer(
              join(root, 'gateway'),
              port,
              {
                authorityUrl: p.url,
                ...GATEWAY_DEFAULTS,
                pokeToken: undefined,
                pollStructureMs: 500,
                pollBulkMs: 2000,
                timeoutMs: 2000,
                retryAfterMs: 1000,
                undoRetryMs: 300,
              },
              databaseUrl,
            )
            // The plant is read whole (through the faults) before the run picks what to act on.
            const g = gateway
            await expect
              .poll(async () => (await g.pullAll()).signals.length, {
                timeout: 30_000,
                message: 'the plant read',
              })
              .toBeGreaterThan(0)
            return g
          },
          beforeSettle: async () => {
            clearInterval(outage)
            p.clear()
          },
        },
        (devices) => (clients = devices),
      )
    } finally {
      clearInterval(outage)
    }

    // The gateway's replica equals the authority (ids the authority minted are the replica's too).
    const cookieOf = async (base: string) => {
      const res = await fetch(`${base}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO.adminEmail, password: DEMO.adminPassword }),
      })
      return res.headers.getSetCookie()[0]!.split(';')[0]!
    }
    const puller = (base: string, cookie: string) => async (path: string, body: unknown) =>
      (await (
        await fetch(base + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        })
      ).json()) as PullResponse
    const upstreamCookie = await cookieOf(authority.baseUrl)
    const gatewayCookie = await cookieOf(gateway!.baseUrl)
    await expect
      .poll(
        async () => {
          const theirs = withoutEmptyRules(
            entities(await pullAll(puller(authority!.baseUrl, upstreamCookie)), ['lastLogin']),
          )
          const mine = withoutEmptyRules(
            entities(await pullAll(puller(gateway!.baseUrl, gatewayCookie)), ['lastLogin']),
          )
          return differences(mine, theirs)
        },
        { timeout: 10_000, message: 'the gateway’s replica equals the authority' },
      )
      .toEqual([])
    const status = await fetch(`${gateway!.baseUrl}/api/gateway/status`, {
      headers: { cookie: gatewayCookie },
    })
    expect(((await status.json()) as { undos: unknown[] }).undos, 'no undo left waiting').toEqual([])
    expect(
      p.calls.every((c) => c.path.startsWith('/api/')),
      'only the authority’s REST API',
    ).toBe(true)
    const faults = p.calls.reduce<Record<string, number>>(
      (n, c) => ({ ...n, [c.fault]: (n[c.fault] ?? 0) + 1 }),
      {},
    )
    console.log('gateway link', JSON.stringify({ calls: p.calls.length, outages, ...faults }))
    expect(faults['drop-answer'] ?? 0, 'answers were dropped after the authority applied').toBeGreaterThan(0)
    expect(outages).toBeGreaterThan(0)
    await closeRun()
  },
  360_000,
)
