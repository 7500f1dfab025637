import type { Context } from 'hono'

/**
 * How far the server trusts what a request says about itself. Behind a TLS-terminating proxy the
 * request reaches us as plain http; only when the operator says a proxy is in front (TRUST_PROXY=1)
 * do `X-Forwarded-Proto` and `X-Forwarded-For` count, since anyone can send those headers directly.
 */
export interface RequestPolicy {
  readonly trustProxy: boolean
  /** Origins, besides the server's own, allowed to make state-changing calls (ALLOWED_ORIGINS). */
  readonly allowedOrigins: ReadonlyArray<string>
}

export const DEFAULT_REQUEST_POLICY: RequestPolicy = { trustProxy: false, allowedOrigins: [] }

/** True when the client reached us over https, directly or (trusted) through a proxy. */
export function isHttps(c: Context, policy: RequestPolicy): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  if (!policy.trustProxy) return false
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  return forwarded === 'https'
}

/**
 * The caller's address for throttling: the socket's peer, or behind a trusted proxy the last hop
 * the proxy appended to `X-Forwarded-For` (earlier entries are whatever the client claimed).
 */
export function clientAddress(c: Context, policy: RequestPolicy): string {
  if (policy.trustProxy) {
    const hops = c.req.header('x-forwarded-for')?.split(',') ?? []
    const last = hops[hops.length - 1]?.trim()
    if (last) return last
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

/** The host the client addressed: the Host header, else the URL's (in-process requests have no header). */
export function requestHost(c: Context): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase()
}
