import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { RelianceConfig } from '../../shared/schema/reliance-config'
import { TeamsWebhookInput, type TeamsWebhook } from '../../shared/schema/teams-webhook'
import { nowUtc } from '../../shared/time/plant-time'
import { Messages } from '../../shared/validation/messages'
import { applyChange } from '../domain/apply-change'
import { badRequest, forbidden, notFound } from '../domain/domain-error'
import { NEW_CONFIG_STATUS } from '../domain/integration-reliance'
import {
  assertLineOfPlant,
  assertOwnPlant,
  canUseReliance,
  isRecord,
  storedOf,
} from '../domain/integration-scope'
import type { AppEnv } from '../http/app-env'
import { readBody, readJson } from '../http/body'
import { getDocument, listDocuments, type StoredDocument } from '../store/documents'

/**
 * Microsoft Teams (TEAMS-01/02) and ETQ Reliance (ETQ-01..03) calls of settings spec §7. Every
 * write goes through applyChange, so REST and replication apply the same rules; answers are built
 * field by field, so a Reliance secret cannot slip into one.
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
    // The spec's answer: id, lineId, lastModifiedDateTime (the URL stays in the replicated document).
    return c.json(
      docs.map((d) => ({
        id: d.id,
        lineId: d.data.lineId,
        lastModifiedDateTime: d.data.lastModifiedDateTime,
      })),
    )
  })

  app.put('/notifications/teams-webhooks/plants/:plantId/lines/:lineId', async (c) => {
    const { session, services } = c.var
    const lineId = c.req.param('lineId')
    assertOwnPlant(session, c.req.param('plantId'))
    await assertLineOfPlant(services.db, session, lineId)
    const { url } = await readBody(c, TeamsWebhookInput)
    // One webhook per line: saving a line's webhook replaces the one it has.
    const existing = await webhookOfLine(c.var, lineId)
    const id = existing?.id ?? randomUUID()
    const next = { id, lineId, url, lastModifiedDateTime: nowUtc(services.clock) }
    const saved = storedOf(await applyChange(services, session, 'teamsWebhooks', id, next))
    return c.json(webhookAnswer(saved as StoredDocument<TeamsWebhook>))
  })

  app.delete('/notifications/teams-webhooks/:id', async (c) => {
    const { session, services } = c.var
    const doc = await getDocument(services.db, session.customerId, 'teamsWebhooks', c.req.param('id'))
    if (!doc || doc.deleted || doc.plantId !== session.plantId) throw notFound(Messages.server.notFound)
    await applyChange(services, session, 'teamsWebhooks', doc.id, undefined)
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
    const { session, services } = c.var
    const lineId = c.req.param('lineId')
    await assertLineOfPlant(services.db, session, lineId)
    const body = await readJson(c)
    if (!isRecord(body)) throw badRequest(Messages.server.invalidRequest)
    const existing = await relianceOfLine(c.var, lineId)
    const id = existing?.id ?? randomUUID()
    // Missing fields count as blank, so they get the form's '{label} is required'. A missing
    // secret on an existing config keeps the stored one (the rules decide).
    const next = {
      id,
      lineId,
      apiHost: body.apiHost ?? '',
      clientId: body.clientId ?? '',
      tokenEndpoint: body.tokenEndpoint ?? '',
      connectionStatus: NEW_CONFIG_STATUS,
      updatedTime: nowUtc(services.clock),
      ...(body.clientSecret !== undefined ? { clientSecret: body.clientSecret } : {}),
    }
    const saved = storedOf(await applyChange(services, session, 'relianceConfigs', id, next))
    return c.json(relianceAnswer(saved as StoredDocument<RelianceConfig>))
  })

  app.delete('/reliance-configuration/lines/:lineId', async (c) => {
    const { session, services } = c.var
    const existing = await relianceOfLine(c.var, c.req.param('lineId'))
    if (!existing) throw notFound(Messages.server.notFound)
    await applyChange(services, session, 'relianceConfigs', existing.id, undefined)
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
