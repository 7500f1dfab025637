import { parseArgs } from 'node:util'
import { backup, BackupRefusal, restore, type BackupTarget } from './backup'

/**
 * `npm run backup -- --out FILE` / `npm run restore -- --in FILE [--force]`: the database the server
 * would open with the same environment — DATABASE_URL when set, else the PGlite folder DATA_DIR
 * (./data). README "Backup and restore"; how each works in ops/backup.ts.
 */
const [command, ...rest] = process.argv.slice(2)
const { values } = parseArgs({
  args: rest,
  options: { out: { type: 'string' }, in: { type: 'string' }, force: { type: 'boolean', default: false } },
})
const target: BackupTarget = process.env.DATABASE_URL
  ? { kind: 'postgres', url: process.env.DATABASE_URL }
  : { kind: 'pglite', dataDir: process.env.DATA_DIR ?? './data' }
const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`

try {
  const started = performance.now()
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
  if (command === 'backup' && values.out) {
    await backup(target, values.out, { force: values.force })
    console.log(`Backed up ${where} to ${values.out} in ${seconds()} s`)
  } else if (command === 'restore' && values.in) {
    const done = await restore(target, values.in, { force: values.force })
    if (done.movedAside) console.log(`The folder that was there is kept in ${done.movedAside}`)
    console.log(`Restored ${values.in} into ${where} in ${seconds()} s (${done.renumbered} documents)`)
  } else {
    console.error('Usage: npm run backup -- --out FILE | npm run restore -- --in FILE [--force]')
    process.exit(2)
  }
} catch (error) {
  if (!(error instanceof BackupRefusal)) throw error
  console.error(`Cannot ${command}: ${error.message}`)
  process.exit(1)
}
