import type { RejectionCode } from '../../shared/sync/protocol'
import { Messages } from '../../shared/validation/messages'

/**
 * A business rule said no. Carries the HTTP status, a machine-readable code and the spec's message;
 * REST answers it as `{error: {code, message}}`, replication as a push rejection.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 426 | 502 | 503,
    readonly code:
      | RejectionCode
      | 'UNAUTHORIZED'
      | 'BAD_REQUEST'
      | 'PAYLOAD_TOO_LARGE'
      | 'UPGRADE_REQUIRED'
      | 'AUTHORITY_UNAVAILABLE'
      | 'AUTHORITY_MALFORMED',
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new DomainError(400, 'VALIDATION', message, details)
export const notFound = (message: string) => new DomainError(404, 'NOT_FOUND', message)
export const forbidden = (message: string) => new DomainError(403, 'FORBIDDEN', message)
export const conflict = (
  code: 'DUPLICATE_MONITOR' | 'CIRCULAR_FEEDER' | 'CONFLICT',
  message: string,
  details?: Record<string, unknown>,
) => new DomainError(409, code, message, details)

/**
 * Gateway mode: the authority could not be reached (refused, timed out, 5xx, 429). Not a verdict on
 * any action: the caller retries after `retryAfterMs` and nothing it sent is lost (docs/gateway.md).
 */
export class AuthorityUnavailable extends DomainError {
  constructor(
    readonly retryAfterMs: number,
    reason?: unknown,
  ) {
    super(503, 'AUTHORITY_UNAVAILABLE', Messages.server.authorityUnavailable)
    this.name = 'AuthorityUnavailable'
    if (reason !== undefined) this.cause = reason
  }
}

/**
 * Gateway mode: the authority answered something the shared schemas do not accept. Not a verdict on
 * any action and not the caller's fault: 502, and the caller tries again later (docs/gateway.md).
 */
export class AuthorityMalformed extends DomainError {
  constructor(what: string) {
    super(502, 'AUTHORITY_MALFORMED', `The plant's server sent a malformed ${what}`)
    this.name = 'AuthorityMalformed'
  }
}
