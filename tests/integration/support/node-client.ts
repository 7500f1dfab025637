import { STREAM_PATH, type Transport } from '../../../client/db/sync/transport'
import { readEvents } from './sse'
import type { IntentPushResponse, PushedIntent } from '../../../shared/sync/intent-protocol'

/**
 * The client's Transport for Node (no browser fetch credentials, no EventSource): fetch with a
 * cookie jar of its own, a small Server-Sent Events reader that reconnects like EventSource does,
 * and a switch that cuts the network. For the convergence test it also misbehaves on purpose on the
 * change-set push (`POST /sync/intents`): it can send a push twice, lose a push's answer after the
 * server processed it, or replay an earlier push later — the server must apply each action once.
 */
export interface PushExchange {
  /** Per client, in the order the requests were sent. */
  readonly seq: number
  readonly intents: ReadonlyArray<PushedIntent>
  /** HTTP status; 0 when no answer arrived (network cut, server down). */
  readonly status: number
  readonly answer: IntentPushResponse | undefined
  /** True when this answer reached the client code (the pusher): only then can it record an issue. */
  readonly delivered: boolean
  readonly kind: 'push' | 'duplicate' | 'replay'
}

export interface Misbehaviour {
  /** Seeded, so a run's choices repeat with its seed. */
  readonly random: () => number
  /** Share of pushes sent twice in a row (the client gets one of the two answers). */
  readonly duplicate: number
  /** Share of pushes whose answer is dropped after the server processed them. */
  readonly loseAnswer: number
  /** Share of pushes after which an earlier push of this client is sent again. */
  readonly replay: number
}

export interface NodeTransportOptions {
  readonly baseUrl: string
  readonly misbehaviour?: Misbehaviour
  readonly onPush?: (exchange: PushExchange) => void
  /** EventSource's reconnection delay. */
  readonly reconnectMs?: number
}

const networkError = () => new TypeError('fetch failed: the network is off')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const PUSH_PATH = '/sync/intents'

export class NodeTransport implements Transport {
  private online = true
  private readonly cookies = new Map<string, string>()
  private readonly inFlight = new Set<AbortController>()
  private readonly sent: string[] = []
  private pushSeq = 0

  constructor(private readonly options: NodeTransportOptions) {}

  get isOnline(): boolean {
    return this.online
  }

  /** Cutting the network fails every request in flight and ends the stream, as a real drop does. */
  setOnline(online: boolean): void {
    this.online = online
    if (!online) for (const c of [...this.inFlight]) c.abort(networkError())
  }

  readonly fetch = async (path: string, init: RequestInit = {}): Promise<Response> => {
    if (path !== PUSH_PATH || init.method !== 'POST') return this.send(path, init)
    return this.sendPush(String(init.body ?? '{}'), init)
  }

  /** A property, not a method: the controller calls it detached from the transport. */
  readonly openStream = (onMessage: (data: string) => void, onError: () => void): { close(): void } => {
    let closed = false
    let current: AbortController | undefined
    const run = async () => {
      while (!closed) {
        const controller = new AbortController()
        current = controller
        try {
          const res = await this.send(STREAM_PATH, { method: 'GET' }, controller, true)
          if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`)
          await readEvents(
            res.body,
            (data) => {
              if (!closed) onMessage(data)
            },
            true,
          )
        } catch {
          // Ended, refused or cut: EventSource reports an error and tries again a moment later.
        } finally {
          this.inFlight.delete(controller)
        }
        if (closed) return
        onError()
        await sleep(this.options.reconnectMs ?? 500)
      }
    }
    void run()
    return {
      close: () => {
        closed = true
        current?.abort()
      },
    }
  }

  private async sendPush(body: string, init: RequestInit) {
    const m = this.options.misbehaviour
    const roll = (share: number | undefined) => m !== undefined && share !== undefined && m.random() < share
    const duplicate = roll(m?.duplicate)
    const lose = roll(m?.loseAnswer)
    const replay = roll(m?.replay) ? this.sent[Math.floor((m?.random() ?? 0) * this.sent.length)] : undefined
    const deliverSecond = duplicate && roll(0.5)
    this.sent.push(body)
    if (this.sent.length > 200) this.sent.shift()

    const first = await this.exchange(body, init, 'push', !lose && !deliverSecond)
    let delivered = first
    if (duplicate) {
      const second = await this.exchange(body, init, 'duplicate', !lose && deliverSecond)
      if (deliverSecond) delivered = second
    }
    if (replay !== undefined) await this.exchange(replay, init, 'replay', false)
    if (lose || delivered instanceof Error) throw delivered instanceof Error ? delivered : networkError()
    return delivered
  }

  /** One push request; reports what the server answered, whether or not the client will see it. */
  private async exchange(
    body: string,
    init: RequestInit,
    kind: PushExchange['kind'],
    delivered: boolean,
  ): Promise<Response | Error> {
    const seq = ++this.pushSeq
    const intents = (JSON.parse(body) as { intents?: PushedIntent[] }).intents ?? []
    try {
      const res = await this.send(PUSH_PATH, { ...init, body })
      const text = await res.text()
      const answer = res.ok ? (JSON.parse(text) as IntentPushResponse) : undefined
      this.options.onPush?.({ seq, intents, status: res.status, answer, delivered, kind })
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers })
    } catch (err) {
      this.options.onPush?.({ seq, intents, status: 0, answer: undefined, delivered, kind })
      return err instanceof Error ? err : networkError()
    }
  }

  /** `keep`: the controller stays registered (a stream can be cut until the caller is done with it). */
  private async send(
    path: string,
    init: RequestInit,
    controller = new AbortController(),
    keep = false,
  ): Promise<Response> {
    if (!this.online) throw networkError()
    this.inFlight.add(controller)
    const headers = new Headers(init.headers)
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (cookie) headers.set('cookie', cookie)
    try {
      const res = await fetch(this.options.baseUrl + path, { ...init, headers, signal: controller.signal })
      this.keepCookies(res)
      return res
    } finally {
      if (!keep) this.inFlight.delete(controller)
    }
  }

  private keepCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}
