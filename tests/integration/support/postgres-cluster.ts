import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'

/**
 * A throwaway PostgreSQL cluster (Debian's `postgresql` package) in a temporary folder, for the
 * suites that run against a real server and for the soak (soak/). PostgreSQL refuses to run as
 * root, so under root (CI) the cluster belongs to the `postgres` user. `stop` removes it.
 */
export async function startPostgresCluster(): Promise<{ readonly url: string; stop(): void }> {
  const bin = findPostgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'qm-pg-'))
  chmodSync(dir, 0o777)
  const dataDir = join(dir, 'data')
  const asRoot = userInfo().uid === 0
  const run = (cmd: string, args: string[]) => {
    const full = join(bin, cmd)
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`)
  }
  const port = await freePort()
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    '-w',
    'start',
  ])
  const stop = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
}

function findPostgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  for (const v of versions) {
    const bin = join(root, v, 'bin')
    if (existsSync(join(bin, 'initdb'))) return bin
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
  } catch {
    throw new Error(
      'PostgreSQL server binaries not found: apt-get install -y postgresql (or set TEST_DATABASE_URL)',
    )
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))))
    })
  })
}
