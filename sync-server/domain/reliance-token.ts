import { RELIANCE_TOKEN_ANSWER_MAX_BYTES, RELIANCE_TOKEN_TIMEOUT_MS } from '../../shared/constants'
import type { KnownRelianceConnectionStatus } from '../../shared/schema/reliance-config'

/**
 * ETQ-02's connection test: the OAuth 2.0 client-credentials token request (RFC 6749 §4.4) to the
 * configuration's token endpoint. SUCCESS when it answers 2xx with a JSON object holding a non-empty
 * `access_token`; ERROR for anything else — no answer within the timeout, a refusal, a redirect,
 * an answer that is not a token, an unusable URL. It never throws: a broken endpoint is a status,
 * never a server error.
 */
export interface TokenRequest {
  readonly tokenEndpoint: string
  readonly clientId: string
  readonly clientSecret: string
}

export type ConnectionStatus = Extract<KnownRelianceConnectionStatus, 'SUCCESS' | 'ERROR'>

export async function tryRelianceToken(
  request: TokenRequest,
  timeoutMs: number = RELIANCE_TOKEN_TIMEOUT_MS,
): Promise<ConnectionStatus> {
  const url = httpUrl(request.tokenEndpoint)
  if (url === undefined) return 'ERROR'
  try {
    const res = await fetch(url, {
      method: 'POST',
      // Decision: HTTP Basic client authentication, the one every authorization server must support
      // (RFC 6749 §2.3.1); the body then carries only the grant type.
      headers: {
        authorization: `Basic ${basicCredentials(request.clientId, request.clientSecret)}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      // A redirect is not a token answer (and the server does not go where a token URL points it).
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!res.ok) {
      await res.body?.cancel()
      return 'ERROR'
    }
    const text = await readCapped(res, RELIANCE_TOKEN_ANSWER_MAX_BYTES)
    return text !== undefined && holdsAccessToken(text) ? 'SUCCESS' : 'ERROR'
  } catch {
    // Unreachable, refused, timed out, reset: the configuration does not connect.
    return 'ERROR'
  }
}

/** An absolute http(s) URL, or undefined (a token URL of another scheme cannot be one). */
function httpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

/** RFC 6749 §2.3.1: id and secret form-encoded, joined by a colon, base64. */
const basicCredentials = (id: string, secret: string) =>
  Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString('base64')

const formEncode = (text: string) => new URLSearchParams({ v: text }).toString().slice(2)

function holdsAccessToken(text: string): boolean {
  try {
    const body = JSON.parse(text) as unknown
    if (typeof body !== 'object' || body === null) return false
    const token = (body as { access_token?: unknown }).access_token
    return typeof token === 'string' && token !== ''
  } catch {
    return false
  }
}

/** The answer's text, or undefined once it passes `max` bytes (the rest is not read). */
async function readCapped(res: Response, max: number): Promise<string | undefined> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
