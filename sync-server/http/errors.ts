import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { Messages } from '../../shared/validation/messages'
import { AuthorityUnavailable, DomainError } from '../domain/domain-error'

/** The error body of every failed call: `{error: {code, message}}` (plus details where useful). */
export function errorBody(code: string, message: string, details?: Readonly<Record<string, unknown>>) {
  return { error: details ? { code, message, ...details } : { code, message } }
}

/**
 * A refusal at the HTTP boundary, before any business rule runs (415 not JSON, 429 throttled):
 * not a DomainError, because a replication push never carries one as a row rejection.
 */
export class HttpRefusal extends Error {
  constructor(
    readonly status: 415 | 429,
    readonly code: 'UNSUPPORTED_MEDIA_TYPE' | 'TOO_MANY_REQUESTS',
    message: string,
  ) {
    super(message)
    this.name = 'HttpRefusal'
  }
}

/**
 * Turns anything thrown by a handler into the right answer. Client input can only produce
 * 4xx answers; a 500 means a bug of ours and is logged.
 */
export function handleError(err: unknown, c: Context) {
  if (err instanceof AuthorityUnavailable) {
    // Not yet, rather than no: say when to try again (whole seconds, at least one).
    c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))))
  }
  if (err instanceof DomainError || err instanceof HttpRefusal) {
    const details = err instanceof DomainError ? err.details : undefined
    return c.json(errorBody(err.code, err.message, details), err.status)
  }
  if (err instanceof HTTPException) {
    if (err.status === 413)
      return c.json(errorBody('PAYLOAD_TOO_LARGE', Messages.server.payloadTooLarge), 413)
    return c.json(errorBody('BAD_REQUEST', err.message || Messages.server.invalidRequest), err.status)
  }
  console.error('Unhandled error', c.req.method, c.req.path, err)
  return c.json(errorBody('INTERNAL', Messages.server.internal), 500)
}
