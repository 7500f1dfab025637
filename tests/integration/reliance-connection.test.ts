import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RelianceConfig } from '../../shared/schema/reliance-config'
import { INTENT_PROTOCOL_VERSION, type IntentOutcome } from '../../shared/sync/intent-protocol'
import { createApp } from '../../sync-server/app'
import { relianceChecksSettled } from '../../sync-server/domain/reliance-connection'
import type { Services } from '../../sync-server/domain/services'
import { AUTHORS, action } from './support/intent-push'
import {
  DATABASE_KINDS,
  DEMO,
  startTestServer,
  type DatabaseKind,
  type TestServer,
} from './support/test-server'

/**
 * ETQ-02: saving a Reliance configuration makes the server try its connection — the OAuth
 * client-credentials token request to its token endpoint — and record SUCCESS or ERROR, over REST
 * and for a save a device pushes (made offline) alike. The token endpoint is a local HTTP server
 * of this test, so every answer a real one could give (and some it should not) is tried.
 */
const CLIENT_ID = 'quality client'
const SECRET = 's3cret+&=TOP'
/** The server's test waits this long here (RELIANCE_TOKEN_TIMEOUT_MS in production). */
const TIMEOUT_MS = 300

interface TokenCall {
  readonly path: string
  readonly method: string
  readonly contentType: string | undefined
  readonly authorization: string | undefined
  readonly body: string
}

/** The local token endpoint: one path per kind of answer. */
function tokenEndpoint() {
  const calls: TokenCall[] = []
  const sockets = new Set<Socket>()
  const answers: Record<string, (req: IncomingMessage, body: string, res: ServerResponse) => void> = {
    '/token': (req, body, res) => {
      const ok =
        req.method === 'POST' &&
        req.headers['content-type'] === 'application/x-www-form-urlencoded' &&
        new URLSearchParams(body).get('grant_type') === 'client_credentials' &&
        basicCredentials(req.headers.authorization) === `${CLIENT_ID}\n${SECRET}`
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify(
          ok
            ? { access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 }
            : { error: 'invalid_client' },
        ),
      )
    },
    '/garbage': (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html><body>Sign in</body></html>')
    },
    '/no-token': (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"token_type":"Bearer","access_token":""}')
    },
    '/not-an-object': (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('"access_token"')
    },
    '/huge': (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ access_token: 'tok', padding: 'x'.repeat(200_000) }))
    },
    '/redirect': (_req, _body, res) => {
      res.writeHead(302, { location: '/token' })
      res.end()
    },
    '/server-error': (_req, _body, res) => {
      res.writeHead(500)
      res.end('{"access_token":"tok"}')
    },
    // Never answers: only the server's timeout ends the wait.
    '/hang': () => undefined,
    // Headers and half a token, then nothing.
    '/stall': (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"access_token":"to')
    },
  }
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      calls.push({
        path,
        method: req.method ?? '',
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        body,
      })
      const answer = answers[path]
      if (answer) answer(req, body, res)
      else {
        res.writeHead(404)
        res.end()
      }
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  return {
    calls,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** `id\nsecret` from an RFC 6749 §2.3.1 Basic header (form-encoded parts), or undefined. */
function basicCredentials(header: string | undefined): string | undefined {
  if (!header?.startsWith('Basic ')) return undefined
  const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')
  const decode = (part: string | undefined) => new URLSearchParams(`v=${part ?? ''}`).get('v')
  return `${decode(id)}\n${decode(secret)}`
}

describe.each(DATABASE_KINDS)(
  'ETQ-02 the connection test of a saved configuration on %s',
  (kind: DatabaseKind) => {
    const endpoint = tokenEndpoint()
    let server: TestServer
    let services: Services
    let app: ReturnType<typeof createApp>
    let admin = ''

    beforeAll(async () => {
      await endpoint.listen()
      server = await startTestServer(kind)
      services = { ...server.services, relianceTokenTimeoutMs: TIMEOUT_MS }
      app = createApp({ services })
      const res = await call('POST', '/api/session', { email: DEMO.adminEmail, password: DEMO.adminPassword })
      admin = (res.headers.get('set-cookie') ?? '').split(';')[0]!
    })
    afterAll(async () => {
      await relianceChecksSettled(services)
      await server.close()
      await endpoint.close()
    })

    function call(method: string, path: string, body?: unknown): Promise<Response> {
      const headers: Record<string, string> = admin ? { cookie: admin } : {}
      if (body !== undefined) headers['content-type'] = 'application/json'
      return Promise.resolve(
        app.request(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
      )
    }

    async function configOf(lineId: string): Promise<RelianceConfig | undefined> {
      const res = await call('GET', '/api/reliance-configuration/plants/plant-demo')
      return ((await res.json()) as Record<string, RelianceConfig>)[lineId]
    }

    const save = (lineId: string, tokenPath: string, secret: string | undefined = SECRET) =>
      call('POST', `/api/reliance-configuration/lines/${lineId}`, {
        apiHost: 'https://reliance.local.test',
        clientId: CLIENT_ID,
        tokenEndpoint: endpoint.url(tokenPath),
        ...(secret === undefined ? {} : { clientSecret: secret }),
      })

    test('ETQ-02 a configuration saved over REST gets its token from the endpoint: SUCCESS', async () => {
      const before = endpoint.calls.length
      const res = await save('line-paint', '/token')
      expect(res.status).toBe(200)
      // Answered at once, before the test: the save itself starts as not configured.
      expect(await res.json()).toMatchObject({ lineId: 'line-paint', connectionStatus: 'NOT_CONFIGURED' })
      await relianceChecksSettled(services)
      expect(await configOf('line-paint')).toMatchObject({ connectionStatus: 'SUCCESS' })
      // One client-credentials request, the client authenticated with HTTP Basic.
      const sent = endpoint.calls.slice(before)
      expect(sent.map((c) => [c.path, c.method, c.contentType, c.body])).toEqual([
        ['/token', 'POST', 'application/x-www-form-urlencoded', 'grant_type=client_credentials'],
      ])
      expect(basicCredentials(sent[0]!.authorization)).toBe(`${CLIENT_ID}\n${SECRET}`)
      expect(JSON.stringify(await configOf('line-paint'))).not.toContain(SECRET)
    })

    test('ETQ-02 an edit keeping the stored secret is tested with it; a wrong secret gives ERROR', async () => {
      await save('line-paint', '/token', 'wrong-secret')
      await relianceChecksSettled(services)
      expect(await configOf('line-paint')).toMatchObject({ connectionStatus: 'ERROR' })
      await save('line-paint', '/token')
      await relianceChecksSettled(services)
      expect(await configOf('line-paint')).toMatchObject({ connectionStatus: 'SUCCESS' })
      // Another token URL, the secret left out: the stored one is used, and it is right.
      const res = await call('POST', '/api/reliance-configuration/lines/line-paint', {
        apiHost: 'https://reliance.local.test',
        clientId: CLIENT_ID,
        tokenEndpoint: `${endpoint.url('/token')}?v=2`,
      })
      expect(await res.json()).toMatchObject({ connectionStatus: 'NOT_CONFIGURED' })
      await relianceChecksSettled(services)
      expect(await configOf('line-paint')).toMatchObject({ connectionStatus: 'SUCCESS' })
    })

    test.each([
      ['an answer that is not JSON', '/garbage'],
      ['JSON without an access token', '/no-token'],
      ['JSON that is not an object', '/not-an-object'],
      ['an answer far larger than a token', '/huge'],
      ['a redirect', '/redirect'],
      ['a 500', '/server-error'],
      ['an endpoint that never answers', '/hang'],
      ['an answer that stops halfway', '/stall'],
      ['an unknown path (404)', '/nowhere'],
    ])('ETQ-02 %s gives ERROR, and the save is still answered 200', async (_name, path) => {
      await save('line-paint', '/token')
      await relianceChecksSettled(services)
      expect(await configOf('line-paint')).toMatchObject({ connectionStatus: 'SUCCESS' })
      const res = await save('line-paint', path)
      expect(res.status).toBe(200)
      await relianceChecksSettled(services)
      expect(await configOf('line-paint')).toMatchObject({
        tokenEndpoint: endpoint.url(path),
        connectionStatus: 'ERROR',
      })
    })

    test.each([
      ['a closed port', 'http://127.0.0.1:9/token'],
      ['a token URL that is not a URL', 'reliance token endpoint'],
      ['a scheme other than http(s)', 'ftp://127.0.0.1/token'],
    ])('ETQ-02 %s gives ERROR', async (_name, tokenUrl) => {
      const res = await call('POST', '/api/reliance-configuration/lines/line-paint', {
        apiHost: 'https://reliance.local.test',
        clientId: CLIENT_ID,
        tokenEndpoint: tokenUrl,
        clientSecret: SECRET,
      })
      expect(res.status).toBe(200)
      await relianceChecksSettled(services)
      expect(await configOf('line-paint')).toMatchObject({
        tokenEndpoint: tokenUrl,
        connectionStatus: 'ERROR',
      })
    })

    test('ETQ-02 OFF-02 a save pushed by a device (made offline) is tested when the server applies it; the status replicates', async () => {
      const push = await call('POST', '/sync/intents', {
        protocol: INTENT_PROTOCOL_VERSION,
        intents: [
          action(
            'saveRelianceConfig',
            {
              lineId: 'line-packaging',
              configId: 'reliance-packaging-device',
              apiHost: 'https://reliance.local.test',
              clientId: CLIENT_ID,
              tokenEndpoint: endpoint.url('/token'),
              clientSecret: SECRET,
            },
            AUTHORS.admin,
          ),
        ],
      })
      expect(((await push.json()) as { results: IntentOutcome[] }).results.map((r) => r.status)).toEqual([
        'applied',
      ])
      await relianceChecksSettled(services)
      // What a device pulls carries the status the server found.
      const pulled = await call('POST', '/sync/relianceConfigs/pull', { checkpoint: null, batchSize: 100 })
      const { documents } = (await pulled.json()) as {
        documents: Array<RelianceConfig & { _deleted: boolean }>
      }
      expect(documents.find((d) => d.id === 'reliance-packaging-device')).toMatchObject({
        lineId: 'line-packaging',
        connectionStatus: 'SUCCESS',
        _deleted: false,
      })
    })

    test('ETQ-02 a save that changes nothing is not tested again; a deleted configuration records nothing', async () => {
      await save('line-paint', '/server-error')
      await relianceChecksSettled(services)
      const before = endpoint.calls.length
      const unchanged = await call('POST', '/api/reliance-configuration/lines/line-paint', {
        apiHost: 'https://reliance.local.test',
        clientId: CLIENT_ID,
        tokenEndpoint: endpoint.url('/server-error'),
      })
      expect(await unchanged.json()).toMatchObject({ connectionStatus: 'ERROR' })
      await relianceChecksSettled(services)
      expect(endpoint.calls.length).toBe(before)

      // Saved, then deleted while its test waits on a hanging endpoint: the result finds no config.
      await save('line-paint', '/hang')
      expect((await call('DELETE', '/api/reliance-configuration/lines/line-paint')).status).toBe(204)
      await relianceChecksSettled(services)
      expect(await configOf('line-paint')).toBeUndefined()
    })
  },
)
