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
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    /** What to tell callers to wait when the authority gives no Retry-After of its own. */
    private readonly retryAfterMs: number,
  ) {}

  async request(
    cookie: string | undefined,
    request: AuthorityRequest,
    options: RequestOptions = {},
  ): Promise<AuthorityAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (cookie) headers.cookie = cookie
    // Every write declares JSON, also without a body (a DELETE): the authority refuses undeclared bodies.
    if (request.method !== 'GET') headers['content-type'] = 'application/json'
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
    if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch
    if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor
    let res: Response
    try {
      res = await fetch(this.baseUrl + request.path, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'manual',
      })
    } catch (err) {
      throw new AuthorityUnavailable(this.retryAfterMs, err)
    }
    let text: string
    try {
      text = await res.text()
    } catch (err) {
      // The answer was cut off: for a write, its outcome is unknown.
      throw new AuthorityUnavailable(this.retryAfterMs, err)
    }
    const throttled = res.status === 429 && !options.throttleIsRefusal
    if (res.status >= 500 || throttled || res.status === 408) {
      throw new AuthorityUnavailable(retryAfter(res, this.retryAfterMs), `authority answered ${res.status}`)
    }
    if (res.status === 401) throw new AuthorityUnauthorized(cookie)
    const body = parse(text)
    if (res.status >= 400 || (res.status >= 300 && res.status !== 304)) {
      const error = errorOf(body)
      throw new AuthorityRefusal(res.status, error.code, error.message || res.statusText, error.details)
    }
    return {
      status: res.status,
      body,
      etag: res.headers.get('etag') ?? undefined,
      setCookie: res.headers.getSetCookie(),
    }
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

function retryAfter(res: Response, fallback: number): number {
  const header = res.headers.get('retry-after')
  const seconds = header === null ? NaN : Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? Math.max(1000, seconds * 1000) : fallback
}
