import { createMiddleware } from 'hono/factory'
import { Messages } from '../../shared/validation/messages'
import { badRequest } from '../domain/domain-error'
import type { AppEnv } from './app-env'

/**
 * `Idempotency-Key` on a state-changing REST call: the call is logged under it like a pushed action
 * under its id, so sending it again (an answer lost on the way) is answered from the log instead of
 * applied twice (sync-server/api/intent-call.ts). A gateway in front of this server sends one on
 * every call it makes (docs/gateway.md); other clients may. Visible ASCII, up to 200 characters.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
const VALID_KEY = /^[\x21-\x7e]{1,200}$/

export const idempotencyKey = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (key !== undefined && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    if (!VALID_KEY.test(key)) throw badRequest(Messages.server.idempotencyKeyInvalid)
    c.set('idempotencyKey', key)
  }
  await next()
})
