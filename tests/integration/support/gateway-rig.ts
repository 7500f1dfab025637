import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createApp } from '../../../sync-server/app'
import { GATEWAY_DEFAULTS, type GatewayConfig } from '../../../sync-server/config'
import { Gateway } from '../../../sync-server/gateway/gateway'
import { createLocalChangeBus, createPostgresChangeBus } from '../../../sync-server/replication/change-bus'
import type { Services } from '../../../sync-server/domain/services'
import type { Database } from '../../../sync-server/store/database'
import { systemClock } from '../../../shared/time/clock'
import { INTENT_PROTOCOL_VERSION, type IntentPushResponse } from '../../../shared/sync/intent-protocol'
import { FaultProxy } from './fault-proxy'
import { DEMO, openTestDatabase, startTestServer, type DatabaseKind, type TestServer } from './test-server'

/**
 * Gateway mode on one machine (docs/gateway.md): an instance of this product in its embedded mode is
 * the authority (seeded demo plant, on a real port), a fault-injecting proxy stands in front of it,
 * and a gateway (AUTHORITY_URL = the proxy) keeps its replica in a database of `kind`. Devices and
 * REST clients talk to the gateway over HTTP.
 */
export interface GatewayRig {
  readonly authority: Served
  readonly proxy: FaultProxy
  gateway: RunningGateway
  /** Restarts the gateway on the same database (its pollers, queue and sessions in memory start over). */
  restartGateway(): Promise<void>
  close(): Promise<void>
}

export interface Served {
  readonly url: string
  readonly server: TestServer
  /** A session cookie on the authority directly (not through the gateway). */
  signIn(email?: string, password?: string): Promise<string>
  call<T = unknown>(
    method: string,
    path: string,
    cookie: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>
}

export interface RunningGateway {
  readonly url: string
  readonly gateway: Gateway
  readonly services: Services
  signIn(email?: string, password?: string): Promise<string>
  call<T = unknown>(
    method: string,
    path: string,
    cookie?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>
  /** POST /sync/intents with the given actions (ids, base values) as the signed-in user. */
  push(
    cookie: string,
    intents: ReadonlyArray<PushedAction>,
  ): Promise<{ status: number; body: IntentPushResponse; headers: Headers }>
  stop(): Promise<void>
}

export interface PushedAction {
  readonly id: string
  readonly name: string
  readonly args: unknown
  readonly base?: ReadonlyArray<{ collection: string; id: string; field: string; value?: unknown }>
}

export const FAST_POLLS: Partial<GatewayConfig> = {
  pollStructureMs: 300,
  pollBulkMs: 600,
  timeoutMs: 3000,
  retryAfterMs: 1000,
  undoRetryMs: 60_000,
}

export async function startGatewayRig(
  kind: DatabaseKind,
  config: Partial<GatewayConfig> = {},
): Promise<GatewayRig> {
  const authorityServer = await startTestServer('pglite')
  const authority = await serveApp(authorityServer.app.fetch)
  const proxy = await FaultProxy.start(authority.url)
  const { database, dropDatabase } = await openTestDatabase(kind)
  const gatewayConfig: GatewayConfig = {
    authorityUrl: proxy.url,
    ...GATEWAY_DEFAULTS,
    pokeToken: undefined,
    ...FAST_POLLS,
    ...config,
  }
  const rig: GatewayRig = {
    authority: {
      url: authority.url,
      server: authorityServer,
      signIn: (email = DEMO.adminEmail, password = DEMO.adminPassword) =>
        authorityServer.signIn(email, password),
      call: (method, path, cookie, body) => authorityServer.call(method, path, cookie, body),
    },
    proxy,
    gateway: await startGateway(kind, database, gatewayConfig),
    async restartGateway() {
      await rig.gateway.stop()
      rig.gateway = await startGateway(kind, database, gatewayConfig)
    },
    async close() {
      await rig.gateway.stop()
      await proxy.close()
      await authority.close()
      await authorityServer.close()
      await database.close()
      await dropDatabase()
    },
  }
  return rig
}

async function startGateway(
  kind: DatabaseKind,
  database: Database,
  config: GatewayConfig,
): Promise<RunningGateway> {
  const changes = kind === 'postgres' ? await createPostgresChangeBus(database.pool) : createLocalChangeBus()
  const base = { db: database.db, changes, clock: systemClock }
  const gateway = new Gateway(base, config)
  const services: Services = { ...base, gateway }
  await gateway.start()
  const served = await serveApp(createApp({ services }).fetch)
  const call: RunningGateway['call'] = async (method, path, cookie, body, headers = {}) => {
    const res = await fetch(served.url + path, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined || method !== 'GET' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    const text = await res.text()
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as never, headers: res.headers }
  }
  const authorOf = new Map<string, string>()
  return {
    url: served.url,
    gateway,
    services,
    call,
    async signIn(email = DEMO.adminEmail, password = DEMO.adminPassword) {
      const res = await fetch(`${served.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
      if (res.status !== 200) throw new Error(`gateway sign-in failed: ${res.status} ${await res.text()}`)
      const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!
      authorOf.set(cookie, ((await res.json()) as { id: string }).id)
      return cookie
    },
    async push(cookie, intents) {
      const author =
        authorOf.get(cookie) ?? (await call<{ id: string }>('GET', '/api/session', cookie)).body.id
      const res = await call<IntentPushResponse>('POST', '/sync/intents', cookie, {
        protocol: INTENT_PROTOCOL_VERSION,
        intents: intents.map((i) => ({
          id: i.id,
          name: i.name,
          args: i.args,
          author,
          createdAt: new Date().toISOString(),
          base: i.base ?? [],
        })),
      })
      return res
    },
    async stop() {
      await gateway.stop()
      await served.close()
      await changes.close()
    },
  }
}

async function serveApp(fetchApp: (req: Request) => Response | Promise<Response>) {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: fetchApp, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      await closed
    },
  }
}
