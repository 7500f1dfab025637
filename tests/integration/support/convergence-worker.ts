import { filter, firstValueFrom } from 'rxjs'
import { parentPort, workerData } from 'node:worker_threads'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import { DeviceDb, type SyncIssue } from '../../../client/db/storage/device-db'
import type { LocalOutcome } from '../../../client/db/sync/local-intents'
import type { CollectionReplication } from '../../../client/db/sync/replication'
import { SyncController } from '../../../client/db/sync-controller'
import type { IntentName } from '../../../shared/intents'
import { canAccessCollection, COLLECTIONS, type CollectionName } from '../../../shared/sync/collections'
import type {
  ClientConfig,
  ClientDump,
  ClientMessage,
  ClientRequest,
  RequestEnvelope,
  RunResult,
  SettleResult,
  StatusCheck,
} from './convergence-protocol'
import { seededRandom } from './convergence-random'
import { NodeTransport } from './node-client'
import type { Role } from '../../../shared/schema/user'

/**
 * One client device of the convergence test, in a worker thread: the real data layer (SyncController,
 * RxDB on Dexie over an IndexedDB of its own, the device Dexie database) behind the Node transport.
 * The test thread drives it with user actions (`controller.run`); pushes and announced sync issues
 * are reported back.
 */
const config = workerData as ClientConfig
const port = parentPort
if (!port) throw new Error('convergence-worker runs as a worker thread')

const post = (message: ClientMessage) => port.postMessage(message)
// The soak: a browser page outlives an unhandled rejection (it only logs it); a worker thread dies
// of one. Reported, so it shows, but the device goes on as a page would.
if (config.keepRejections)
  process.on('unhandledRejection', (reason) => {
    const text =
      reason instanceof Error
        ? (reason.stack ?? `${reason.name}: ${reason.message} (no stack)`)
        : `${Object.prototype.toString.call(reason)} ${String((reason as object | undefined)?.constructor?.name)} ${Object.keys(reason ?? {}).join(',')}`
    console.error(`${config.name}: unhandled rejection: ${String(text).slice(0, 600)}`)
  })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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
  onPush: (exchange) => post({ type: 'push', exchange }),
})
let device: DeviceDb
let controller: SyncController
/** The device's code over what its IndexedDB holds (at boot, and again after a restart). */
function openDevice(): void {
  device = new DeviceDb('quality-monitoring-device', { indexedDB, IDBKeyRange })
  controller = new SyncController({
    transport,
    device,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
    isOnline: () => transport.isOnline,
  })
  controller.onIssue((issue) => post({ type: 'announced', issue }))
}
openDevice()

/** The controller keeps its replications private; the test needs awaitInSync on each. */
const replications = (): ReadonlyArray<CollectionReplication> =>
  (controller as unknown as { replications: { all: ReadonlyArray<CollectionReplication> } }).replications.all

function database() {
  const db = controller.db$.value
  if (!db) throw new Error(`${config.name}: the local database is not open`)
  return db
}

function role(): Role {
  const session = controller.session$.value
  if (session.status !== 'signed-in') throw new Error(`${config.name}: not signed in`)
  return session.user.role
}

async function inSync(timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))
  const all = Promise.all(replications().map((r) => r.awaitInSync())).then(() => true)
  const result = await Promise.race([all, timeout])
  clearTimeout(timer)
  return result
}

/** Waits until nothing is pending and every replication is idle, nudging it instead of waiting 5 s retries. */
async function settle(timeoutMs: number, nudge = true): Promise<SettleResult> {
  const start = Date.now()
  let quiet = 0
  while (Date.now() - start < timeoutMs) {
    // The soak waits without nudging: what its faults hid must come back by the client's own means.
    if (nudge) controller.resync()
    const synced = await inSync(1500)
    const pendingCount = controller.status$.value.pendingCount
    // Settled once the outbox is empty: every action answered and its documents pulled (absorbed).
    // Twice in a row: a push's answer may still be on its way into the local database.
    quiet = synced && pendingCount === 0 && controller.outbox.state.all.length === 0 ? quiet + 1 : 0
    if (quiet >= 2) return { settled: true, pendingCount, waitedMs: Date.now() - start }
    await sleep(200)
  }
  // What keeps the outbox from emptying: acknowledged actions whose documents never arrived.
  const stuck = controller.outbox.state.all.map((a) => `${a.name} ${JSON.stringify(a.acknowledged)}`)
  return {
    settled: false,
    pendingCount: controller.status$.value.pendingCount,
    waitedMs: Date.now() - start,
    stuck,
  }
}

function userId(): string {
  const session = controller.session$.value
  if (session.status !== 'signed-in') throw new Error(`${config.name}: not signed in`)
  return session.user.id
}

/** The outbox table's own count of this user's unanswered actions (what the status must show). */
async function pendingActions(): Promise<number> {
  const me = userId()
  return (await device.outbox.toArray()).filter((a) => a.author === me && a.acknowledged === undefined).length
}

/** What the device shows of one field: the server's document with the pending actions laid over it. */
async function shown(collection: CollectionName, id: string, field: string): Promise<unknown> {
  const server = (await database().rx.collections[collection].findOne(id).exec())?.toJSON() as
    Record<string, unknown> | undefined
  return controller.outbox.state.overlay(collection, id, server).data?.[field]
}

const result = (
  name: IntentName,
  args: Readonly<Record<string, unknown>>,
  outcome: LocalOutcome,
): RunResult => ({
  name,
  args,
  status: outcome.status,
  ...(outcome.status === 'saved' ? { actionId: outcome.action.id } : {}),
  ...(outcome.status === 'refused' ? { rejection: outcome.rejection } : {}),
})

async function handle(request: ClientRequest): Promise<unknown> {
  switch (request.type) {
    case 'init': {
      await controller.signIn(config.email, config.password)
      await Promise.all(replications().map((r) => r.awaitInitialReplication()))
      return role()
    }
    case 'run': {
      const { name, toggle } = request
      // A switch sets the opposite of what the device shows.
      const args = toggle
        ? {
            ...request.args,
            [toggle.arg]: (await shown(toggle.collection, toggle.id, toggle.field)) !== true,
          }
        : request.args
      return result(name, args, await controller.run(name, args as never))
    }
    case 'reapply': {
      // "Re-apply" in the Sync issues panel, on one of this device's conflict records.
      const conflicts = (await device.issues.where('kind').equals('conflict').sortBy('id')) as SyncIssue[]
      const issue = conflicts[request.pick % Math.max(conflicts.length, 1)]
      if (!issue) return null
      const name = issue.action.name as IntentName
      const outcome = await controller.reapply(issue)
      const issueRemoved = (await device.issues.get(issue.id!)) === undefined
      return { ...result(name, issue.action.args as Record<string, unknown>, outcome), issueRemoved }
    }
    case 'online':
      transport.setOnline(request.online)
      controller.setOnline(request.online)
      return null
    case 'resync':
      controller.resync()
      return null
    case 'settle':
      return settle(request.timeoutMs, request.nudge ?? true)
    case 'restart': {
      // The device is killed mid-sync (its network cut first, so answers in flight are lost) and
      // reopened from what its IndexedDB holds, signed in by its stored session (the cookie jar is
      // the browser's, which outlives the tab).
      let stage = 'closing the controller'
      const started = Date.now()
      const slow = setInterval(
        () => post({ type: 'log', text: `restart still ${stage} after ${Date.now() - started} ms` }),
        30_000,
      )
      transport.setOnline(false)
      await controller.close().catch(() => undefined)
      stage = 'reopening the device'
      device.close()
      openDevice()
      transport.setOnline(true)
      const reopened = controller
      stage = 'starting the controller'
      // As client/main.tsx does: a session restored while the server did not answer (it may be
      // down too) is verified again every second until it answers.
      const verifyLater = () =>
        setTimeout(() => {
          const session = reopened.session$.value
          if (reopened !== controller || session.status !== 'signed-in' || session.verified) return
          void reopened.start().finally(verifyLater)
        }, 1000)
      const starting = reopened.start().finally(verifyLater)
      // The user acts once the frame shows: a slow server's answer verifies the session later.
      const shown = firstValueFrom(reopened.session$.pipe(filter((s) => s.status === 'signed-in')))
      await Promise.race([starting, shown]).finally(() => clearInterval(slow))
      return role()
    }
    case 'status': {
      // The count follows the outbox's change stream: give it a moment to catch up with the last write.
      const counted = await pendingActions()
      for (let i = 0; i < 20 && controller.status$.value.pendingCount !== counted; i++) await sleep(50)
      const { online, pendingCount } = controller.status$.value
      return { online, pendingCount, pendingActions: counted } satisfies StatusCheck
    }
    case 'dump': {
      const db = database()
      const r = role()
      const collections: Partial<Record<CollectionName, ReadonlyArray<Record<string, unknown>>>> = {}
      for (const c of COLLECTIONS.filter((c) => canAccessCollection(c, r))) {
        const docs = await db.rx.collections[c].find().exec()
        collections[c] = docs.map((d) => d.toJSON() as Record<string, unknown>)
      }
      const issues = await device.issues.toArray()
      return { role: r, collections, issues } satisfies ClientDump
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
