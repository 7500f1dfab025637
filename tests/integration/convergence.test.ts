import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, test } from 'vitest'
import type { ClientHandle } from './support/convergence-clients'
import { runConvergence } from './support/convergence-run'
import { startConvergenceServer, type RunningServer } from './support/convergence-server'

/**
 * Seeded convergence test (issues #4 and #7) against the embedded server: five devices running the
 * real client data layer in worker threads, 300 seeded actions with disconnects, duplicated, lost and
 * replayed pushes and a server restart half-way (support/convergence-run.ts says what is checked).
 * Rerun a failure with CONVERGENCE_SEED=<seed> (CONVERGENCE_DEBUG=1 logs progress). The same run
 * through a gateway in front of an authority is convergence-gateway.test.ts.
 */
const SEED = Number(process.env.CONVERGENCE_SEED ?? 20261122)
// 300 actions (1,200 document edits before issue #7): an action does more than an edit did (reads,
// cascades, a change set per push), and the run must stay within about a minute on two cores.
const OPERATIONS = Number(process.env.CONVERGENCE_OPS ?? 300)
const debug = process.env.CONVERGENCE_DEBUG ? (...args: unknown[]) => console.log(...args) : () => {}

const root = mkdtempSync(join(tmpdir(), 'qm-convergence-'))
let server: RunningServer | undefined
let clients: ReadonlyArray<ClientHandle> = []
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

test(
  'OFF-02 OFF-03 OFF-04 OFF-05 seeded convergence: 5 devices, 300 random actions, disconnects, ' +
    'duplicated pushes and a server restart end equal to the server with nothing lost or half-applied',
  async () => {
    await runConvergence(
      {
        seed: SEED,
        operations: OPERATIONS,
        root,
        debug,
        start: async (port) => (server = await startConvergenceServer(join(root, 'data'), port)),
      },
      (devices) => (clients = devices),
    )
  },
  240_000,
)
