import { parentPort, workerData } from 'node:worker_threads'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { DeviceDb, type ConflictIssue } from '../../../client/db/device-db'
import type { CollectionReplication } from '../../../client/db/replication'
import { SyncController } from '../../../client/db/sync-controller'
import { patchDoc } from '../../../client/db/writes'
import { canAccessCollection, COLLECTIONS, type CollectionName } from '../../../shared/sync/collections'
import type {
  ClientConfig,
  ClientDump,
  ClientMessage,
  ClientRequest,
  PatchResult,
  RequestEnvelope,
  SettleResult,
  StatusCheck,
} from './convergence-protocol'
import { seededRandom } from './convergence-random'
import { DeviceWatch } from './convergence-trace'
import { NodeTransport } from './node-client'

/**
 * One client device of the convergence test, in a worker thread: the real data layer (SyncController,
 * RxDB on Dexie over an IndexedDB of its own, the device Dexie database) behind the Node transport.
 * The test thread drives it with requests; pushes and announced rejections are reported back.
 */
const config = workerData as ClientConfig
const port = parentPort
if (!port) throw new Error('convergence-worker runs as a worker thread')

const post = (message: ClientMessage) => port.postMessage(message)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const watch = new DeviceWatch(Boolean(process.env.CONVERGENCE_DEBUG))

// A device of its own: its own IndexedDB for RxDB and for the device database.
const indexedDB = new IDBFactory()
const transport = new NodeTransport({
  baseUrl: config.baseUrl,
  misbehaviour: {
    random: seededRandom(config.seed),
    duplicate: config.duplicate,
    loseAnswer: config.loseAnswer,
    replay: config.replay,
  },
  onPush: (exchange) => {
    watch.push(exchange)
    post({ type: 'push', exchange })
  },
})
const device = new DeviceDb('quality-monitoring-device', { indexedDB, IDBKeyRange })
const controller = new SyncController({
  transport,
  device,
  storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
  isOnline: () => transport.isOnline,
})
controller.onRejection((collection, rejection) => post({ type: 'announced', collection, rejection }))

/** The controller keeps its replications private; the test needs RxDB's awaitInSync on each. */
const replications = (): ReadonlyArray<CollectionReplication> =>
  (controller as unknown as { replications: ReadonlyArray<CollectionReplication> }).replications

function database() {
  const db = controller.db$.value
  if (!db) throw new Error(`${config.name}: the local database is not open`)
  return db
}

function role(): 'user' | 'administrator' {
  const session = controller.session$.value
  if (session.status !== 'signed-in') throw new Error(`${config.name}: not signed in`)
  return session.user.role
}

async function inSync(timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))
  const all = Promise.all(replications().map((r) => r.state.awaitInSync())).then(() => true)
  const result = await Promise.race([all, timeout])
  clearTimeout(timer)
  return result
}

/** Waits until nothing is pending and every replication is idle, nudging it instead of waiting 5 s retries. */
async function settle(timeoutMs: number): Promise<SettleResult> {
  const start = Date.now()
  let quiet = 0
  while (Date.now() - start < timeoutMs) {
    controller.resync()
    const synced = await inSync(1500)
    const pendingCount = controller.status$.value.pendingCount
    // Twice in a row: a push's answer may still be on its way into the local database.
    quiet = synced && pendingCount === 0 ? quiet + 1 : 0
    if (quiet >= 2) return { settled: true, pendingCount, waitedMs: Date.now() - start }
    await sleep(200)
  }
  return { settled: false, pendingCount: controller.status$.value.pendingCount, waitedMs: Date.now() - start }
}

async function pendingDocuments(): Promise<number> {
  const db = database()
  const counts = await Promise.all(
    replications().map(
      async (r) =>
        (
          await db.collections[r.collection]
            .find({ selector: { pendingSince: { $exists: true } } } as never)
            .exec()
        ).length,
    ),
  )
  return counts.reduce((a, b) => a + b, 0)
}

/** Runs a local write and reports what it replaced in storage (a cached read may lag replication). */
async function observed(
  collection: CollectionName,
  id: string,
  patch: Readonly<Record<string, unknown>>,
  write: () => Promise<boolean>,
): Promise<PatchResult> {
  const key = `${collection}/${id}`
  watch.expectWrite(key)
  watch.note(key, `WRITE ${JSON.stringify(patch)}`)
  const written = await write()
  const old = watch.replaced(key)
  const before = Object.fromEntries(Object.keys(patch).map((k) => [k, old?.[k]]))
  return { written, before, patch, collection, id }
}

async function handle(request: ClientRequest): Promise<unknown> {
  switch (request.type) {
    case 'init': {
      await controller.signIn(config.email, config.password)
      await Promise.all(replications().map((r) => r.state.awaitInitialReplication()))
      watch.watch(database(), replications())
      return role()
    }
    case 'patch': {
      const db = database()
      const { collection, id } = request
      const current = await db.collections[collection].findOne(id).exec()
      // A switch flips what the device shows.
      const patch = request.toggle
        ? { ...request.patch, [request.toggle]: current?.get(request.toggle) !== true }
        : request.patch
      return observed(collection, id, patch, () => patchDoc(db, collection, id, patch as never))
    }
    case 'reapply': {
      // "Re-apply" in the Sync issues panel, on one of this device's conflict records.
      const conflicts = (await device.issues.where('kind').equals('conflict').sortBy('id')) as ConflictIssue[]
      const issue = conflicts[request.pick % Math.max(conflicts.length, 1)]
      if (!issue) return null
      const patch = Object.fromEntries(issue.conflicts.map((c) => [c.field, c.localValue]))
      return observed(issue.collection, issue.docId, patch, async () => {
        await controller.reapply(issue)
        return true
      })
    }
    case 'online':
      transport.setOnline(request.online)
      controller.setOnline(request.online)
      return null
    case 'resync':
      controller.resync()
      return null
    case 'settle':
      return settle(request.timeoutMs)
    case 'status': {
      // The count is a live query: give it a moment to catch up with the last write.
      const counted = await pendingDocuments()
      for (let i = 0; i < 20 && controller.status$.value.pendingCount !== counted; i++) await sleep(50)
      const { online, pendingCount } = controller.status$.value
      return { online, pendingCount, pendingDocuments: counted } satisfies StatusCheck
    }
    case 'history':
      return watch.history(request.key)
    case 'dump': {
      const db = database()
      const r = role()
      const collections: Partial<Record<CollectionName, ReadonlyArray<Record<string, unknown>>>> = {}
      for (const c of COLLECTIONS.filter((c) => canAccessCollection(c, r))) {
        const docs = await db.collections[c].find().exec()
        collections[c] = docs.map((d) => d.toJSON() as Record<string, unknown>)
      }
      const issues = await device.issues.toArray()
      return { role: r, collections, issues, resolutions: watch.resolutions } satisfies ClientDump
    }
    case 'close':
      transport.setOnline(false)
      await controller.close()
      device.close()
      return null
  }
}

port.on('message', (envelope: RequestEnvelope) => {
  handle(envelope.request).then(
    (value) => post({ type: 'reply', id: envelope.id, ok: true, value }),
    (err: unknown) =>
      post({
        type: 'reply',
        id: envelope.id,
        ok: false,
        error: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : String(err),
      }),
  )
})
