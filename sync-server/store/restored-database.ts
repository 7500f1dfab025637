import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import type { Tables } from './tables'

/**
 * How far a restore moves the document sequence ahead: more writes than a deployment makes between
 * a backup and its restore in decades, and still thousands of restores below 2^53.
 */
export const RESTORE_SEQ_JUMP = 1_000_000_000_000

/**
 * Run once after a restore, every customer's documents alike (docs/operations.md). Devices keep the
 * checkpoint (a sequence number) they reached on the database as it was before the restore, past
 * every number the backup holds: a write made after the restore would get a number they think they
 * have already pulled, and they would never see it. Moving the sequence far ahead and giving every
 * document a new number makes each device's next pull bring back the restored state and every
 * later write. Answers how many documents were renumbered.
 */
export async function renumberAfterRestore(db: Kysely<Tables>): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`select setval('documents_seq', (select last_value from documents_seq) + ${RESTORE_SEQ_JUMP})`.execute(
      tx,
    )
    const result = await sql`update documents set seq = nextval('documents_seq')`.execute(tx)
    return Number(result.numAffectedRows ?? 0)
  })
}

/** Whether the PostgreSQL database at `url` already holds this server's tables. */
export async function holdsServerTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ found: boolean }>(
      "select to_regclass('public.schema_migrations') is not null as found",
    )
    return rows[0]?.found === true
  } finally {
    await client.end()
  }
}
