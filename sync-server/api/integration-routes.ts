import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { RelianceConfig } from '../../shared/schema/reliance-config'
import { TeamsWebhookInput, type TeamsWebhook } from '../../shared/schema/teams-webhook'
import { SaveRelianceConfigArgs } from '../../shared/intents/integrations'
import { Messages } from '../../shared/validation/messages'
import { badRequest, forbidden, notFound } from '../domain/domain-error'
import { assertOwnPlant, canUseReliance, isRecord } from '../domain/integration-scope'
import type { AppEnv } from '../http/app-env'
import { decodeInput, readBody, readJson } from '../http/body'
import { listDocuments, type StoredDocument } from '../store/documents'
import { callIntent } from './intent-call'

/**
 * Microsoft Teams (TEAMS-01/02) and ETQ Reliance (ETQ-01..03) calls of settings spec §7. Every
 * write runs the same named intent a device pushes (shared/intents/integrations.ts); answers are
 * built field by field, so a Reliance secret cannot slip into one.
 */
export function integrationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // ── Microsoft Teams ─────────────────────────────────────────────────────────
  app.get('/notifications/teams-webhooks/plants/:plantId', async (c) => {
    const { session, services } = c.var
    assertOwnPlant(session, c.req.param('plantId'))
    const docs = await listDocuments<TeamsWebhook>(services.db, session.customerId, 'teamsWebhooks', {
      plantId: session.plantId,
    })
    // The spec's answer: id, lineId, lastModifiedDateTime. With `?include=url` (this product's
    // addition) also the URL the Teams page edits: a gateway replicating this server needs it
    // (docs/gateway.md). The URL is in the replicated document anyway (shared/schema/teams-webhook.ts).
    const withUrl = c.req.query('include') === 'url'
    return c.json(
      docs.map((d) => ({
        id: d.id,
        lineId: d.data.lineId,
        lastModifiedDateTime: d.data.lastModifiedDateTime,
        ...(withUrl ? { url: d.data.url } : {}),
      })),
    )
  })

  app.put('/notifications/teams-webhooks/plants/:plantId/lines/:lineId', async (c) => {
    const { session } = c.var
    const lineId = c.req.param('lineId')
    assertOwnPlant(session, c.req.param('plantId'))
    const { url } = await readBody(c, TeamsWebhookInput)
    // One webhook per line: the intent keeps the line's own id when it has one.
    await callIntent(c.var, 'saveTeamsWebhook', { lineId, url, webhookId: randomUUID() })
    const saved = await webhookOfLine(c.var, lineId)
    if (!saved) throw notFound(Messages.server.notFound)
    return c.json(webhookAnswer(saved))
  })

  app.delete('/notifications/teams-webhooks/:id', async (c) => {
    await callIntent(c.var, 'deleteTeamsWebhook', { webhookId: c.req.param('id') })
    return c.body(null, 204)
  })

  // ── ETQ Reliance ────────────────────────────────────────────────────────────
  app.get('/reliance-configuration/plants/:plantId', async (c) => {
    const { session, services } = c.var
    assertOwnPlant(session, c.req.param('plantId'))
    // Decision: without the ETQ flag or the customer override the integration does not exist (403).
    if (!(await canUseReliance(services.db, session))) throw forbidden(Messages.server.forbidden)
    const docs = await listDocuments<RelianceConfig>(services.db, session.customerId, 'relianceConfigs', {
      plantId: session.plantId,
    })
    return c.json(Object.fromEntries(docs.map((d) => [d.data.lineId, relianceAnswer(d)])))
  })

  app.post('/reliance-configuration/lines/:lineId', async (c) => {
    const lineId = c.req.param('lineId')
    const body = await readJson(c)
    if (!isRecord(body)) throw badRequest(Messages.server.invalidRequest)
    // Missing fields count as blank, so they get the form's '{label} is required'. A missing
    // secret on an existing config keeps the stored one (the intent decides).
    const args = decodeInput(SaveRelianceConfigArgs, {
      lineId,
      apiHost: body.apiHost ?? '',
      clientId: body.clientId ?? '',
      tokenEndpoint: body.tokenEndpoint ?? '',
      ...(body.clientSecret !== undefined ? { clientSecret: body.clientSecret } : {}),
      configId: randomUUID(),
    })
    const written = await callIntent(c.var, 'saveRelianceConfig', args)
    // What the save wrote (its connection test may already be changing the stored status), or,
    // when nothing changed, what is stored.
    const saved = written.first<RelianceConfig>('relianceConfigs') ?? (await relianceOfLine(c.var, lineId))
    if (!saved) throw notFound(Messages.server.notFound)
    return c.json(relianceAnswer(saved))
  })

  app.delete('/reliance-configuration/lines/:lineId', async (c) => {
    await callIntent(c.var, 'deleteRelianceConfig', { lineId: c.req.param('lineId') })
    return c.body(null, 204)
  })

  return app
}

type Vars = AppEnv['Variables']

async function webhookOfLine({ session, services }: Vars, lineId: string) {
  const docs = await listDocuments<TeamsWebhook>(services.db, session.customerId, 'teamsWebhooks', {
    plantId: session.plantId,
    fields: { lineId },
  })
  return docs[0]
}

async function relianceOfLine({ session, services }: Vars, lineId: string) {
  const docs = await listDocuments<RelianceConfig>(services.db, session.customerId, 'relianceConfigs', {
    plantId: session.plantId,
    fields: { lineId },
  })
  return docs[0]
}

function webhookAnswer(doc: StoredDocument<TeamsWebhook>) {
  const { lineId, url, lastModifiedDateTime } = doc.data
  return { id: doc.id, lineId, url, lastModifiedDateTime }
}

/** The spec's fields, picked one by one: never the secret. */
function relianceAnswer(doc: StoredDocument<RelianceConfig>) {
  const { lineId, apiHost, clientId, tokenEndpoint, updatedTime, connectionStatus } = doc.data
  return { id: doc.id, lineId, apiHost, clientId, tokenEndpoint, updatedTime, connectionStatus }
}
