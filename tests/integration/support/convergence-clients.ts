import { Worker } from 'node:worker_threads'
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import type { SyncIssue } from '../../../client/db/storage/device-db'
import type {
  ClientConfig,
  ClientDump,
  ClientMessage,
  ClientRequest,
  RunResult,
  SettleResult,
  StatusCheck,
} from './convergence-protocol'
import type { Operation, Reapply } from './convergence-ops'
import type { PushExchange } from './node-client'

/** What a run's operations did, per device: every result, and among them the re-applied conflicts. */
export interface OperationLog {
  readonly results: Array<{ client: string; result: RunResult }>
  readonly reapplied: Array<{ client: string; result: RunResult }>
}

/**
 * Runs one drawn operation on a device and logs it: an action as the user would make it, or
 * "Re-apply" on one of its conflict records (whose new action is checked like any other, and
 * marked re-applied so its record's removal is expected).
 */
export async function perform(
  device: ClientHandle,
  op: Operation | Reapply,
  log: OperationLog,
): Promise<void> {
  if (op.kind === 'reapply-conflict') {
    const result = await device.reapply(op.pick)
    if (!result) return
    log.reapplied.push({ client: device.name, result })
    log.results.push({ client: device.name, result })
    return
  }
  const result = await device.run({
    name: op.name,
    args: op.args,
    ...(op.toggle ? { toggle: op.toggle } : {}),
  })
  log.results.push({ client: device.name, result })
}

/** The test thread's handle on one client worker: typed requests, and what the client reported. */
export class ClientHandle {
  readonly pushes: PushExchange[] = []
  readonly announced: SyncIssue[] = []
  online = true
  role: 'user' | 'administrator' = 'user'
  /** Where the device's own log lines go (the soak adds what its proxy has in flight). */
  onLog: (text: string) => void = (text) => console.error(`${this.config.name}: ${text}`)
  private readonly worker: Worker
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  private nextId = 0

  constructor(
    readonly config: ClientConfig,
    tmpRoot: string,
  ) {
    // A temporary folder of its own: RxDB's leader election (broadcast-channel) talks through files
    // there in Node, and two devices must never elect one leader between them.
    const tmp = mkdtempSync(join(tmpRoot, `${config.name}-`))
    // Workers do not inherit the TypeScript loader: the bootstrap registers tsx, then loads the client.
    const entry = new URL('./convergence-worker.ts', import.meta.url).href
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
    this.worker = new Worker(bootstrap, {
      eval: true,
      workerData: config,
      env: { ...process.env, TMPDIR: tmp },
      stderr: true,
    })
    // Each device's RxDB prints its open-core storage notice once: five copies are only noise.
    this.worker.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      if (!text.includes('RxDB Open Core RxStorage')) process.stderr.write(text)
    })
    this.worker.on('message', (m: ClientMessage) => this.receive(m))
    this.worker.on('error', (err) => {
      for (const w of this.waiting.values()) w.reject(err)
      this.waiting.clear()
    })
  }

  get name(): string {
    return this.config.name
  }

  async init(): Promise<void> {
    this.role = (await this.request({ type: 'init' })) as 'user' | 'administrator'
  }

  run(request: Omit<Extract<ClientRequest, { type: 'run' }>, 'type'>): Promise<RunResult> {
    return this.request({ type: 'run', ...request }) as Promise<RunResult>
  }

  async setOnline(online: boolean): Promise<void> {
    this.online = online
    await this.request({ type: 'online', online })
  }

  async resync(): Promise<void> {
    await this.request({ type: 'resync' })
  }

  settle(timeoutMs: number, nudge = true): Promise<SettleResult> {
    return this.request({ type: 'settle', timeoutMs, nudge }) as Promise<SettleResult>
  }

  /** Kills the device's code mid-sync and reopens it from its storage. */
  async restart(): Promise<void> {
    this.role = (await this.request({ type: 'restart' })) as 'user' | 'administrator'
    this.online = true
  }

  reapply(pick: number): Promise<RunResult | null> {
    return this.request({ type: 'reapply', pick }) as Promise<RunResult | null>
  }

  status(): Promise<StatusCheck> {
    return this.request({ type: 'status' }) as Promise<StatusCheck>
  }

  dump(): Promise<ClientDump> {
    return this.request({ type: 'dump' }) as Promise<ClientDump>
  }

  async close(): Promise<void> {
    await this.request({ type: 'close' }).catch(() => undefined)
    await this.worker.terminate()
  }

  /** Fails instead of hanging when a device stops answering (settle brings its own, longer limit). */
  private request(request: ClientRequest): Promise<unknown> {
    const id = ++this.nextId
    const limit = request.type === 'settle' ? request.timeoutMs + 15_000 : 120_000
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        reject(new Error(`${this.name}: no answer to ${request.type} within ${limit} ms`))
      }, limit)
      const done =
        <T>(fn: (v: T) => void) =>
        (v: T) => {
          clearTimeout(timer)
          fn(v)
        }
      this.waiting.set(id, { resolve: done(resolve), reject: done(reject) })
      this.worker.postMessage({ id, request })
    })
  }

  private receive(m: ClientMessage): void {
    if (m.type === 'push') this.pushes.push(m.exchange)
    else if (m.type === 'announced') this.announced.push(m.issue)
    else if (m.type === 'log') this.onLog(m.text)
    else {
      const w = this.waiting.get(m.id)
      this.waiting.delete(m.id)
      if (m.ok) w?.resolve(m.value)
      else w?.reject(new Error(`${this.name}: ${m.error}`))
    }
  }
}
