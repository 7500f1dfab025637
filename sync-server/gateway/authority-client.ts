import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib'
import { AuthorityUnavailable } from '../domain/domain-error'

/**
 * HTTP to the authority: the plant's own REST services, which gateway mode stands in front of
 * (docs/gateway.md). Every answer falls in one of four kinds, and nothing else leaves here:
 * - an answer (2xx, or 304 to a conditional read);
 * - `AuthorityRefusal`: the authority said no (4xx but 401) — a verdict on the call;
 * - `AuthorityUnauthorized` (401): the session this call used is over;
 * - `AuthorityUnavailable` (refused connection, timeout, reset, 5xx, 429): not yet. For a write the
 *   outcome is then unknown, and the step log resolves it by reading the authority (step-runner.ts).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface AuthorityRequest {
  readonly method: Method
  readonly path: string
  readonly body?: unknown
}

export interface RequestOptions {
  /** `Idempotency-Key`: a retried write is answered from the authority's log, not applied twice. */
  readonly idempotencyKey?: string
  /** A conditional read: 304 when the authority's answer still has this ETag. */
  readonly ifNoneMatch?: string
  /** The device's address, so the authority's sign-in throttling counts per device (TRUST_PROXY there). */
  readonly forwardedFor?: string
  /** A 429 is the authority's verdict (sign-in throttled), not "unreachable". */
  readonly throttleIsRefusal?: boolean
}

export interface AuthorityAnswer {
  readonly status: number
  readonly body: unknown
  readonly etag: string | undefined
  readonly setCookie: ReadonlyArray<string>
}

export class AuthorityRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>>,
  ) {
    super(message)
    this.name = 'AuthorityRefusal'
  }
}

export class AuthorityUnauthorized extends Error {
  constructor(readonly cookie: string | undefined) {
    super('The authority ended this session')
    this.name = 'AuthorityUnauthorized'
  }
}

export class AuthorityClient {
  private readonly origin: URL
  private readonly agent: HttpAgent
  private readonly send: typeof httpRequest

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
    /** What to tell callers to wait when the authority gives no Retry-After of its own. */
    private readonly retryAfterMs: number,
  ) {
    this.origin = new URL(baseUrl)
    const secure = this.origin.protocol === 'https:'
    // Connections are kept and reused, as fetch's were; an idle one is closed before the server's own
    // keep-alive timeout (its Keep-Alive hint, less a second, when it gives one), so no call is sent
    // on a connection the server is closing.
    const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS }
    this.agent = secure ? new HttpsAgent(options) : new HttpAgent(options)
    this.send = secure ? httpsRequest : httpRequest
  }

  /** Closes the kept connections (the server is stopping: nothing may hold its process open). */
  close(): void {
    this.agent.destroy()
  }

  async request(
    cookie: string | undefined,
    request: AuthorityRequest,
    options: RequestOptions = {},
  ): Promise<AuthorityAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': ENCODINGS }
    if (cookie) headers.cookie = cookie
    const body = request.body === undefined ? undefined : JSON.stringify(request.body)
    // Every write declares JSON, also without a body (a DELETE): the authority refuses undeclared bodies.
    if (request.method !== 'GET') {
      headers['content-type'] = 'application/json'
      headers['content-length'] = String(body === undefined ? 0 : Buffer.byteLength(body))
    }
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
    if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch
    if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor
    let res: Exchanged
    let text: string
    try {
      res = await this.exchange(request.method, request.path, headers, body)
      text = decoded(res).toString('utf8')
    } catch (err) {
      // No answer, or one cut off (or undecodable): for a write, its outcome is unknown.
      throw new AuthorityUnavailable(this.retryAfterMs, err)
    }
    const throttled = res.status === 429 && !options.throttleIsRefusal
    if (res.status >= 500 || throttled || res.status === 408) {
      throw new AuthorityUnavailable(retryAfter(res, this.retryAfterMs), `authority answered ${res.status}`)
    }
    if (res.status === 401) throw new AuthorityUnauthorized(cookie)
    const parsed = parse(text)
    if (res.status >= 400 || (res.status >= 300 && res.status !== 304)) {
      const error = errorOf(parsed)
      throw new AuthorityRefusal(res.status, error.code, error.message || res.statusText, error.details)
    }
    const etag = res.headers.etag
    return { status: res.status, body: parsed, etag, setCookie: res.headers['set-cookie'] ?? [] }
  }

  /**
   * One call over node:http (a fifth of fetch's CPU per call, which a gateway pays on every action):
   * the whole answer within timeoutMs, else an error (the connection is dropped). Redirects are
   * answers, not followed.
   */
  private exchange(
    method: Method,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<Exchanged> {
    return new Promise((resolve, reject) => {
      let settled = false
      const fail = (err: unknown) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        req.destroy()
        reject(err instanceof Error ? err : new Error(String(err)))
      }
      const req = this.send(new URL(path, this.origin), { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', fail)
        res.on('close', () => {
          if (!res.complete) fail(new Error('the answer was cut off'))
        })
        res.on('end', () => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            raw: Buffer.concat(chunks),
          })
        })
      })
      const timer = setTimeout(() => fail(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs)
      req.on('error', fail)
      req.end(body)
    })
  }
}

/** An idle kept connection is closed after this long (undici's default, which fetch used). */
const IDLE_CONNECTION_MS = 4000

/** What fetch accepted and decoded; a plant's services may compress their answers. */
const ENCODINGS = 'gzip, deflate, br'

interface Exchanged {
  readonly status: number
  readonly statusText: string
  readonly headers: IncomingHttpHeaders
  readonly raw: Buffer
}

function decoded(res: Exchanged): Buffer {
  switch (res.headers['content-encoding']?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return res.raw
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(res.raw)
    case 'deflate':
      // Meant as zlib-wrapped; some servers send it raw (fetch took both).
      try {
        return inflateSync(res.raw)
      } catch {
        return inflateRawSync(res.raw)
      }
    case 'br':
      return brotliDecompressSync(res.raw)
    default:
      throw new Error(`an answer in an unknown encoding (${res.headers['content-encoding']})`)
  }
}

function parse(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The authority's error body, `{error: {code, message, ...details}}` (this product's own shape). */
function errorOf(body: unknown): { code: string; message: string; details: Record<string, unknown> } {
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error: unknown }).error
      : undefined
  if (typeof error !== 'object' || error === null) {
    return { code: '', message: typeof body === 'string' ? body.slice(0, 500) : '', details: {} }
  }
  const { code, message, ...details } = error as Record<string, unknown>
  return {
    code: typeof code === 'string' ? code : '',
    message: typeof message === 'string' ? message : '',
    details,
  }
}

function retryAfter(res: Exchanged, fallback: number): number {
  const header = res.headers['retry-after']
  const seconds = header === undefined ? NaN : Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? Math.max(1000, seconds * 1000) : fallback
}
