import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { createApp } from '../../../sync-server/app'
import type { Session } from '../../../sync-server/auth/session'
import { DEFAULT_DEMO } from '../../../sync-server/config'
import type { Services } from '../../../sync-server/domain/services'
import {
  createLocalChangeBus,
  createPostgresChangeBus,
  type ChangeBus,
} from '../../../sync-server/replication/change-bus'
import { relianceChecksSettled } from '../../../sync-server/domain/reliance-connection'
import { ensureDemoPlant, type SeedOptions } from '../../../sync-server/seed/demo-plant'
import type { Kysely } from 'kysely'
import { openDatabase, type Database } from '../../../sync-server/store/database'
import { writeDocument, writeTransaction, type WriteInput } from '../../../sync-server/store/documents'
import type { Tables } from '../../../sync-server/store/tables'
import type { CollectionName } from '../../../shared/sync/collections'
import { systemClock, type Clock } from '../../../shared/time/clock'

/**
 * A real server (Hono app over a real database) for integration tests. `kind` picks PGlite (in
 * memory) or a fresh database on the PostgreSQL cluster started by the global setup.
 */
export type DatabaseKind = 'pglite' | 'postgres'
export const DATABASE_KINDS: ReadonlyArray<DatabaseKind> = ['pglite', 'postgres']

export interface TestServer {
  readonly kind: DatabaseKind
  readonly services: Services
  readonly database: Database
  readonly app: ReturnType<typeof createApp>
  /** Signs in and returns the cookie header value. */
  signIn(email?: string, password?: string): Promise<string>
  request(
    method: string,
    path: string,
    options?: { cookie?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Response>
  /** JSON helper: returns status and parsed body. */
  call<T = unknown>(
    method: string,
    path: string,
    cookie?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>
  close(): Promise<void>
}

export const DEMO = DEFAULT_DEMO
/** The demo administrator as the intent host sees the session (tests that run intents in process). */
export const DEMO_ADMIN_SESSION: Session = {
  userId: 'user-admin',
  email: 'admin',
  role: 'administrator',
  customerId: 'cust-demo',
  plantId: 'plant-demo',
  locationConfig: {} as Session['locationConfig'],
}
/** The second customer's administrator, seeded for tenant-isolation tests. */
export const OTHER_ADMIN = { email: 'admin@other.plant', password: 'other-admin-1' }

export interface TestServerOptions {
  readonly clock?: Clock
  readonly seed?: SeedOptions
  /** Reuse an open database (a second server instance on the same PostgreSQL, or a reopened PGlite). */
  readonly database?: Database
  /** Leave the database open on close (it belongs to the caller). */
  readonly keepDatabase?: boolean
  /** DEPLOYMENT_TOKEN: opens /api/deployment/* (feature flags); unset, those routes are 404. */
  readonly deploymentToken?: string
}

export async function startTestServer(
  kind: DatabaseKind,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const { database, dropDatabase } = options.database
    ? { database: options.database, dropDatabase: async () => {} }
    : await openTestDatabase(kind)
  const changes: ChangeBus =
    kind === 'postgres' ? await createPostgresChangeBus(database.pool) : createLocalChangeBus()
  const services: Services = { db: database.db, changes, clock: options.clock ?? systemClock }
  await ensureDemoPlant(services, DEFAULT_DEMO, options.seed ?? {})
  const app = createApp({
    services,
    ...(options.deploymentToken ? { deploymentToken: options.deploymentToken } : {}),
  })

  const request: TestServer['request'] = (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) }
    if (opts.cookie) headers.cookie = opts.cookie
    let body: string | undefined
    if (opts.raw !== undefined) body = opts.raw
    else if (opts.body !== undefined) body = JSON.stringify(opts.body)
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json'
    return Promise.resolve(app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }))
  }

  return {
    kind,
    services,
    database,
    app,
    request,
    async signIn(email = DEMO.adminEmail, password = DEMO.adminPassword) {
      const res = await request('POST', '/api/session', { body: { email, password } })
      if (res.status !== 200)
        throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`)
      const setCookie = res.headers.get('set-cookie') ?? ''
      return setCookie.split(';')[0]!
    },
    async call(method, path, cookie, body) {
      const res = await request(method, path, {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { body } : {}),
      })
      const text = await res.text()
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as never }
    },
    async close() {
      await relianceChecksSettled(services)
      await changes.close()
      if (options.keepDatabase) return
      await database.close()
      await dropDatabase()
    },
  }
}

/** A seeded account that `useDemoServer` can sign in. */
export type DemoAccount = 'admin' | 'operator' | 'other'

const DEMO_CREDENTIALS: Readonly<Record<DemoAccount, readonly [email: string, password: string]>> = {
  admin: [DEMO.adminEmail, DEMO.adminPassword],
  operator: [DEMO.userEmail, DEMO.userPassword],
  other: [OTHER_ADMIN.email, OTHER_ADMIN.password],
}

export interface DemoServerOptions extends TestServerOptions {
  /**
   * The accounts to sign in, in this order; all three by default. A sign-in stamps the user's
   * `lastLogin`, so a suite signs in only the accounts it uses.
   */
  readonly signIn?: ReadonlyArray<DemoAccount>
}

/**
 * What `useDemoServer` hands a suite. Every property is filled in by the suite's `beforeAll`, so
 * read it inside a test, a hook or a helper called from one, never while the suite is collected.
 * Reading a property before then, or the cookie of an account not signed in, throws.
 */
export interface DemoServer {
  readonly server: TestServer
  /** Session cookie of the demo plant's administrator (`DEMO.adminEmail`). */
  readonly admin: string
  /** Session cookie of the demo plant's operator, who is not an administrator (`DEMO.userEmail`). */
  readonly operator: string
  /** Session cookie of the second customer's administrator (`OTHER_ADMIN`). */
  readonly other: string
}

/**
 * The common setup of a `describe.each(DATABASE_KINDS)` suite: registers a `beforeAll` that starts
 * a test server on `kind` and signs in the demo accounts, and an `afterAll` that closes the server.
 * Call it once, at the top of the suite's body; a later `beforeAll` of the suite runs after this
 * one and can use the server.
 *
 * @example
 * describe.each(DATABASE_KINDS)('lines on %s', (kind) => {
 *   const demo = useDemoServer(kind)
 *   test('...', async () => {
 *     expect((await demo.server.call('GET', '/api/session', demo.operator)).status).toBe(200)
 *   })
 * })
 */
export function useDemoServer(kind: DatabaseKind, options: DemoServerOptions = {}): DemoServer {
  const { signIn = ['admin', 'operator', 'other'], ...serverOptions } = options
  let server: TestServer | undefined
  const cookies: Partial<Record<DemoAccount, string>> = {}
  beforeAll(async () => {
    server = await startTestServer(kind, serverOptions)
    for (const account of signIn) cookies[account] = await server.signIn(...DEMO_CREDENTIALS[account])
  })
  afterAll(() => server?.close())

  const cookie = (account: DemoAccount) => {
    const value = cookies[account]
    if (value !== undefined) return value
    throw new Error(
      signIn.includes(account)
        ? `useDemoServer: the ${account} cookie was read before beforeAll signed in`
        : `useDemoServer: ${account} is not signed in; add it to the signIn option`,
    )
  }
  return {
    get server() {
      if (!server) throw new Error('useDemoServer: the server was read before beforeAll started it')
      return server
    },
    get admin() {
      return cookie('admin')
    },
    get operator() {
      return cookie('operator')
    },
    get other() {
      return cookie('other')
    },
  }
}

/**
 * Writes a document of the demo plant straight into the store, as the seed does: for a test that
 * sets up what no API can (a data source back after its delete, the plant's feature flags).
 */
export async function writeDemoDocument(
  db: Kysely<Tables>,
  collection: CollectionName,
  id: string,
  data: WriteInput['data'],
): Promise<void> {
  await writeTransaction(db, 'cust-demo', (tx) =>
    writeDocument(tx, { customerId: 'cust-demo', collection, id, plantId: 'plant-demo', data }),
  )
}

let counter = 0

export async function openTestDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; url?: string; dropDatabase: () => Promise<void> }> {
  if (kind === 'pglite') {
    return {
      database: await openDatabase({ kind: 'pglite', dataDir: 'memory://' }),
      dropDatabase: async () => {},
    }
  }
  const adminUrl = inject('postgresUrl')
  const name = `qm_test_${process.pid}_${Date.now()}_${counter++}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString() })
  return {
    database,
    url: url.toString(),
    async dropDatabase() {
      const a = new pg.Client({ connectionString: adminUrl })
      await a.connect()
      await a.query(`drop database if exists ${name} with (force)`)
      await a.end()
    },
  }
}
