import type { Context } from 'hono'
import type { Schema } from 'effect'
import { findUnstorableText } from '../../shared/validation/text-rules'
import { Messages } from '../../shared/validation/messages'
import { decodeInput } from '../domain/decode'
import { DomainError, badRequest } from '../domain/domain-error'
import { MAX_REQUEST_BODY_BYTES, MAX_REQUEST_BODY_DEPTH } from '../../shared/constants'
import { nestsDeeperThan } from './json-depth'

/**
 * Reads and decodes a JSON body with a shared schema. Malformed JSON and schema failures answer 400
 * with the first rule message (all of them under `issues`); oversized bodies answer 413; text that
 * cannot be stored (NUL, lone surrogates) answers 400 whatever the schema, REST and replication alike.
 * A body nested deeper than MAX_REQUEST_BODY_DEPTH answers 400 before it is parsed: refusing it costs
 * one pass over its text (about a millisecond for the largest body), so it never holds up other requests.
 */
export async function readBody<S extends Schema.Decoder<unknown>>(c: Context, schema: S): Promise<S['Type']> {
  return decodeInput(schema, await readJson(c))
}

export async function readJson(c: Context): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > MAX_REQUEST_BODY_BYTES)
    throw new DomainError(413, 'PAYLOAD_TOO_LARGE', Messages.server.payloadTooLarge)
  const text = await c.req.text()
  if (Buffer.byteLength(text) > MAX_REQUEST_BODY_BYTES) {
    throw new DomainError(413, 'PAYLOAD_TOO_LARGE', Messages.server.payloadTooLarge)
  }
  if (text.trim() === '') throw new DomainError(400, 'BAD_REQUEST', Messages.server.malformedJson)
  if (nestsDeeperThan(text, MAX_REQUEST_BODY_DEPTH))
    throw new DomainError(400, 'BAD_REQUEST', Messages.server.nestedTooDeeply(MAX_REQUEST_BODY_DEPTH))
  let parsed: unknown
  try {
    parsed = JSON.parse(text) as unknown
  } catch {
    throw new DomainError(400, 'BAD_REQUEST', Messages.server.malformedJson)
  }
  refuseUnstorableText(parsed)
  return parsed
}

/** NUL and lone surrogates anywhere in a body (keys included) are refused before any schema or query sees them. */
function refuseUnstorableText(body: unknown): void {
  const path = findUnstorableText(body)
  if (path === undefined) return
  const label = path.length > 0 ? path.join('.') : Messages.server.requestBodyLabel
  const message = Messages.text.unstorableCharacters(label)
  throw badRequest(message, { issues: [{ path, message }] })
}

export { decodeInput }
