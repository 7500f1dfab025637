import { describe, expect, test } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import { DEFAULT_DEMO } from '../../sync-server/config'

/** The real server process (`sync-server/main.ts`) on a PGlite data folder, killed and restarted. */
function startProcess(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DIST_DIR: './dist-missing' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

async function waitUp(base: string) {
  const end = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
}

const exited = (p: ChildProcess) =>
  new Promise<number | null>((resolve) => p.once('exit', (code) => resolve(code)))

async function signIn(base: string) {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_DEMO.adminEmail, password: DEFAULT_DEMO.adminPassword }),
  })
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

describe('server process', () => {
  test('OFF-02 every acknowledged write survives a SIGKILL; the restarted server keeps the data and does not reseed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qm-kill-'))
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    try {
      const first = startProcess(dataDir, port)
      await waitUp(base)
      const cookie = await signIn(base)
      const acknowledged: number[] = []
      for (let hours = 100; hours < 110; hours++) {
        const res = await fetch(`${base}/api/lines/line-paint`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ ingestionThresholdHours: hours }),
        })
        if (res.status === 200) acknowledged.push(hours)
      }
      first.kill('SIGKILL')
      await exited(first)

      const second = startProcess(dataDir, port)
      await waitUp(base)
      const cookie2 = await signIn(base)
      const line = (await (
        await fetch(`${base}/api/lines/line-paint`, { headers: { cookie: cookie2 } })
      ).json()) as { ingestionThresholdHours: number }
      expect(acknowledged).toHaveLength(10)
      expect(line.ingestionThresholdHours).toBe(acknowledged[acknowledged.length - 1])

      // SIGTERM: stops accepting, finishes, closes the database and exits cleanly.
      second.kill('SIGTERM')
      expect(await exited(second)).toBe(0)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
