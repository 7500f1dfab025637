import type { ColumnType, Generated } from 'kysely'

/**
 * The database, as Kysely sees it. Replicated entities live in one `documents` table (JSONB data
 * plus the server-owned sequence, revision and time); what must never replicate — password hashes,
 * sessions, integration secrets — lives in tables of its own.
 */
export interface Tables {
  documents: DocumentsTable
  customers: CustomersTable
  credentials: CredentialsTable
  sessions: SessionsTable
  secrets: SecretsTable
  intent_log: IntentLogTable
  schema_migrations: SchemaMigrationsTable
}

export interface DocumentsTable {
  customer_id: string
  collection: string
  id: string
  /** The plant the document belongs to; '*' for customer-wide documents (users). */
  plant_id: string
  /** Server sequence: strictly increasing per customer in commit order; the pull checkpoint. */
  seq: ColumnType<string, string | number | bigint, string | number | bigint>
  /** Bumped on every write; the push handler compares it with the client's assumed master. */
  revision: number
  updated_at: ColumnType<Date, Date | string, Date | string>
  deleted: boolean
  data: ColumnType<Record<string, unknown>, string, string>
}

export interface CustomersTable {
  id: string
  name: string
}

export interface CredentialsTable {
  user_id: string
  customer_id: string
  /** Lower-cased; unique across customers so sign-in by email finds one account. */
  email: string
  password_hash: string
}

export interface SessionsTable {
  token_hash: string
  user_id: string
  customer_id: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  expires_at: ColumnType<Date, Date | string, Date | string>
}

export interface SecretsTable {
  customer_id: string
  owner_id: string
  kind: string
  secret: string
}

/** Applied intents by id: a retried push is answered from here instead of applying twice. */
export interface IntentLogTable {
  customer_id: string
  intent_id: string
  result: ColumnType<Record<string, unknown>, string, string>
  created_at: Generated<Date>
}

export interface SchemaMigrationsTable {
  version: number
  applied_at: Generated<Date>
}
