import { createMiddleware } from 'hono/factory'
import { hasUnstorableCharacters } from '../../shared/validation/text-rules'
import { Messages } from '../../shared/validation/messages'
import { badRequest, forbidden } from '../domain/domain-error'
import { HttpRefusal } from './errors'
import type { AppEnv } from './app-env'
import { requestHost } from './request-policy'

/**
 * Checks every /api and /sync request passes before a handler sees it: the URL's text can be
 * stored (the same shared rule the body reader applies), and a state-changing call comes from the
 * app's own origin with a JSON body, so a page on another site cannot write with a user's cookie.
 */

/** Path segments and query parameters, percent-decoded like the router decodes them. */
export const urlTextGuard = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url)
  const segments = url.pathname.split('/').map(decodeTolerantly)
  if (segments.some(hasUnstorableCharacters))
    throw badRequest(Messages.text.unstorableCharacters(Messages.server.requestPathLabel))
  for (const [key, value] of url.searchParams) {
    if (hasUnstorableCharacters(key) || hasUnstorableCharacters(value))
      throw badRequest(Messages.text.unstorableCharacters(Messages.server.requestQueryLabel))
  }
  await next()
})

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** 403 for a foreign `Origin`, 415 for a body that is not declared JSON, on state-changing methods. */
export const crossSiteGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (STATE_CHANGING.has(c.req.method)) {
    const origin = c.req.header('origin')
    if (origin !== undefined && !isOwnOrigin(origin, requestHost(c), c.var.policy.allowedOrigins))
      throw forbidden(Messages.server.crossSiteRefused)
    const type = c.req.header('content-type')
    // A body-less call (sign-out, the spec's DELETEs, a bare POST) may omit the type; a declared or
    // sent body must be JSON.
    if ((type !== undefined || hasBody(c.req.raw, c.env)) && !isJson(type))
      throw new HttpRefusal(415, 'UNSUPPORTED_MEDIA_TYPE', Messages.server.unsupportedMediaType)
  }
  await next()
})

function isOwnOrigin(origin: string, host: string, allowed: ReadonlyArray<string>): boolean {
  if (allowed.includes(origin)) return true
  try {
    // The scheme is not compared: behind a TLS-terminating proxy the app sees http for an https page.
    return new URL(origin).host.toLowerCase() === host
  } catch {
    // 'null' (sandboxed frames, file: pages) and anything unparsable is not our origin.
    return false
  }
}

const isJson = (type: string | undefined) =>
  type !== undefined && type.split(';')[0]!.trim().toLowerCase() === 'application/json'

/**
 * Whether a body came: a length above 0 or a chunked body. Over HTTP/1.x nothing else announces one
 * (RFC 9112 §6.3), and the Node adapter hands every non-GET request a body stream, empty or not, so
 * there the stream says nothing (`curl -X DELETE` sends neither header). In-process requests (tests)
 * carry no length for the bodies they hold, so there, and over HTTP/2, the stream counts.
 */
function hasBody(req: Request, env: unknown): boolean {
  const length = req.headers.get('content-length')
  if (length !== null) return Number(length) > 0
  if (req.headers.has('transfer-encoding')) return true
  if (httpVersionMajor(env) === 1) return false
  return req.body !== null
}

/** The HTTP major version of a request the Node adapter received (its `incoming` message), if any. */
function httpVersionMajor(env: unknown): number | undefined {
  const incoming = (env as { incoming?: { httpVersionMajor?: unknown } } | undefined)?.incoming
  return typeof incoming?.httpVersionMajor === 'number' ? incoming.httpVersionMajor : undefined
}

/** decodeURIComponent that keeps undecodable runs as they are, as the router does. */
function decodeTolerantly(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run)
      } catch {
        return run
      }
    })
  }
}
