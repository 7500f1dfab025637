import { Result } from 'effect'
import { INTENTS, type IntentArgs, type IntentName } from '../../../shared/intents'
import { IntentRejected, mayRun, type Actor, type IntentDefinition } from '../../../shared/intents/intent'
import { runIntent } from '../../../shared/intents/run'
import { currentVersion } from '../../../shared/intents/upgrade'
import type { BaseValue } from '../../../shared/sync/intent-protocol'
import type { Rejection } from '../../../shared/sync/protocol'
import { decodeWithErrors } from '../../../shared/validation/decode'
import { Messages } from '../../../shared/validation/messages'
import type { LocalStore } from '../storage/local-store'
import { loadLocal } from './local-view'
import type { Outbox } from './outbox'
import type { PendingAction } from './pending-changes'

/**
 * Runs a user action on the device: the same intent function the server runs, on what the user
 * sees, and stores it in the outbox in one write — so every screen, count and cascade is right at
 * once, offline too. A rule that says no here (a duplicate monitor, a feeder loop, a bound) says so
 * at once with the spec's message, exactly as the server would.
 */
export type LocalOutcome =
  | { readonly status: 'saved'; readonly action: PendingAction }
  | { readonly status: 'unchanged' }
  | { readonly status: 'refused'; readonly rejection: Rejection }

/**
 * The same check without keeping anything: whether this device would refuse the action now (null
 * when it would apply). Sync issues uses it to decide whether Re-apply must let the user edit first.
 */
export async function checkLocally(
  store: LocalStore,
  outbox: Outbox,
  actor: Actor,
  name: IntentName,
  args: unknown,
): Promise<Rejection | null> {
  const definition = INTENTS[name] as unknown as IntentDefinition<unknown>
  if (!mayRun(definition, actor)) return forbiddenRejection
  const decoded = decodeWithErrors(definition.args, args)
  if (Result.isFailure(decoded)) return validationRejection(decoded.failure[0]?.message)
  try {
    await runIntent(definition, decoded.success, { actor, now: new Date().toISOString() }, (reads) =>
      loadLocal(store, outbox.state, reads),
    )
    return null
  } catch (err) {
    if (err instanceof IntentRejected) return rejectionOf(err)
    throw err
  }
}

export async function runLocally<N extends IntentName>(
  store: LocalStore,
  outbox: Outbox,
  actor: Actor,
  name: N,
  args: IntentArgs<N>,
): Promise<LocalOutcome> {
  const definition = INTENTS[name] as unknown as IntentDefinition<unknown>
  // SHELL-04: the server would answer 403 (a demoted administrator's Re-apply, a stale screen).
  if (!mayRun(definition, actor)) return { status: 'refused', rejection: forbiddenRejection }
  const decoded = decodeWithErrors(definition.args, args)
  if (Result.isFailure(decoded)) {
    return { status: 'refused', rejection: validationRejection(decoded.failure[0]?.message) }
  }
  const now = new Date().toISOString()
  try {
    const run = await runIntent(definition, decoded.success, { actor, now }, (reads) =>
      loadLocal(store, outbox.state, reads),
    )
    if (run.changes.length === 0) return { status: 'unchanged' }
    const base: BaseValue[] = []
    for (const ref of definition.edits(decoded.success)) {
      const change = run.changes.find((c) => c.collection === ref.collection && c.id === ref.id)
      if (!change || change.kind !== 'put' || change.created) continue
      const server = (await store.findByIds(ref.collection, [ref.id])).get(ref.id) as
        Record<string, unknown> | undefined
      for (const field of change.fields) {
        const value = outbox.state.baseValue(ref.collection, ref.id, field, server)
        base.push({
          collection: ref.collection,
          id: ref.id,
          field,
          ...(value === undefined ? {} : { value }),
        })
      }
    }
    const action = await outbox.add({
      id: crypto.randomUUID(),
      name,
      ...(currentVersion(definition) === 1 ? {} : { version: currentVersion(definition) }),
      args,
      author: actor.userId,
      createdAt: now,
      description: run.description,
      base,
      changes: run.changes,
    })
    return { status: 'saved', action }
  } catch (err) {
    if (err instanceof IntentRejected) return { status: 'refused', rejection: rejectionOf(err) }
    throw err
  }
}

const forbiddenRejection: Rejection = { code: 'FORBIDDEN', status: 403, message: Messages.server.forbidden }

const validationRejection = (message: string | undefined): Rejection => ({
  code: 'VALIDATION',
  status: 400,
  message: message ?? Messages.server.invalidRequest,
})

const rejectionOf = (err: IntentRejected): Rejection => ({
  code: err.code,
  status: err.status,
  message: err.message,
  ...(err.details ? { details: { ...err.details } } : {}),
})
