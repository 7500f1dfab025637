import { Hono } from 'hono'
import {
  INTENT_PROTOCOL_VERSION,
  IntentPushRequest,
  type IntentOutcome,
  type PushedIntent,
} from '../../shared/sync/intent-protocol'
import type { Rejection } from '../../shared/sync/protocol'
import { Messages } from '../../shared/validation/messages'
import { applyIntents, type IntentVerdict } from '../domain/apply-intent'
import { DomainError } from '../domain/domain-error'
import { rulesFor } from '../domain/registry'
import type { AppEnv } from '../http/app-env'
import { readBody } from '../http/body'
import { toReplicated } from '../store/documents'

/**
 * POST /sync/intents — the change-set push (shared/sync/intent-protocol.ts). Actions are applied in
 * the order sent, in one transaction, each with its own verdict: a refused one undoes only itself
 * (sync-server/domain/apply-intent.ts). Nothing is answered before the commit, so an acknowledged
 * action is never lost. A business refusal is an answer about that action, not an HTTP error.
 */
export function intentRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.post('/intents', async (c) => {
    const request = await readBody(c, IntentPushRequest)
    if (request.protocol !== INTENT_PROTOCOL_VERSION) {
      throw new DomainError(426, 'UPGRADE_REQUIRED', Messages.sync.upgradeRequired)
    }
    const session = c.var.session
    // Pending actions belong to who made them: a device never sends them under another user's session.
    const own = request.intents.filter((i) => i.author === session.userId)
    // A pushed action without a version is of version 1 (shared/intents/upgrade.ts).
    const verdicts = await applyIntents(
      c.var.services,
      session,
      own.map((i) => ({ ...i, version: i.version ?? 1 })),
    )
    // A gateway may decide only the first actions (the plant's server stopped answering): the answer
    // stops at the first undecided one, so nothing after it is answered before it is.
    const results: IntentOutcome[] = []
    let next = 0
    for (const intent of request.intents) {
      if (intent.author !== session.userId) {
        results.push(rejected(intent.id, new DomainError(403, 'FORBIDDEN', Messages.sync.notYourChange)))
        continue
      }
      const verdict = verdicts[next++]
      if (!verdict) break
      results.push(outcome(intent, verdict))
    }
    return c.json({ results })
  })
  return app
}

function outcome(intent: PushedIntent, verdict: IntentVerdict): IntentOutcome {
  switch (verdict.status) {
    case 'rejected':
      return rejected(intent.id, verdict.error)
    case 'conflict':
      return {
        id: intent.id,
        status: 'conflict',
        conflicts: verdict.conflicts,
        rejection: { code: 'CONFLICT', status: 409, message: Messages.server.conflict },
      }
    case 'applied':
      return {
        id: intent.id,
        status: 'applied',
        documents: verdict.documents.map((d) => ({
          collection: d.collection,
          document: toReplicated(d, rulesFor(d.collection).redact),
        })),
        ...(verdict.replacedIds ? { replacedIds: { ...verdict.replacedIds } } : {}),
        ...(verdict.fromLog ? { fromLog: true } : {}),
      }
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
    case 'AUTHORITY_UNAVAILABLE':
    case 'AUTHORITY_MALFORMED':
      return 'VALIDATION'
    default:
      return err.code
  }
}
