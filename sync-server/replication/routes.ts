import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { Messages } from '../../shared/validation/messages'
import {
  ADMIN_ONLY_COLLECTIONS,
  COLLECTIONS,
  LINE_FIELDS,
  canAccessCollection,
  isCollectionName,
  type CollectionName,
} from '../../shared/sync/collections'
import {
  PING_EVENT,
  PullRequest,
  RESYNC,
  STREAM_HEARTBEAT_MS,
  STREAM_START_PARAM,
  type ReplicatedDocument,
  type StreamHeartbeat,
  type StreamStart,
} from '../../shared/sync/protocol'
import { getCookie } from 'hono/cookie'
import { requireSession, sessionOfToken } from '../auth/middleware'
import { SESSION_COOKIE, type Session } from '../auth/session'
import { DomainError, forbidden, notFound } from '../domain/domain-error'
import { rulesFor } from '../domain/registry'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { acceptedCodings } from '../http/content-coding'
import {
  countPlantDocuments,
  latestSeqs,
  pullDocuments,
  pullReplicatedPage,
  toReplicated,
  type PullQuery,
  type ReplicatedPage,
  type StoredDocument,
} from '../store/documents'
import { intentRoutes } from './intent-routes'
import { compressPull } from './pull-compression'
import { streamPageAfter } from './stream-feed'

/**
 * /sync/*: replication of server changes to devices (RxDB pull by checkpoint and the live stream)
 * and the change-set push of the actions users made (POST /sync/intents).
 */
export function replicationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', requireSession)

  app.post('/:collection/pull', async (c) => {
    const collection = collectionParam(c.req.param('collection'), c.var.session)
    const { checkpoint, batchSize, lineId } = await readBody(c, PullRequest)
    const lineField = LINE_FIELDS[collection]
    if (lineId !== undefined && !lineField) {
      throw new DomainError(400, 'BAD_REQUEST', Messages.sync.notLineScoped)
    }
    const query: PullQuery = {
      customerId: c.var.session.customerId,
      collection,
      plantId: c.var.session.plantId,
      afterSeq: checkpoint?.seq ?? 0,
      limit: batchSize,
      ...(lineId !== undefined && lineField ? { line: { field: lineField, lineId } } : {}),
    }
    const { db } = c.var.services
    // Written as JSON by the database, unless a redaction rule (code) must see each document.
    const page: ReplicatedPage = rulesFor(collection).redact
      ? redactedPage(await pullDocuments(db, query))
      : await pullReplicatedPage(db, query)
    const next = page.lastSeq !== undefined ? { seq: page.lastSeq } : checkpoint
    c.header('content-type', 'application/json; charset=UTF-8')
    const head = '{"documents":['
    const tail = `],"checkpoint":${JSON.stringify(next)}}`
    if (head.length + page.json.length + tail.length < COMPRESS_FROM) return c.body(head + page.json + tail)
    // Compressed here, in one call on the thread pool, at the fastest level: through hono's
    // compress() (a web CompressionStream) a pull of 100,000 signals took ~2× its raw read;
    // the fastest levels still shrink a page ~25× (docs/architecture.md).
    const coding = acceptedCodings(c.req.header('accept-encoding'))[0]?.coding
    c.header('vary', 'accept-encoding')
    if (!coding) return c.body(head + page.json + tail)
    c.header('content-encoding', coding)
    // The page's JSON as the database wrote it is one flat string: encoded on its own, beside the
    // two short ends, straight into one buffer. Joined first, V8 flattens the joined string and then
    // encodes it (a 2.2 MB page of signals: 1.6 → 0.6 ms; docs/architecture.md); encoded into
    // buffers of their own and then concatenated, the page is copied twice.
    const body = Buffer.allocUnsafe(
      head.length + Buffer.byteLength(page.json) + tail.length, // the ends are ASCII
    )
    let at = body.write(head, 0, 'latin1')
    at += body.write(page.json, at, 'utf8')
    body.write(tail, at, 'latin1')
    const compressed = await compressPull(body, coding)
    return c.body(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength))
  })

  // Pushes are change sets of named actions now (intent-routes.ts). A device still running the
  // version that pushed documents is told to update; its pending changes stay on it meanwhile.
  app.post('/:collection/push', () => {
    throw new DomainError(426, 'UPGRADE_REQUIRED', Messages.sync.upgradeRequired)
  })
  app.route('/', intentRoutes())

  // A first sync's yardstick: how many documents each collection the session sees will bring.
  app.get('/counts', async (c) => {
    const session = c.var.session
    const counts = await countPlantDocuments(c.var.services.db, session.customerId, session.plantId)
    const visible = COLLECTIONS.filter((col) => canAccessCollection(col, session.role))
    return c.json({ counts: Object.fromEntries(visible.map((col) => [col, counts[col] ?? 0])) })
  })

  app.get('/stream', (c) => {
    const session = c.var.session
    const services = c.var.services
    const token = getCookie(c, SESSION_COOKIE) ?? ''
    return streamSSE(c, async (stream) => {
      let end: () => void = () => undefined
      const ended = new Promise<void>((resolve) => {
        end = resolve
        stream.onAbort(resolve)
      })
      const visible = COLLECTIONS.filter((col) => canAccessCollection(col, session.role))
      const describesStart = c.req.query(STREAM_START_PARAM.name) === STREAM_START_PARAM.value
      // Start after what exists now: the client pulls what its first message says it may lack.
      // Listening begins before that is read (changes wait in `chain` until it is sent): a change
      // committed after the read has a later sequence (writes of a customer take turns) and is
      // sent; one before it is in what the client pulls.
      const cursor = new Map<CollectionName, number>()
      /** The collections this stream has sent an event of (the heartbeat names their last). */
      const sent = new Set<CollectionName>()
      let chain = (async () => {
        const latest = await latestSeqs(services.db, session.customerId)
        for (const col of visible) cursor.set(col, latest.all)
        const start: StreamStart = {
          resync: {
            after: latest.all,
            latest: Object.fromEntries(visible.map((col) => [col, latest.of[col]])),
          },
        }
        await stream.writeSSE({ data: describesStart ? JSON.stringify(start) : RESYNC })
      })().catch((err: unknown) => {
        // No start, no stream: the client opens another (its silence watchdog, change-stream.ts).
        console.error('stream start failed', err)
        end()
      })

      const stillSees = async (collection: CollectionName) => {
        const now = await sessionOfToken(services, token)
        return (
          now !== undefined && now.plantId === session.plantId && canAccessCollection(collection, now.role)
        )
      }

      const unsubscribe = services.changes.subscribe((notice) => {
        if (notice.customerId !== session.customerId || !visible.includes(notice.collection)) return
        chain = chain
          .then(async () => {
            // No cursor: the stream did not start, or it ended (below).
            const after = cursor.get(notice.collection)
            if (after === undefined || notice.seq <= after) return
            // SHELL-04: the stream was opened by an administrator; the users and data sources go on
            // only while the stored user still is one. Otherwise the stream ends, and the device's
            // next one (and its session check, sync-controller.ts) has the role as it is now.
            if (ADMIN_ONLY_COLLECTIONS.has(notice.collection) && !(await stillSees(notice.collection))) {
              cursor.clear()
              end()
              return
            }
            const page = await streamPageAfter(
              services.db,
              {
                customerId: session.customerId,
                collection: notice.collection,
                plantId: session.plantId,
                after,
              },
              (docs) =>
                JSON.stringify({
                  collection: notice.collection,
                  documents: docs.map((d) => replicated(d)),
                  checkpoint: { seq: docs[docs.length - 1]!.seq },
                  // The previous event's checkpoint: a client that did not get that one pulls.
                  after,
                }),
            )
            if (!page) return
            cursor.set(notice.collection, page.lastSeq)
            sent.add(notice.collection)
            await stream.writeSSE({ data: page.data })
          })
          .catch((err: unknown) => console.error('stream delivery failed', err))
      })
      // A named event: browsers that predate the heartbeat ignore it; a client that hears none for
      // STREAM_SILENCE_MS opens a new stream (change-stream.ts).
      // It says what was sent last of each collection (StreamHeartbeat), in the order of the events:
      // written through the same chain, after any event under way.
      const heartbeat = setInterval(() => {
        chain = chain
          .then(() => {
            const lastSent = Object.fromEntries([...sent].map((col) => [col, cursor.get(col) ?? 0]))
            const data = JSON.stringify({ lastSent } satisfies StreamHeartbeat)
            return stream.writeSSE({ event: PING_EVENT, data })
          })
          .catch(() => undefined)
      }, STREAM_HEARTBEAT_MS)
      await ended
      clearInterval(heartbeat)
      unsubscribe()
    })
  })

  return app
}

/** Answers shorter than this go uncompressed (as hono's compress() did): not worth a round trip to the pool. */
const COMPRESS_FROM = 1024

function collectionParam(name: string, session: Session): CollectionName {
  if (!isCollectionName(name)) throw notFound(Messages.server.notFound)
  if (!canAccessCollection(name, session.role)) throw forbidden(Messages.server.forbidden)
  return name
}

function redactedPage(docs: ReadonlyArray<StoredDocument>): ReplicatedPage {
  return {
    json: docs.map((d) => JSON.stringify(replicated(d))).join(','),
    count: docs.length,
    lastSeq: docs.at(-1)?.seq,
  }
}

function replicated(doc: StoredDocument): ReplicatedDocument {
  return toReplicated(doc, rulesFor(doc.collection).redact)
}
