import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { COLLECTIONS, PRIMARY_KEYS, type CollectionName } from '../../shared/sync/collections'
import { INTENT_PROTOCOL_VERSION } from '../../shared/sync/intent-protocol'
import { createApp } from '../../sync-server/app'
import { readConfig } from '../../sync-server/config'
import { startServices } from '../../sync-server/server'
import { action, AUTHORS } from './support/intent-push'
import { DATABASE_KINDS, DEMO, type DatabaseKind } from './support/test-server'

/**
 * Issue 28: backup and restore are part of running it. For each database, the documented commands
 * (`npm run backup` / `npm run restore`, run as their own processes): a server writes, is stopped,
 * is backed up; its database is wiped and restored; a server started on it serves every collection,
 * the REST reads and the sign-in unchanged — and a device holding a checkpoint from before the
 * restore pulls the restored state and sees what is written after it.
 */
type Checkpoint = { seq: number } | null
type Doc = Record<string, unknown>

const dir = mkdtempSync(join(tmpdir(), 'qm-backup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.each(DATABASE_KINDS)('backup and restore on %s', (kind) => {
  test(
    `a round trip through npm run backup / restore serves unchanged (${kind})`,
    { timeout: 240_000 },
    async () => {
      const place = await databasePlace(kind)
      const file = join(dir, `${kind}.backup`)
      try {
        let cookie = ''
        const before = await withServer(place.env, undefined, async (s) => {
          cookie = s.cookie
          const applied = await excludePart(s, 'P-BACKUP')
          expect(applied).toMatchObject({ status: 'applied' })
          return s.snapshot()
        })
        expect(before.collections.lines!.find((d) => d[PRIMARY_KEYS.lines] === 'line-paint')).toMatchObject({
          excludedPartIds: ['P-BACKUP'],
        })

        expect(npm('backup', ['--out', file], place.env)).toMatchObject({ status: 0 })
        expect(existsSync(file)).toBe(true)
        await place.wipe()
        expect(npm('restore', ['--in', file], place.env)).toMatchObject({ status: 0 })

        // The session signed in before the backup is restored with it: no new sign-in changes a user.
        await withServer(place.env, cookie, async (s) => {
          const after = await s.snapshot()
          expect(after.collections).toEqual(before.collections)
          expect(after.line).toEqual(before.line)
          // A device that synced before the restore: its next pull brings the restored state back…
          const fromOld = await s.pullAll('lines', before.checkpoints.lines!)
          expect(sortByKey('lines', fromOld.docs)).toEqual(before.collections.lines)
          // …and a write made after the restore reaches it.
          const applied = await excludePart(s, 'P-AFTER')
          expect(applied).toMatchObject({ status: 'applied' })
          const next = await s.pullAll('lines', fromOld.checkpoint)
          expect(next.docs.map((d) => [d[PRIMARY_KEYS.lines], d.excludedPartIds])).toEqual([
            ['line-paint', ['P-AFTER']],
          ])
        })
        // And the restored password signs in.
        await withServer(place.env, undefined, async (s) => expect(s.cookie).not.toBe(''))
      } finally {
        await place.drop()
      }
    },
  )
})

test('restore refuses a DATA_DIR that holds something and changes nothing there', async () => {
  const dataDir = join(dir, 'occupied')
  const env = { DATA_DIR: dataDir }
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(join(dataDir, 'keep-me'), '')
  const res = npm('restore', ['--in', join(dir, 'pglite.backup')], env)
  expect(res.status).toBe(1)
  expect(res.stderr).toContain(`Cannot restore: ${dataDir} is not empty`)
  expect(readdirSync(dataDir)).toEqual(['keep-me'])
})

/** Where a kind's database lives, how to wipe it and what environment names it. */
async function databasePlace(kind: DatabaseKind) {
  if (kind === 'pglite') {
    const dataDir = join(dir, 'data')
    return {
      env: { DATA_DIR: dataDir } as Record<string, string>,
      wipe: async () => rmSync(dataDir, { recursive: true, force: true }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const adminUrl = inject('postgresUrl')
  const name = `qm_backup_${process.pid}_${Date.now()}`
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    await client.query(query)
    await client.end()
  }
  await admin(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    env: { DATABASE_URL: url.toString() } as Record<string, string>,
    wipe: async () => {
      await admin(`drop database ${name} with (force)`)
      await admin(`create database ${name}`)
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  }
}

/** The documented command, as its own process, with the database named by `env`. */
function npm(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const inherited = { ...process.env }
  delete inherited.DATABASE_URL
  delete inherited.DATA_DIR
  const res = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...inherited, ...env },
    encoding: 'utf8',
  })
  console.log(`npm run ${script}: ${res.stdout.trim()} ${res.stderr.trim()}`)
  return { status: res.status, stdout: res.stdout, stderr: res.stderr }
}

/** A collection's documents in the order of their primary key (each collection names its own). */
const sortByKey = (collection: CollectionName, docs: ReadonlyArray<Doc>) => {
  const key = (d: Doc) => String(d[PRIMARY_KEYS[collection]])
  return [...docs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
}

/** The administrator's write through the server: the Paint line excludes this one part id. */
const excludePart = (s: ServerHandle, partId: string) =>
  s.push(
    action(
      'updateLineSettings',
      { lineId: 'line-paint', changes: { excludedPartIds: [partId] } },
      AUTHORS.admin,
    ),
  )

/**
 * Starts the server as `npm start` does on the database `env` names, runs `use`, stops it. Signs the
 * administrator in unless given a session cookie.
 */
async function withServer<T>(
  env: Record<string, string>,
  session: string | undefined,
  use: (s: ServerHandle) => Promise<T>,
): Promise<T> {
  const started = await startServices(readConfig({ ...env, PORT: '0' }))
  try {
    const app = createApp({ services: started.services })
    const cookie = session ?? (await signIn(app))
    const post = async (path: string, body: unknown) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      })
      expect(res.status).toBe(200)
      return res.json() as Promise<never>
    }
    const pullAll = async (collection: string, from: Checkpoint = null) => {
      const docs: Doc[] = []
      let checkpoint = from
      for (;;) {
        const page = await post(`/sync/${collection}/pull`, { checkpoint, batchSize: 5000 })
        const { documents, checkpoint: next } = page as { documents: Doc[]; checkpoint: Checkpoint }
        if (documents.length === 0) return { docs, checkpoint }
        docs.push(...documents)
        checkpoint = next
      }
    }
    return await use({
      cookie,
      pullAll,
      async push(pushed) {
        const body = await post('/sync/intents', { protocol: INTENT_PROTOCOL_VERSION, intents: [pushed] })
        return (body as { results: unknown[] }).results[0]
      },
      async snapshot() {
        const collections: Record<string, Doc[]> = {}
        const checkpoints: Record<string, Checkpoint> = {}
        for (const c of COLLECTIONS) {
          const { docs, checkpoint } = await pullAll(c)
          collections[c] = sortByKey(c, docs)
          checkpoints[c] = checkpoint
        }
        const line = await (await app.request('/api/lines/line-paint', { headers: { cookie } })).json()
        return { collections, checkpoints, line }
      },
    })
  } finally {
    await started.close()
  }
}

async function signIn(app: ReturnType<typeof createApp>): Promise<string> {
  const res = await app.request('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.adminEmail, password: DEMO.adminPassword }),
  })
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

interface ServerHandle {
  readonly cookie: string
  pullAll(collection: string, from?: Checkpoint): Promise<{ docs: Doc[]; checkpoint: Checkpoint }>
  push(pushed: ReturnType<typeof action>): Promise<unknown>
  snapshot(): Promise<{
    collections: Record<string, Doc[]>
    checkpoints: Record<string, Checkpoint>
    line: unknown
  }>
}
