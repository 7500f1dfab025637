import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import { mkdirSync } from 'node:fs'
import { migrate } from './migrations'
import type { Tables } from './tables'

/** An open, migrated database: Kysely over PGlite (embedded) or a PostgreSQL server. */
export interface Database {
  readonly db: Kysely<Tables>
  readonly kind: 'pglite' | 'postgres'
  /** A raw pool for LISTEN/NOTIFY (PostgreSQL only). */
  readonly pool: pg.Pool
  close(): Promise<void>
}

export type DatabaseTarget =
  | { readonly kind: 'pglite'; readonly dataDir: string }
  | { readonly kind: 'pglite-instance'; readonly pglite: PGlite }
  | { readonly kind: 'postgres'; readonly url: string }

/**
 * PGlite's settings. shared_buffers lives inside the WebAssembly heap, which never shrinks: the
 * default 128MB costs ~120 MB of resident memory for a page cache the OS already provides (the
 * data folder's files are read through the OS). 16MB holds the demo plant's working set.
 */
const PGLITE_CONF = ['shared_buffers = 16MB']

// PostgreSQL bigint arrives as a string; our sequences fit in a double for centuries of writes.
pg.types.setTypeParser(20, (v) => v)

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  let pglite: PGlite | undefined
  let pool: pg.Pool
  if (target.kind === 'postgres') {
    pool = new pg.Pool({ connectionString: target.url, max: 10 })
  } else {
    if (target.kind === 'pglite') {
      if (!target.dataDir.startsWith('memory://')) mkdirSync(target.dataDir, { recursive: true })
      pglite = await PGlite.create(target.dataDir, { postgresqlconf: PGLITE_CONF })
    } else {
      pglite = target.pglite
    }
    // PGlite is one connection: the pool must never open a second one.
    pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 })
  }
  // An idle connection can be dropped by the server (restart, failover, admin); pg reports it as an
  // 'error' event on the pool, which would crash the process if nobody listened. The next query
  // simply opens a new connection.
  pool.on('error', (err) => console.error('database connection lost:', err.message))
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  await migrate(db)
  const owned = target.kind === 'pglite'
  return {
    db,
    kind: target.kind === 'postgres' ? 'postgres' : 'pglite',
    pool,
    async close() {
      await db.destroy()
      if (owned && pglite && !pglite.closed) await pglite.close()
    },
  }
}
