import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startPostgresCluster } from '../tests/integration/support/postgres-cluster'
import { runSoak, type SoakResult } from './soak-run'

/**
 * `npm run soak -- --devices 10 --actions 5000 --think 250 --seed 1 --database pglite|postgres|both`:
 * the convergence harness at plant scale with the faults of docs/soak.md; `--think` is each device's
 * mean pause between actions in milliseconds (a user's think time; 0 for none). Prints one table per
 * database; exits 1 on any divergence or lost action. `--verbose` logs progress.
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10' },
    actions: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '20261127' },
    think: { type: 'string', default: '250' },
    database: { type: 'string', default: 'both' },
    verbose: { type: 'boolean', default: false },
  },
})
const devices = Number(values.devices)
const actions = Number(values.actions)
const seed = Number(values.seed)
const thinkMs = Number(values.think)
const databases = values.database === 'both' ? (['pglite', 'postgres'] as const) : [values.database]
if (!Number.isInteger(devices) || devices < 1 || !Number.isInteger(actions) || actions < 1)
  throw new Error('--devices and --actions take whole numbers of at least 1')
if (!Number.isInteger(seed)) throw new Error('--seed takes a whole number')
if (!Number.isInteger(thinkMs) || thinkMs < 0) throw new Error('--think takes a whole number of milliseconds')
for (const d of databases)
  if (d !== 'pglite' && d !== 'postgres') throw new Error(`--database: pglite, postgres or both, not ${d}`)

const started = Date.now()
const log = (...args: unknown[]) =>
  console.log(`[${Math.round((Date.now() - started) / 1000)} s]`, ...args.map((a) => String(a)))
const quiet = (...args: unknown[]) => {
  if (values.verbose) log(...args)
}

let failed = false
for (const database of databases as ReadonlyArray<'pglite' | 'postgres'>) {
  const root = mkdtempSync(join(tmpdir(), 'qm-soak-'))
  const cluster = database === 'postgres' ? await startPostgresCluster() : undefined
  try {
    log(`soak on ${database}: ${devices} devices × ${actions} actions, think ${thinkMs} ms, seed ${seed}`)
    const result = await runSoak({
      database,
      devices,
      actions,
      seed,
      thinkMs,
      root,
      log: quiet,
      ...(cluster ? { databaseUrl: cluster.url } : {}),
    })
    printTable(result)
    if (result.divergences.length > 0 || result.lost.length > 0) {
      failed = true
      for (const line of [...result.divergences, ...result.lost].slice(0, 20)) console.log('  FAIL', line)
    }
  } finally {
    cluster?.stop()
    rmSync(root, { recursive: true, force: true })
  }
}
process.exit(failed ? 1 : 0)

function printTable(r: SoakResult): void {
  const f = r.faults
  const rows: Array<[string, string | number]> = [
    ['database', `${r.database} (${r.instances} server instance${r.instances > 1 ? 's' : ''})`],
    ['devices', r.devices],
    ['actions', `${r.actions} (${r.saved} saved on the device, ${r.applied} applied by the server)`],
    ['think time (mean pause after each action)', `${r.thinkMs} ms`],
    ['stream change messages through the faults', f.faultable],
    ['stream messages dropped', f.dropped],
    ['stream messages duplicated', f.duplicated],
    ['stream messages reordered', f.reordered],
    ['streams silenced', f.silenced],
    ['pull answers cut off', f.pullsCut],
    ['pull answers failed', f.pullsFailed],
    ['pushes duplicated', f.duplicatedPushes],
    ['pushes replayed', f.replayedPushes],
    ['push answers lost', f.lostAnswers],
    ['network drops', f.networkDrops],
    ['server restarts (SIGKILL)', r.serverKills],
    ['actions made while a server was down', r.actionsWhileDown],
    ['device restarts', r.deviceRestarts],
    ['divergences', r.divergences.length],
    ['lost actions', r.lost.length],
    ['kept sync issues', `${r.syncIssues} (${r.upgradeRefusals} refused by the version-2 upgrade)`],
    ['time', `${Math.floor(r.seconds / 60)} min ${r.seconds % 60} s`],
  ]
  const width = Math.max(...rows.map(([k]) => k.length))
  console.log(`\n| ${'soak'.padEnd(width)} | ${r.database} |`)
  console.log(`| ${'-'.repeat(width)} | --- |`)
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`)
  console.log('')
}
