import type { RejectionCode } from '../../shared/sync/protocol'

/**
 * A business rule said no. Carries the HTTP status, a machine-readable code and the spec's message;
 * REST answers it as `{error: {code, message}}`, replication as a push rejection.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 426,
    readonly code: RejectionCode | 'UNAUTHORIZED' | 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'UPGRADE_REQUIRED',
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
