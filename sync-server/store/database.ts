import { Kysely, PostgresDialect, type PostgresPool } from 'kysely'
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
 * data folder's files are read through the OS). It is touched whole at start, so each MB is resident:
 * 8MB (16MB before) cost no measured pull CPU — a plant's signals exceed either and are read through
 * the OS cache (docs/architecture.md, server memory).
 */
const PGLITE_CONF = ['shared_buffers = 8MB']

// PostgreSQL bigint arrives as a string; our sequences fit in a double for centuries of writes.
pg.types.setTypeParser(20, (v) => v)

/**
 * PGlite runs in this process and answers a query without waiting for any I/O: a queue of queries
 * (50 clients pushing, each push telling 50 live streams) runs from one promise callback to the
 * next and never lets the event loop poll sockets. Established connections were served, but a NEW
 * connection was not accepted until the queue ran dry — under load a tablet's first request waited
 * 20–25 s (bench/server-load.ts, "first pull"). Taking the connection one event-loop turn later
 * (setImmediate runs after the poll phase) lets sockets be accepted and read between queries.
 */
function yieldingToIo(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      await new Promise<void>((resolve) => setImmediate(resolve))
      return pool.connect()
    },
    end: () => pool.end(),
  }
}

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
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: pglite ? yieldingToIo(pool) : pool }),
  })
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
