import { Hono } from 'hono'
import {
  INTENT_PROTOCOL_VERSION,
  IntentPushRequest,
  type IntentOutcome,
  type PushedIntent,
} from '../../shared/sync/intent-protocol'
import type { Rejection } from '../../shared/sync/protocol'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { applyIntent } from '../domain/apply-intent'
import { DomainError } from '../domain/domain-error'
import { rulesFor } from '../domain/registry'
import type { Services } from '../domain/services'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { toReplicated } from '../store/documents'

/**
 * POST /sync/intents — the change-set push (shared/sync/intent-protocol.ts). Actions are applied in
 * the order sent, each all or nothing in its own transaction, so an acknowledged one is never lost
 * by a failure of a later one. A business refusal is an answer about that action, not an HTTP error.
 */
export function intentRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.post('/intents', async (c) => {
    const request = await readBody(c, IntentPushRequest)
    if (request.protocol !== INTENT_PROTOCOL_VERSION) {
      throw new DomainError(426, 'UPGRADE_REQUIRED', Messages.sync.upgradeRequired)
    }
    const results: IntentOutcome[] = []
    for (const intent of request.intents) {
      results.push(await applyPushed(c.var.services, c.var.session, intent))
    }
    return c.json({ results })
  })
  return app
}

async function applyPushed(
  services: Services,
  session: Session,
  intent: PushedIntent,
): Promise<IntentOutcome> {
  // Pending actions belong to who made them: a device never sends them under another user's session.
  if (intent.author !== session.userId) {
    return rejected(intent.id, new DomainError(403, 'FORBIDDEN', Messages.sync.notYourChange))
  }
  try {
    const result = await applyIntent(services, session, intent)
    if (result.status === 'conflict') {
      return {
        id: intent.id,
        status: 'conflict',
        conflicts: result.conflicts,
        rejection: { code: 'CONFLICT', status: 409, message: Messages.server.conflict },
      }
    }
    return {
      id: intent.id,
      status: 'applied',
      documents: result.documents.map((d) => ({
        collection: d.collection,
        document: toReplicated(d, rulesFor(d.collection).redact),
      })),
    }
  } catch (err) {
    if (!(err instanceof DomainError) || err.code === 'UNAUTHORIZED') throw err
    return rejected(intent.id, err)
  }
}

const rejected = (id: string, err: DomainError): IntentOutcome => ({
  id,
  status: 'rejected',
  rejection: {
    code: rejectionCode(err),
    status: err.status,
    message: err.message,
    ...(err.details ? { details: { ...err.details } } : {}),
  },
})

/** The rejection code a device understands for a refusal (request-shape errors are validation). */
function rejectionCode(err: DomainError): Rejection['code'] {
  switch (err.code) {
    case 'BAD_REQUEST':
    case 'PAYLOAD_TOO_LARGE':
    case 'UPGRADE_REQUIRED':
    case 'UNAUTHORIZED':
      return 'VALIDATION'
    default:
      return err.code
  }
}
