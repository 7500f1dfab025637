import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * One sync server instance of the soak: a real child process (`node --import tsx
 * soak/server-entry.ts`) on a data folder (PGlite) or a DATABASE_URL, on a fixed port so the devices
 * (through their proxies) find it again. `kill` is SIGKILL: no graceful shutdown, nothing flushed.
 */
export interface ServerInstanceOptions {
  readonly name: string
  readonly port: number
  readonly dataDir?: string
  readonly databaseUrl?: string
  readonly log: (line: string) => void
}

const ENTRY = fileURLToPath(new URL('./server-entry.ts', import.meta.url))

export class ServerInstance {
  private child: ChildProcess | undefined
  /** The app version the next start runs (2: updateLineSettings moved to version 2). */
  intentVersion = 1
  kills = 0

  constructor(private readonly options: ServerInstanceOptions) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.options.port}`
  }

  get running(): boolean {
    return this.child !== undefined
  }

  async start(): Promise<void> {
    const { port, dataDir, databaseUrl, name, log } = this.options
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: '',
        DATA_DIR: dataDir ?? '',
        DATABASE_URL: databaseUrl ?? '',
        SOAK_INTENT_VERSION: String(this.intentVersion),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    await new Promise<void>((resolve, reject) => {
      let out = ''
      const onData = (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('is serving on')) resolve()
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', (chunk: Buffer) => {
        const text = chunk.toString().trim()
        if (text) log(`${name}: ${text.slice(0, 400)}`)
      })
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined
        reject(new Error(`${name} exited (${code ?? signal}) before serving: ${out.slice(-400)}`))
      })
    })
  }

  /** SIGKILL, as a power cut or the OOM killer would; waits until the process is gone. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child) return
    this.child = undefined
    this.kills++
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await gone
  }

  /** The end of the run: SIGTERM, the graceful stop a redeploy makes. */
  async stop(): Promise<void> {
    const child = this.child
    if (!child) return
    this.child = undefined
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await gone
  }
}
