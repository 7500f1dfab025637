import { Result, type Schema } from 'effect'
import { decodeWithErrors } from '../../shared/validation/decode'
import { Messages } from '../../shared/validation/messages'
import { badRequest } from './domain-error'

/**
 * Decodes input with a shared schema, or refuses it with 400: the first rule's message, every failure
 * under `issues`. Used for request bodies (http/body.ts) and for what a rule receives (intent
 * arguments, stored documents), so both say the same words.
 */
export function decodeInput<S extends Schema.Decoder<unknown>>(schema: S, input: unknown): S['Type'] {
  const result = decodeWithErrors(schema, input)
  if (Result.isSuccess(result)) return result.success
  const first = result.failure[0]
  throw badRequest(first?.message ?? Messages.server.invalidRequest, {
    issues: result.failure.map((e) => ({ path: e.path, message: e.message })),
  })
}
