import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll } from 'vitest'
import { startTestServer, type TestServer } from './test-server'

/**
 * A test server on a real HTTP port, for tests that drive the device's own sync code (the
 * SyncController over NodeTransport) rather than calling the app in process. Started before the
 * file's tests and closed after them; read `server` and `baseUrl` inside tests.
 */
export interface HttpTestServer {
  readonly server: TestServer
  readonly baseUrl: string
}

export function useHttpTestServer(): HttpTestServer {
  let server: TestServer | undefined
  let http: ServerType | undefined
  let baseUrl = ''
  beforeAll(async () => {
    server = await startTestServer('pglite')
    const app = server.app
    http = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    // A device's stream or a kept-alive connection would hold close() open until it ends by itself.
    if (http && 'closeAllConnections' in http) http.closeAllConnections()
    if (http) await new Promise<void>((resolve) => http!.close(() => resolve()))
    await server?.close()
  })
  return {
    get server() {
      if (!server) throw new Error('the HTTP test server is not started yet')
      return server
    },
    get baseUrl() {
      return baseUrl
    },
  }
}
