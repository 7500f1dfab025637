import { Result, Schema } from 'effect'
import {
  CollectionCounts,
  PING_EVENT,
  STREAM_START_PARAM,
  type Checkpoint,
} from '../../../shared/sync/protocol'
import type { CollectionName } from '../../../shared/sync/collections'
import { IntentPushResponse, type IntentPushRequest } from '../../../shared/sync/intent-protocol'
import { SessionUser as SessionUserSchema } from '../../../shared/schema/user'
import { Ingestor } from '../../../shared/schema/data-source'
import type { SessionUser } from '../storage/device-db'

/**
 * HTTP to the sync server. Injectable so the convergence test can run the same client code in Node
 * against a real server (fetch with a cookie jar, a small SSE reader).
 */
export interface Transport {
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** Opens the change stream; undefined where no EventSource exists (then replication polls on RESYNC only). */
  openStream?(onMessage: (data: string) => void, onError: () => void): { close(): void }
}

/** Thrown for any answer that is not 2xx; `status` 0 means the network failed. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's error code (`{error: {code}}`), when it sent one. */
    readonly code?: string,
    /** The server's Retry-After, in ms (a 503 while the plant's server cannot be reached). */
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'HttpError'
  }

  /** Gateway mode: the sync server answers, but the plant's server behind it does not. */
  get authorityUnreachable(): boolean {
    return this.status === 503 && this.code === 'AUTHORITY_UNAVAILABLE'
  }
}

/** The change stream, asking it to say where it starts (StreamStart) instead of a bare RESYNC. */
export const STREAM_PATH = `/sync/stream?${STREAM_START_PARAM.name}=${STREAM_START_PARAM.value}`

export const browserTransport = (base = ''): Transport => ({
  fetch: (path, init) => fetch(base + path, { credentials: 'same-origin', ...init }),
  openStream(onMessage, onError) {
    const source = new EventSource(`${base}${STREAM_PATH}`, { withCredentials: true })
    source.onmessage = (e) => onMessage(String(e.data))
    // Its data: what the stream sent last of each collection (an older server's: PING).
    source.addEventListener(PING_EVENT, (e) => onMessage(String((e as MessageEvent).data)))
    source.onerror = () => onError()
    return { close: () => source.close() }
  },
})

async function call<T>(t: Transport, method: string, path: string, body?: unknown): Promise<T> {
  const text = await callText(t, method, path, body)
  return (text ? JSON.parse(text) : undefined) as T
}

/** An answer's text (`call` without parsing it); a failed or non-2xx answer throws HttpError. */
async function callText(t: Transport, method: string, path: string, body?: unknown): Promise<string> {
  let res: Response
  try {
    res = await t.fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch {
    throw new HttpError(0, 'The server cannot be reached')
  }
  const text = await res.text()
  if (!res.ok) {
    let message = res.statusText
    let code: string | undefined
    try {
      const error = (JSON.parse(text) as { error?: { message?: string; code?: string } }).error
      message = error?.message ?? message
      code = error?.code
    } catch {
      // Not our JSON error body (a proxy, a captive portal): keep the status text.
    }
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN)
    throw new HttpError(
      res.status,
      message,
      code,
      Number.isFinite(retryAfter) ? retryAfter * 1000 : undefined,
    )
  }
  return text
}

/** Decodes an answer with its shared schema; a malformed one is an error (status 0), never data. */
function decoded<S extends Schema.Decoder<unknown>>(schema: S, what: string) {
  const decode = Schema.decodeUnknownResult(schema)
  return (raw: unknown): S['Type'] => {
    const result = decode(raw)
    if (Result.isFailure(result)) throw new HttpError(0, `The server sent a malformed ${what}`)
    return result.success
  }
}
const asSessionUser = decoded(SessionUserSchema, 'session')
const asIntentAnswer = decoded(IntentPushResponse, 'answer to the changes sent')
const asCounts = decoded(CollectionCounts, 'document counts')
const asIngestor = decoded(Ingestor, 'ingestor')

export const api = {
  session: async (t: Transport): Promise<SessionUser> => asSessionUser(await call(t, 'GET', '/api/session')),
  signIn: async (t: Transport, email: string, password: string): Promise<SessionUser> =>
    asSessionUser(await call(t, 'POST', '/api/session', { email, password })),
  signOut: (t: Transport) => call<void>(t, 'DELETE', '/api/session'),
  /** The answer's text: the replication parses and decodes pages (replication.ts). */
  pull: (
    t: Transport,
    collection: CollectionName,
    checkpoint: Checkpoint | null,
    batchSize: number,
    lineId?: string,
  ) =>
    callText(t, 'POST', `/sync/${collection}/pull`, {
      checkpoint,
      batchSize,
      ...(lineId === undefined ? {} : { lineId }),
    }),
  /** A first sync's yardstick: documents per collection the session will pull. */
  counts: async (t: Transport): Promise<CollectionCounts> => asCounts(await call(t, 'GET', '/sync/counts')),
  pushIntents: async (t: Transport, request: IntentPushRequest): Promise<IntentPushResponse> =>
    asIntentAnswer(await call(t, 'POST', '/sync/intents', request)),
  /** DS-01's call; only its outcome matters (the cards read the replicated documents). */
  dataSources: (t: Transport, plantId: string) =>
    call<unknown>(t, 'GET', `/api/plants/${encodeURIComponent(plantId)}/data-sources`),
  /** DS-01: the plant's ingestor, as the spec fetches it. */
  ingestor: async (t: Transport, plantId: string): Promise<Ingestor> =>
    asIngestor(await call(t, 'GET', `/api/plants/${encodeURIComponent(plantId)}/ingestor`)),
}
