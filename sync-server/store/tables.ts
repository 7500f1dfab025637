import type { ColumnType, Generated } from 'kysely'

/**
 * The database, as Kysely sees it. Replicated entities live in one `documents` table (JSONB data
 * plus the server-owned sequence, revision and time); what must never replicate — password hashes,
 * sessions, integration secrets — lives in tables of its own.
 */
export interface Tables {
  documents: DocumentsTable
  document_counts: DocumentCountsTable
  customers: CustomersTable
  credentials: CredentialsTable
  sessions: SessionsTable
  secrets: SecretsTable
  intent_log: IntentLogTable
  gateway_sessions: GatewaySessionsTable
  gateway_steps: GatewayStepsTable
  gateway_ids: GatewayIdsTable
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
  /**
   * The document as a device gets it (toReplicated's JSON), rendered by a trigger whenever the row
   * is written (migration 7); never written by the application.
   */
  json: ColumnType<string, never, never>
}

/** How many rows (tombstones included) each plant holds per collection; kept by triggers (migration 8). */
export interface DocumentCountsTable {
  customer_id: string
  plant_id: string
  collection: string
  n: ColumnType<string, never, never>
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

/** Gateway mode: our session, and beside it the authority's (never sent to a device). */
export interface GatewaySessionsTable {
  token_hash: string
  customer_id: string
  user_id: string
  plant_id: string
  role: string
  /** The signed-in user as the authority answered GET /api/session. */
  identity: ColumnType<Record<string, unknown>, string, string>
  /** The authority's session cookie (`name=value` pairs), sent only to the authority. */
  authority_cookie: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  expires_at: ColumnType<Date, Date | string, Date | string>
  /** When the authority last confirmed the identity (roles are re-checked after ROLE_CACHE_MS). */
  checked_at: ColumnType<Date, Date | string, Date | string>
}

/** Gateway mode: one row per call of an action's upstream plan, written before and after the call. */
export interface GatewayStepsTable {
  customer_id: string
  action_id: string
  step: number
  name: string
  /** sent (outcome unknown) · done · refused · undone · undo-pending · undo-failed */
  state: string
  user_id: string
  plant_id: string
  /** What the step's answer left (a minted id, the entity), or the refusal. */
  result: ColumnType<unknown, string | null, string | null> | null
  /** The calls that take a done step back, for an undo retried later. */
  undo: ColumnType<unknown, string | null, string | null> | null
  /** Step 0 only: the documents the action was judged on and its time (apply-upstream.ts). */
  input: ColumnType<unknown, string | null, string | null> | null
  attempts: ColumnType<number, number | undefined, number>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** Gateway mode: the authority's id of a document a device created under an id it minted. */
export interface GatewayIdsTable {
  customer_id: string
  collection: string
  device_id: string
  authority_id: string
  created_at: Generated<Date>
}

export interface SchemaMigrationsTable {
  version: number
  applied_at: Generated<Date>
}
