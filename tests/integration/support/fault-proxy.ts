import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenProxy, type ProxyServer } from './proxy-server'

/**
 * A fault-injecting HTTP proxy between the gateway and the authority (gateway tests). Every request
 * is logged; rules, matched in order, pass it, delay it, answer it without forwarding (a 503, an
 * injected 409), reset the connection before forwarding, forward it and drop the answer once the
 * authority has applied it, or forward it and never answer. A rule may apply only a number of times,
 * or only from its n-th match (the second call of a two-call action).
 */
export type Fault =
  | { readonly kind: 'pass' }
  | { readonly kind: 'delay'; readonly ms: number }
  | {
      readonly kind: 'answer'
      readonly status: number
      readonly body?: unknown
      readonly headers?: Record<string, string>
    }
  | { readonly kind: 'reset' }
  | { readonly kind: 'drop-answer' }
  | { readonly kind: 'hang' }

export interface FaultRule {
  readonly method?: string
  /** A prefix of the path, or a test on it (with the query). */
  readonly path?: string | RegExp
  readonly fault: Fault
  /** Applies this many times, then no more (default: always). */
  readonly times?: number
  /** Skips this many matches first (1: from the second match on). */
  readonly skip?: number
  /** Applies to this share of the matches, drawn from the proxy's (seeded) random source. */
  readonly chance?: number
  /** A name to take the rule out by (`remove`). */
  readonly tag?: string
}

export interface ProxiedCall {
  readonly method: string
  readonly path: string
  readonly idempotencyKey: string | undefined
  readonly fault: Fault['kind']
  status?: number
}

export class FaultProxy {
  readonly calls: ProxiedCall[] = []
  private rules: Array<FaultRule & { seen: number; used: number }> = []
  private readonly hanging = new Set<ServerResponse>()

  private listening: ProxyServer | undefined

  private constructor(
    private readonly target: URL,
    private readonly random: () => number,
  ) {}

  static async start(target: string, random: () => number = Math.random): Promise<FaultProxy> {
    const proxy = new FaultProxy(new URL(target), random)
    proxy.listening = await listenProxy((req, res) => void proxy.handle(req, res))
    return proxy
  }

  get url(): string {
    return this.listening!.url
  }

  add(rule: FaultRule): this {
    this.rules.push({ ...rule, seen: 0, used: 0 })
    return this
  }

  /** A rule that goes before every other (an outage over everything). */
  addFirst(rule: FaultRule): this {
    this.rules.unshift({ ...rule, seen: 0, used: 0 })
    return this
  }

  /** Takes out the rules with this tag; the others stay. */
  remove(tag: string): void {
    this.rules = this.rules.filter((r) => r.tag !== tag)
  }

  /** Back to passing everything; hanging calls are cut off (as a gateway crash would leave them). */
  clear(): void {
    this.rules = []
    for (const res of this.hanging) res.socket?.destroy()
    this.hanging.clear()
  }

  /** Calls made to the authority (not injected answers or resets), optionally of one method and path. */
  forwarded(method?: string, path?: string): ReadonlyArray<ProxiedCall> {
    return this.calls.filter(
      (c) =>
        ['pass', 'delay', 'drop-answer', 'hang'].includes(c.fault) &&
        (method === undefined || c.method === method) &&
        (path === undefined || c.path.startsWith(path)),
    )
  }

  async close(): Promise<void> {
    this.clear()
    await this.listening?.close()
  }

  private faultFor(method: string, path: string): Fault {
    for (const rule of this.rules) {
      if (rule.method && rule.method !== method) continue
      if (typeof rule.path === 'string' && !path.startsWith(rule.path)) continue
      if (rule.path instanceof RegExp && !rule.path.test(path)) continue
      rule.seen++
      if (rule.seen <= (rule.skip ?? 0)) continue
      if (rule.times !== undefined && rule.used >= rule.times) continue
      if (rule.chance !== undefined && this.random() >= rule.chance) continue
      rule.used++
      return rule.fault
    }
    return { kind: 'pass' }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    const fault = this.faultFor(method, path)
    const header = req.headers['idempotency-key']
    const call: ProxiedCall = {
      method,
      path,
      idempotencyKey: typeof header === 'string' ? header : undefined,
      fault: fault.kind,
    }
    this.calls.push(call)
    const body = await readAll(req)
    switch (fault.kind) {
      case 'reset':
        req.socket.destroy()
        return
      case 'answer':
        call.status = fault.status
        res.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.headers ?? {}) })
        res.end(fault.body === undefined ? '' : JSON.stringify(fault.body))
        return
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.ms))
        break
    }
    const answer = await this.forward(method, path, req.headers, body).catch(() => undefined)
    if (!answer) {
      req.socket.destroy()
      return
    }
    call.status = answer.status
    if (fault.kind === 'drop-answer') {
      // The authority applied the call; its answer never reaches the gateway.
      req.socket.destroy()
      return
    }
    if (fault.kind === 'hang') {
      this.hanging.add(res)
      return
    }
    res.writeHead(answer.status, answer.headers)
    res.end(answer.body)
  }

  private forward(
    method: string,
    path: string,
    headers: IncomingMessage['headers'],
    body: Buffer,
  ): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const out = httpRequest(
        {
          host: this.target.hostname,
          port: this.target.port,
          method,
          path,
          headers: { ...headers, host: this.target.host },
        },
        (answer) => {
          void readAll(answer).then((data) => {
            const kept: Record<string, string | string[]> = {}
            for (const [k, v] of Object.entries(answer.headers))
              if (v !== undefined && k !== 'transfer-encoding' && k !== 'connection') kept[k] = v
            kept['content-length'] = String(data.length)
            resolve({ status: answer.statusCode ?? 502, headers: kept, body: data })
          }, reject)
        },
      )
      out.on('error', reject)
      out.end(body)
    })
  }
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })
}
