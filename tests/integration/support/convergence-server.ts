import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createApp } from '../../../sync-server/app'
import { DEFAULT_DEMO, type GatewayConfig } from '../../../sync-server/config'
import { startServices, type Started } from '../../../sync-server/server'
import { COLLECTIONS, type CollectionName } from '../../../shared/sync/collections'
import type { PullResponse, ReplicatedDocument } from '../../../shared/sync/protocol'

/**
 * The real sync server for the convergence test (or, given a gateway configuration, a gateway in
 * front of another one): createApp over PGlite persisted in a data folder,
 * listening on a real port. `restart` stops it the way a redeploy does (in-flight requests and
 * streams cut, database closed) and starts it again on the same folder and port.
 */
export interface RunningServer {
  readonly baseUrl: string
  restart(downMs?: number): Promise<void>
  /** Every document of the demo plant, deleted ones included, as an administrator pulls them. */
  pullAll(): Promise<Record<CollectionName, ReadonlyArray<ReplicatedDocument>>>
  close(): Promise<void>
}

export async function startConvergenceServer(
  dataDir: string,
  fixedPort = 0,
  /** Gateway mode: in front of this authority (sync-server/gateway/), its replica in `dataDir`. */
  gateway?: GatewayConfig,
  /** PostgreSQL instead of PGlite in `dataDir`. */
  databaseUrl?: string,
): Promise<RunningServer> {
  let started: Started
  let http: ServerType
  let port = fixedPort

  const up = async () => {
    started = await startServices({
      port,
      host: '127.0.0.1',
      dataDir,
      databaseUrl,
      distDir: '',
      demo: DEFAULT_DEMO,
      trustProxy: false,
      allowedOrigins: [],
      ...(gateway ? { gateway } : {}),
    })
    const app = createApp({ services: started.services })
    http = await new Promise<ServerType>((resolve) => {
      const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(server))
    })
    port = (http.address() as AddressInfo).port
  }
  const down = async () => {
    const closed = new Promise<void>((resolve) => http.close(() => resolve()))
    // Open streams and keep-alive sockets would hold the server open: cut them, as a crash would.
    ;(http as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
    await closed
    await started.close()
  }
  await up()
  const baseUrl = `http://127.0.0.1:${port}`

  const pullAll = adminPull(baseUrl)

  return {
    baseUrl,
    async restart(downMs = 0) {
      await down()
      await new Promise((resolve) => setTimeout(resolve, downMs))
      await up()
    },
    pullAll,
    close: down,
  }
}

/** Every document of the demo plant, deleted ones included, as an administrator pulls them from `baseUrl`. */
export function adminPull(
  baseUrl: string,
): () => Promise<Record<CollectionName, ReadonlyArray<ReplicatedDocument>>> {
  let cookie = ''
  const call = async (path: string, body: unknown) => {
    const post = () =>
      fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      })
    let res = await post()
    if (res.status === 401) {
      const signIn = await fetch(`${baseUrl}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEFAULT_DEMO.adminEmail, password: DEFAULT_DEMO.adminPassword }),
      })
      cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      res = await post()
    }
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as PullResponse
  }
  return async () => {
    const out = {} as Record<CollectionName, ReadonlyArray<ReplicatedDocument>>
    for (const collection of COLLECTIONS) {
      const docs: ReplicatedDocument[] = []
      let checkpoint: PullResponse['checkpoint'] = null
      for (;;) {
        const page = await call(`/sync/${collection}/pull`, { checkpoint, batchSize: 1000 })
        if (page.documents.length === 0) break
        docs.push(...page.documents)
        checkpoint = page.checkpoint
      }
      out[collection] = docs
    }
    return out
  }
}
