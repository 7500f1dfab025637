import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { sql } from 'kysely'
import { AuthorityClient } from '../../sync-server/gateway/authority-client'
import { openDatabase } from '../../sync-server/store/database'
import { ensureCustomer } from '../../sync-server/store/gateway-sessions'

/**
 * The floor under bench/gateway.ts's action figures: the least any gateway in front of the authority
 * costs per action, run as its own process like the gateway (`node --import tsx`, own port). It is
 * not the product and keeps none of its guarantees but one; it only shows what the goal is measured
 * against.
 *
 * POST /relay `{ actionId, lineId, changes }` does what the gateway does upstream for one pushed
 * `updateLineSettings`: a conditional GET of the line (the read before writing, ETag kept per line),
 * then the PATCH with an Idempotency-Key, over the product's own HTTP client (AuthorityClient), under
 * the authority session given in RELAY_COOKIE, and answers the PATCH's document. Nothing else: no
 * session of its own, no judging, no step log.
 *
 * RELAY_DURABLE=1 adds the one write the issue asks of every gateway before it answers: the answered
 * document into a replica and the verdict into an intent log, committed. Written in the cheapest way
 * PostgreSQL offers — one statement, which is its own transaction (the customer's lock, the document
 * written only when changed, the verdict) — on an embedded database of its own (RELAY_DATA_DIR), with
 * the product's schema and settings (openDatabase).
 */
const authority = new AuthorityClient(process.env.RELAY_AUTHORITY!, 10_000, 1_000)
const cookie = process.env.RELAY_COOKIE!
const CUSTOMER = 'relay'
const database =
  process.env.RELAY_DURABLE === '1'
    ? await openDatabase({ kind: 'pglite', dataDir: process.env.RELAY_DATA_DIR! })
    : undefined
if (database) await ensureCustomer(database.db, CUSTOMER)
const etags = new Map<string, string>()

const app = new Hono()
app.get('/api/health', (c) => c.json({ ok: true }))
app.post('/relay', async (c) => {
  const { actionId, lineId, changes } = await c.req.json<{
    actionId: string
    lineId: string
    changes: Record<string, unknown>
  }>()
  const path = `/api/lines/${lineId}`
  const etag = etags.get(lineId)
  const read = await authority.request(cookie, { method: 'GET', path }, etag ? { ifNoneMatch: etag } : {})
  if (read.etag) etags.set(lineId, read.etag)
  const written = await authority.request(
    cookie,
    { method: 'PATCH', path, body: changes },
    { idempotencyKey: `${actionId}:0` },
  )
  if (database) {
    const verdict = { written: [{ collection: 'lines', id: lineId }] }
    await sql`
      with lock as materialized (select pg_advisory_xact_lock(hashtext(${CUSTOMER}))),
      line as (
        insert into documents (customer_id, collection, id, plant_id, seq, revision, updated_at, deleted, data)
        select ${CUSTOMER}, 'lines', ${lineId}, ${CUSTOMER}, nextval('documents_seq'), 1, clock_timestamp(), false,
               ${JSON.stringify(written.body)}::jsonb
          from lock
        on conflict (customer_id, collection, id) do update
           set seq = nextval('documents_seq'), revision = documents.revision + 1,
               updated_at = clock_timestamp(), data = excluded.data
         where documents.data <> excluded.data
        returning revision),
      logged as (
        insert into intent_log (customer_id, intent_id, result)
        select ${CUSTOMER}, ${actionId}, ${JSON.stringify(verdict)}::jsonb from lock
        on conflict do nothing)
      select revision from line
    `.execute(database.db)
  }
  return c.json({ results: [{ status: 'applied', documents: [written.body] }] })
})

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' })
