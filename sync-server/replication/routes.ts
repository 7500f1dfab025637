import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { compress } from 'hono/compress'
import { Messages } from '../../shared/validation/messages'
import {
  COLLECTIONS,
  PRIMARY_KEYS,
  canAccessCollection,
  isCollectionName,
  type CollectionName,
} from '../../shared/sync/collections'
import { entityFields } from '../../shared/sync/deep-equal'
import {
  PullRequest,
  PushRequest,
  RESYNC,
  type PushResponse,
  type ReplicatedDocument,
} from '../../shared/sync/protocol'
import { requireSession } from '../auth/middleware'
import type { Session } from '../auth/session'
import { applyChange } from '../domain/apply-change'
import { DomainError, forbidden, notFound } from '../domain/domain-error'
import { rulesFor } from '../domain/registry'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import {
  deletedStub,
  getDocument,
  pullDocuments,
  toReplicated,
  type StoredDocument,
} from '../store/documents'
import { sql } from 'kysely'
import { streamPageAfter } from './stream-feed'

/** /sync/*: RxDB replication — pull by checkpoint, push with conflict detection, live stream. */
export function replicationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', requireSession)

  app.post('/:collection/pull', compress(), async (c) => {
    const collection = collectionParam(c.req.param('collection'), c.var.session)
    const { checkpoint, batchSize } = await readBody(c, PullRequest)
    const docs = await pullDocuments(
      c.var.services.db,
      c.var.session.customerId,
      collection,
      c.var.session.plantId,
      checkpoint?.seq ?? 0,
      batchSize,
    )
    const last = docs[docs.length - 1]
    return c.json({
      documents: docs.map((d) => replicated(d)),
      checkpoint: last ? { seq: last.seq } : checkpoint,
    })
  })

  app.post('/:collection/push', async (c) => {
    const collection = collectionParam(c.req.param('collection'), c.var.session)
    const rows = await readBody(c, PushRequest)
    const pk = PRIMARY_KEYS[collection]
    const answer: Array<PushResponse[number]> = []
    // Rows are applied one by one, each in its own transaction: a crash mid-push keeps what was
    // acknowledged nowhere yet consistent, and the retried push finds those rows already applied.
    for (const row of rows) {
      const id = row.newDocumentState[pk]
      if (typeof id !== 'string' || id === '') {
        throw new DomainError(400, 'VALIDATION', `${pk} is required`)
      }
      const assumed = row.assumedMasterState?.revision
      const expectedRevision = typeof assumed === 'number' ? assumed : 0
      const next =
        row.newDocumentState._deleted === true
          ? undefined
          : { ...entityFields(row.newDocumentState), [pk]: id }
      try {
        const result = await applyChange(c.var.services, c.var.session, collection, id, next, {
          expectedRevision,
        })
        if (result.kind === 'conflict') answer.push(replicated(result.master ?? deletedStub(collection, id)))
      } catch (err) {
        if (!(err instanceof DomainError) || err.code === 'UNAUTHORIZED') throw err
        const master = await currentMaster(c.var.services, c.var.session, collection, id)
        answer.push({
          ...master,
          _rejection: {
            code: err.code === 'BAD_REQUEST' || err.code === 'PAYLOAD_TOO_LARGE' ? 'VALIDATION' : err.code,
            status: err.status,
            message: err.message,
            ...(err.details ? { details: { ...err.details } } : {}),
          },
        })
      }
    }
    return c.json(answer)
  })

  app.get('/stream', (c) => {
    const session = c.var.session
    const services = c.var.services
    return streamSSE(c, async (stream) => {
      const visible = COLLECTIONS.filter((col) => canAccessCollection(col, session.role))
      // Start after what exists now: the client answers RESYNC with a pull that covers it.
      const cursor = new Map<CollectionName, number>()
      const top = await sql<{
        seq: string | null
      }>`select max(seq) as seq from documents where customer_id = ${session.customerId}`.execute(services.db)
      const start = Number(top.rows[0]?.seq ?? 0)
      for (const col of visible) cursor.set(col, start)
      await stream.writeSSE({ data: RESYNC })

      let chain = Promise.resolve()
      const unsubscribe = services.changes.subscribe((notice) => {
        if (notice.customerId !== session.customerId || !cursor.has(notice.collection)) return
        chain = chain
          .then(async () => {
            const after = cursor.get(notice.collection) ?? 0
            if (notice.seq <= after) return
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
                }),
            )
            if (!page) return
            cursor.set(notice.collection, page.lastSeq)
            await stream.writeSSE({ data: page.data })
          })
          .catch((err: unknown) => console.error('stream delivery failed', err))
      })
      const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), 25_000)
      await new Promise<void>((resolve) => stream.onAbort(resolve))
      clearInterval(heartbeat)
      unsubscribe()
    })
  })

  return app
}

function collectionParam(name: string, session: Session): CollectionName {
  if (!isCollectionName(name)) throw notFound(Messages.server.notFound)
  if (!canAccessCollection(name, session.role)) throw forbidden(Messages.server.forbidden)
  return name
}

function replicated(doc: StoredDocument): ReplicatedDocument {
  return toReplicated(doc, rulesFor(doc.collection).redact)
}

async function currentMaster(
  services: AppEnv['Variables']['services'],
  session: Session,
  collection: CollectionName,
  id: string,
) {
  const doc = await getDocument(services.db, session.customerId, collection, id)
  const visible = doc && (doc.plantId === '*' || doc.plantId === session.plantId)
  return replicated(visible ? doc : deletedStub(collection, id))
}
