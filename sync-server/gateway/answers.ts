import { Schema } from 'effect'
import { MonitorRules } from '../../shared/schema/alert-rule'
import { Line } from '../../shared/schema/line'
import { MonitorFromTask } from '../../shared/schema/monitor-task'
import { RelianceConfig } from '../../shared/schema/reliance-config'
import { Signal } from '../../shared/schema/signal'
import { SignalLimitEntry } from '../../shared/schema/signal-limit'
import { User } from '../../shared/schema/user'
import type { CollectionName } from '../../shared/sync/collections'
import { AuthorityMalformed, TeamsWebhookAnswer, decode, rulesSnapshot, teamsDoc } from './authority-reads'
import type { Snapshot } from './replica'

/**
 * The documents an authority's answer to a write carries (update-task answers the task, PATCH of a
 * line answers the line…), so the replica takes them without reading again. Decoded with the shared
 * schemas like every read (authority-reads.ts).
 */
const one = (collection: CollectionName, id: string, data: object): Snapshot => ({
  documents: [{ collection, id, data: data as Record<string, unknown> }],
  covers: [],
  gone: [],
})

export const monitorAnswered = (body: unknown): Snapshot => {
  const monitor = decode(MonitorFromTask, body, 'monitor')
  return one('monitors', monitor.monitor_uuid, monitor)
}

export const rulesAnswered = (monitorId: string, body: unknown): Snapshot =>
  rulesSnapshot(monitorId, decode(MonitorRules, body, 'list of alert rules'))

export const lineAnswered = (body: unknown): Snapshot => {
  const line = decode(Line, body, 'line')
  return one('lines', line.id, line)
}

export const signalsAnswered = (body: unknown): Snapshot => {
  const signals = decode(Schema.Array(Signal), body, 'list of signals')
  return {
    documents: signals.map((s) => ({ collection: 'signals' as const, id: s.id, data: s })),
    covers: [],
    gone: [],
  }
}

/** Saved limit entries; an entry sent but not answered was emptied, so the signal has none now. */
export const limitsAnswered = (sent: ReadonlyArray<string>, body: unknown): Snapshot => {
  const entries = decode(Schema.Array(SignalLimitEntry), body, 'list of limits')
  const answered = new Set(entries.map((e) => e.signalUUID))
  return {
    documents: entries.map((e) => ({ collection: 'signalLimits' as const, id: e.signalUUID, data: e })),
    covers: [],
    gone: sent.filter((id) => !answered.has(id)).map((id) => ({ collection: 'signalLimits' as const, id })),
  }
}

export const webhookAnswered = (body: unknown): Snapshot => ({
  documents: [teamsDoc(decode(TeamsWebhookAnswer, body, 'Teams webhook'))],
  covers: [],
  gone: [],
})

export const relianceAnswered = (body: unknown): Snapshot => {
  const config = decode(RelianceConfig, body, 'Reliance configuration')
  return one('relianceConfigs', config.id, config)
}

export const userAnswered = (body: unknown): Snapshot => {
  const user = decode(User, body, 'user')
  return one('users', user.id, user)
}

export const goneAnswered = (refs: ReadonlyArray<readonly [CollectionName, string]>): Snapshot => ({
  documents: [],
  covers: [],
  gone: refs.map(([collection, id]) => ({ collection, id })),
})

/** The id in an answer body (`{id}`, `{uuid}` or a task's `task_uuid`). */
export function idIn(body: unknown): string {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const id = record.id ?? record.uuid ?? record.task_uuid
  if (typeof id !== 'string' || id === '') throw new AuthorityMalformed('answer (no id)')
  return id
}
