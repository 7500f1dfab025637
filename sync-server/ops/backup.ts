import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase, type DatabaseTarget } from '../store/database'
import { holdsServerTables, renumberAfterRestore } from '../store/restored-database'

/**
 * Backup and restore of the server's database (README "Backup and restore", docs/operations.md).
 *
 * PGlite (DATA_DIR): PGlite's own dumpDataDir / loadDataDir — one gzipped tarball of the data
 * folder, written by PGlite after it opened the folder (so a folder left by a killed server is
 * recovered first) and read back by the same PGlite. The server must be stopped: PGlite is one
 * process's database, and a copy taken under a running server could hold half a write. A plain copy
 * of the stopped folder would do as well; the tarball is one file, compressed (the demo plant's
 * ~50 MB folder is ~5 MB) and checked by PGlite when loaded.
 *
 * PostgreSQL (DATABASE_URL): pg_dump / psql from Debian's postgresql-client — a plain SQL file
 * taken from one consistent snapshot while servers keep running, restored in one transaction.
 *
 * After either restore the database is migrated and its documents renumbered
 * (store/restored-database.ts), so devices that synced with the database before see its restored
 * state and every later write.
 */
export type BackupTarget =
  { readonly kind: 'pglite'; readonly dataDir: string } | { readonly kind: 'postgres'; readonly url: string }

/** A backup or restore that cannot be made as asked: said in one sentence, nothing changed. */
export class BackupRefusal extends Error {}

/** Writes a backup of `target` to `file` (first to `file.partial`, so a cut-off one never looks whole). */
export async function backup(target: BackupTarget, file: string, options: { force?: boolean } = {}) {
  const partial = `${file}.partial`
  rmSync(partial, { force: true })
  if (target.kind === 'pglite') {
    if (!existsSync(`${target.dataDir}/PG_VERSION`))
      throw new BackupRefusal(`${target.dataDir} holds no database (DATA_DIR)`)
    refuseWhileOpen(target.dataDir, options.force)
    const pglite = await PGlite.create(target.dataDir)
    try {
      const tarball = await pglite.dumpDataDir('gzip')
      writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()))
    } finally {
      await pglite.close()
    }
  } else {
    run('pg_dump', [
      `--dbname=${target.url}`,
      '--format=plain',
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      `--file=${partial}`,
    ])
  }
  renameSync(partial, file)
}

/**
 * Restores `file` into `target`, which must be empty (a missing or empty DATA_DIR, a database
 * without our tables) unless `force`: then a PGlite folder is moved aside (never deleted) and a
 * PostgreSQL database has the backup's tables replaced. Answers where an old folder went, if anywhere.
 */
export async function restore(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ readonly movedAside?: string; readonly renumbered: number }> {
  if (!existsSync(file)) throw new BackupRefusal(`${file} does not exist`)
  let movedAside: string | undefined
  let opened: DatabaseTarget
  if (target.kind === 'pglite') {
    if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
      if (!options.force)
        throw new BackupRefusal(
          `${target.dataDir} is not empty (DATA_DIR): stop the server and pass --force to move it aside`,
        )
      movedAside = `${target.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      renameSync(target.dataDir, movedAside)
    }
    const pglite = await PGlite.create(target.dataDir, { loadDataDir: new Blob([readFileSync(file)]) })
    await pglite.close()
    opened = { kind: 'pglite', dataDir: target.dataDir }
  } else {
    if (!options.force && (await holdsServerTables(target.url)))
      throw new BackupRefusal(
        'DATABASE_URL already holds a database: restore into an empty one (createdb), or stop its servers and pass --force to replace it',
      )
    run('psql', [
      `--dbname=${target.url}`,
      '--quiet',
      '--no-psqlrc',
      '--single-transaction',
      '-v',
      'ON_ERROR_STOP=1',
      `--file=${file}`,
    ])
    opened = { kind: 'postgres', url: target.url }
  }
  // A backup of an older version is brought up to this one's schema, then renumbered.
  const database = await openDatabase(opened)
  try {
    const renumbered = await renumberAfterRestore(database.db)
    return { ...(movedAside ? { movedAside } : {}), renumbered }
  } finally {
    await database.close()
  }
}

/**
 * PGlite keeps postmaster.pid in its folder while it is open and removes it when closed: present,
 * a server is running on the folder, or was killed (its next start or `force` clears that).
 */
function refuseWhileOpen(dataDir: string, force: boolean | undefined): void {
  if (force || !existsSync(`${dataDir}/postmaster.pid`)) return
  throw new BackupRefusal(
    `${dataDir} is open (postmaster.pid): stop the server first; if it was killed and is not running, pass --force`,
  )
}

function run(command: string, args: ReadonlyArray<string>): void {
  // Their output is the dump's own chatter (psql echoes each SELECT of the file); errors come on stderr.
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] })
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new BackupRefusal(`${command} not found: apt-get install -y postgresql-client`)
  if (result.status !== 0) throw new BackupRefusal(`${command} failed: ${result.stderr.trim()}`)
}
