import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { PING_EVENT, RESYNC } from '../shared/sync/protocol'
import type { Random } from '../tests/integration/support/convergence-random'
import { listenProxy, type ProxyServer } from '../tests/integration/support/proxy-server'

/**
 * The network between one device and its server instance, with the faults of the way down
 * (tests/integration/support/fault-proxy.ts is the way between a gateway and its authority; it holds
 * whole answers, which a live stream never ends to give): the change stream's messages dropped,
 * sent twice or out of order; pull answers cut off mid-body or failed; the stream kept open but
 * silent (`silence`) until the device notices. Requests stream through unchanged otherwise, and a
 * hook sees each push start (the soak kills the server mid-push).
 */
export interface DownFaults {
  /** Per change message (not RESYNC nor the heartbeat): dropped, sent twice, held behind the next. */
  readonly drop: number
  readonly duplicate: number
  readonly reorder: number
  /** Per pull: the answer cut off after part of its body, or a 502 instead of it. */
  readonly cutPull: number
  readonly failPull: number
}

export interface FaultCounts {
  /** Change messages that met the stream faults (each then dropped, repeated, held or passed). */
  faultable: number
  dropped: number
  duplicated: number
  reordered: number
  pullsCut: number
  pullsFailed: number
  silenced: number
}

export class DeviceProxy {
  readonly counts: FaultCounts = {
    faultable: 0,
    dropped: 0,
    duplicated: 0,
    reordered: 0,
    pullsCut: 0,
    pullsFailed: 0,
    silenced: 0,
  }
  /** Called as a push is forwarded (before its answer). */
  onPush: (() => void) | undefined
  faults: DownFaults | undefined
  private readonly streams = new Set<{ silent: boolean }>()

  private listening: ProxyServer | undefined
  /** Requests not answered yet (streams included), for the soak's report of a stuck device. */
  private readonly open = new Map<number, { readonly what: string; readonly since: number }>()
  private requests = 0

  private constructor(
    private readonly target: URL,
    private readonly random: Random,
  ) {}

  static async start(target: string, random: Random, faults: DownFaults): Promise<DeviceProxy> {
    const proxy = new DeviceProxy(new URL(target), random)
    proxy.faults = faults
    proxy.listening = await listenProxy((req, res) => proxy.handle(req, res))
    return proxy
  }

  get url(): string {
    return this.listening!.url
  }

  /** The open change streams stop forwarding anything, heartbeat included; their sockets stay open. */
  silence(): boolean {
    const open = [...this.streams].filter((s) => !s.silent)
    for (const s of open) s.silent = true
    if (open.length > 0) this.counts.silenced++
    return open.length > 0
  }

  /** What the device is still waiting for, oldest first: `POST /sync/x/pull (12 s)`. */
  inFlight(): string {
    const now = Date.now()
    return [...this.open.values()]
      .map((r) => `${r.what} (${Math.round((now - r.since) / 1000)} s)`)
      .join(', ')
  }

  async close(): Promise<void> {
    await this.listening?.close()
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/'
    const faults = this.faults
    const request = ++this.requests
    this.open.set(request, { what: `${req.method} ${path}`, since: Date.now() })
    res.on('close', () => this.open.delete(request))
    const isPull = req.method === 'POST' && /^\/sync\/[^/]+\/pull/.test(path)
    if (isPull && faults && this.random.chance(faults.failPull)) {
      this.counts.pullsFailed++
      req.resume()
      res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway')
      return
    }
    const cut = isPull && faults !== undefined && this.random.chance(faults.cutPull)
    const out = httpRequest(
      {
        host: this.target.hostname,
        port: this.target.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: this.target.host },
      },
      (answer) => {
        // The server died mid-answer: the device's connection dies too, as it would without a proxy.
        answer.on('error', () => res.socket?.destroy())
        answer.on('aborted', () => res.socket?.destroy())
        const stream = path.startsWith('/sync/stream') && answer.statusCode === 200
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        if (stream) return this.relayStream(answer, res)
        if (cut) return this.cutOff(answer, res)
        answer.pipe(res)
      },
    )
    out.on('error', () => res.socket?.destroy())
    res.on('close', () => out.destroy())
    if (req.method === 'POST' && path === '/sync/intents') this.onPush?.()
    req.pipe(out)
  }

  /** A pull's answer: the status and part of the body, then the connection dies. */
  private cutOff(answer: IncomingMessage, res: ServerResponse): void {
    this.counts.pullsCut++
    const chunks: Buffer[] = []
    answer.on('data', (c: Buffer) => chunks.push(c))
    answer.on('end', () => {
      const body = Buffer.concat(chunks)
      res.write(body.subarray(0, Math.floor(body.length / 2)))
      res.socket?.destroy()
    })
  }

  /** The change stream, message by message, through the stream faults. */
  private relayStream(answer: IncomingMessage, res: ServerResponse): void {
    const state = { silent: false }
    this.streams.add(state)
    let buffer = ''
    let held: string | undefined
    const send = (event: string) => {
      if (!state.silent) res.write(event)
    }
    answer.setEncoding('utf8')
    answer.on('data', (chunk: string) => {
      buffer += chunk
      let cut: number
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, cut + 2)
        buffer = buffer.slice(cut + 2)
        const faults = this.faults
        // The stream's start (RESYNC, or StreamStart's `{"resync":…}`) and heartbeats are never faulted.
        const plain =
          !event.includes(`data: ${RESYNC}\n`) &&
          !event.includes('data: {"resync":') &&
          !event.includes(`event: ${PING_EVENT}`)
        if (!faults || !plain || state.silent) {
          send(event)
          continue
        }
        this.counts.faultable++
        if (this.random.chance(faults.drop)) {
          this.counts.dropped++
          continue
        }
        if (held === undefined && this.random.chance(faults.reorder)) {
          this.counts.reordered++
          held = event
          continue
        }
        send(event)
        if (this.random.chance(faults.duplicate)) {
          this.counts.duplicated++
          send(event)
        }
        if (held !== undefined) {
          send(held)
          held = undefined
        }
      }
    })
    const end = () => {
      this.streams.delete(state)
      res.socket?.destroy()
    }
    answer.on('end', end)
    answer.on('error', end)
    res.on('close', () => {
      this.streams.delete(state)
      answer.destroy()
    })
  }
}
