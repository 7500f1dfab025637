import { createHash } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { Messages } from '../../shared/validation/messages'
import { badRequest } from '../domain/domain-error'
import type { AppEnv } from './app-env'

/**
 * `Idempotency-Key` on a state-changing REST call: the call is logged under it like a pushed action
 * under its id, so sending it again (an answer lost on the way) is answered from the log instead of
 * applied twice (sync-server/api/intent-call.ts). A gateway in front of this server sends one on
 * every call it makes (docs/gateway.md); other clients may. Visible ASCII, up to 200 characters.
 * Keys are the caller's own (another user's same key is another call), and a key sent again with
 * another request (another path or body) is refused with 422, never answered as the first.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
const VALID_KEY = /^[\x21-\x7e]{1,200}$/

export const idempotencyKey = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (key !== undefined && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    if (!VALID_KEY.test(key)) throw badRequest(Messages.server.idempotencyKeyInvalid)
    c.set('idempotencyKey', key)
    // Hono keeps the body's text, so the route reads it again at no cost.
    const body = await c.req.text()
    const url = new URL(c.req.url)
    const request = [c.var.session.userId, c.req.method, url.pathname + url.search, body].join('\n')
    c.set('idempotencyFingerprint', createHash('sha256').update(request).digest('base64url'))
  }
  await next()
})
