import { Result, Schema } from 'effect'
import { MonitorRules } from '../../shared/schema/alert-rule'
import { DataSource } from '../../shared/schema/data-source'
import { Line } from '../../shared/schema/line'
import { MONITOR_TYPES } from '../../shared/constants'
import { MonitorFromTask } from '../../shared/schema/monitor-task'
import { Plant, UtcIsoString } from '../../shared/schema/plant'
import { RelianceConfig } from '../../shared/schema/reliance-config'
import { Signal } from '../../shared/schema/signal'
import { SignalGroupFromWire } from '../../shared/schema/signal-group'
import { SignalLimitEntry } from '../../shared/schema/signal-limit'
import { Station } from '../../shared/schema/station'
import { User } from '../../shared/schema/user'
import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import { AuthorityMalformed } from '../domain/domain-error'
import { AuthorityRefusal, type AuthorityClient, type AuthorityRequest } from './authority-client'
import type { ReplicaDoc, Snapshot } from './replica'
import { UPSTREAM } from './upstream-paths'

/**
 * Reading the authority into the replica's terms: each `RefreshUnit` is one part of a plant (a line,
 * a monitor, a line's signals…) read with the specification's GET routes (upstream-paths.ts) and
 * decoded with the shared schemas into the documents devices replicate, together with what the read
 * covers completely (so documents it no longer lists can be deleted) and what it says is gone (a 404
 * on a read by id). An answer that does not decode is an error, never a document.
 */
export type RefreshUnit =
  | { readonly kind: 'plant' }
  | { readonly kind: 'lines' }
  | { readonly kind: 'line'; readonly lineId: string }
  /** Stations and their signals: the specification's only read of signals is per line. */
  | { readonly kind: 'lineTree'; readonly lineId: string }
  | { readonly kind: 'lineGroups'; readonly lineId: string }
  | { readonly kind: 'lineMonitors'; readonly lineId: string }
  | { readonly kind: 'lineLimits'; readonly lineId: string }
  | { readonly kind: 'monitor'; readonly monitorId: string }
  | { readonly kind: 'monitorRules'; readonly monitorId: string }
  | { readonly kind: 'teams' }
  | { readonly kind: 'reliance' }
  | { readonly kind: 'users' }
  | { readonly kind: 'dataSources' }

export { AuthorityMalformed }

/** How a unit's reads are made: with whose cookie, and (the poller) conditionally. */
export interface ReadContext {
  readonly client: AuthorityClient
  readonly cookie: string
  readonly session: Pick<Session, 'customerId' | 'plantId'>
  /** The poller's ETag cache: unchanged answers come back as the body read before. */
  readonly cache?: ConditionalCache
}

/**
 * ETags (and, for units of several reads, bodies) by request. The poller's cache takes new entries
 * only once their documents are stored, so a failed write is read again in full next time.
 */
export interface ConditionalCache {
  get(key: string): { readonly etag: string; readonly body: unknown } | undefined
  set(key: string, entry: { readonly etag: string; readonly body: unknown }): void
}

/** Reads one unit; 'unchanged' when every answer it needs was a 304 (a conditional read). */
export async function readUnit(ctx: ReadContext, unit: RefreshUnit): Promise<Snapshot | 'unchanged'> {
  const { customerId, plantId } = ctx.session
  switch (unit.kind) {
    case 'plant': {
      const got = await get(ctx, { method: 'GET', path: UPSTREAM.plant(plantId) })
      if (got.unchanged) return 'unchanged'
      return { documents: [doc('plants', decode(Plant, got.body, 'plant'))], covers: [], gone: [] }
    }
    case 'lines': {
      const got = await get(ctx, { method: 'GET', path: UPSTREAM.lines(plantId) })
      if (got.unchanged) return 'unchanged'
      const lines = decode(Schema.Array(Line), got.body, 'list of lines')
      return { documents: lines.map((l) => doc('lines', l)), covers: [{ collection: 'lines' }], gone: [] }
    }
    case 'line': {
      const got = await getOrGone(ctx, { method: 'GET', path: UPSTREAM.line(unit.lineId) })
      if (got === 'gone') return goneSnapshot([['lines', unit.lineId]])
      return { documents: [doc('lines', decode(Line, got.body, 'line'))], covers: [], gone: [] }
    }
    case 'lineTree': {
      const got = await getOrGone(ctx, { method: 'GET', path: UPSTREAM.lineStations(unit.lineId) })
      if (got === 'gone') return emptyLine(unit.lineId, ['stations', 'signals'])
      if (got.unchanged) return 'unchanged'
      const tree = decode(Schema.Array(StationWithSignals), got.body, 'station tree')
      return {
        documents: tree.flatMap(({ children, ...station }) => [
          doc('stations', station),
          ...children.map((s) => doc('signals', s)),
        ]),
        covers: lineCover(unit.lineId, ['stations', 'signals']),
        gone: [],
      }
    }
    case 'lineGroups': {
      const got = await getOrGone(ctx, {
        method: 'POST',
        path: UPSTREAM.signalGroups,
        body: { customerUuid: customerId, plantUuid: plantId, lineUuid: unit.lineId },
      })
      if (got === 'gone') return emptyLine(unit.lineId, ['signalGroups'])
      if (got.unchanged) return 'unchanged'
      const groups = decode(Schema.Array(SignalGroupFromWire), got.body, 'list of signal groups')
      return {
        documents: groups.map((g) => ({
          collection: 'signalGroups' as const,
          id: g.signalGroupUuid,
          data: { ...g, lineId: unit.lineId },
        })),
        covers: lineCover(unit.lineId, ['signalGroups']),
        gone: [],
      }
    }
    case 'lineMonitors': {
      const answers = []
      for (const type of MONITOR_TYPES) {
        const got = await getOrGone(ctx, { method: 'GET', path: UPSTREAM.tasks(unit.lineId, type) }, true)
        if (got === 'gone') return emptyLine(unit.lineId, ['monitors'])
        answers.push(got)
      }
      if (answers.every((a) => a.unchanged)) return 'unchanged'
      const monitors = answers.flatMap((a) =>
        decode(Schema.Array(MonitorFromTask), a.body, 'list of monitors'),
      )
      return {
        documents: monitors.map((m) => ({ collection: 'monitors' as const, id: m.monitor_uuid, data: m })),
        covers: [{ collection: 'monitors', fields: { 'monitor_filter.line_uuid': unit.lineId } }],
        gone: [],
      }
    }
    case 'lineLimits': {
      const got = await getOrGone(ctx, { method: 'GET', path: UPSTREAM.signalLimits(unit.lineId) })
      if (got === 'gone') return emptyLine(unit.lineId, ['signalLimits'])
      if (got.unchanged) return 'unchanged'
      const entries = decode(Schema.Array(SignalLimitEntry), got.body, 'list of limits')
      return {
        documents: entries.map((e) => ({ collection: 'signalLimits' as const, id: e.signalUUID, data: e })),
        covers: [{ collection: 'signalLimits', fields: { lineUUID: unit.lineId } }],
        gone: [],
      }
    }
    case 'monitor': {
      const got = await getOrGone(ctx, {
        method: 'POST',
        path: UPSTREAM.getMonitorById,
        body: { taskId: unit.monitorId },
      })
      if (got === 'gone')
        return goneSnapshot([
          ['monitors', unit.monitorId],
          ['monitorRules', unit.monitorId],
        ])
      const monitor = decode(MonitorFromTask, got.body, 'monitor')
      return {
        documents: [{ collection: 'monitors', id: monitor.monitor_uuid, data: monitor }],
        covers: [],
        gone: [],
      }
    }
    case 'monitorRules': {
      const got = await getOrGone(ctx, { method: 'GET', path: UPSTREAM.monitorRules(unit.monitorId) })
      if (got === 'gone') return goneSnapshot([['monitorRules', unit.monitorId]])
      if (got.unchanged) return 'unchanged'
      return rulesSnapshot(unit.monitorId, decode(MonitorRules, got.body, 'list of alert rules'))
    }
    case 'teams': {
      const got = await get(ctx, { method: 'GET', path: UPSTREAM.teamsWebhooks(plantId) })
      if (got.unchanged) return 'unchanged'
      const hooks = decode(Schema.Array(TeamsWebhookAnswer), got.body, 'list of Teams webhooks')
      return {
        documents: hooks.map(teamsDoc),
        covers: [{ collection: 'teamsWebhooks' }],
        gone: [],
      }
    }
    case 'reliance': {
      let got: Got
      try {
        got = await get(ctx, { method: 'GET', path: UPSTREAM.relianceConfigs(plantId) })
      } catch (err) {
        // Without the ETQ flag the integration does not exist for the plant: none replicated.
        if (err instanceof AuthorityRefusal && (err.status === 403 || err.status === 404))
          return { documents: [], covers: [{ collection: 'relianceConfigs' }], gone: [] }
        throw err
      }
      if (got.unchanged) return 'unchanged'
      const byLine = decode(Schema.Record(Schema.String, RelianceConfig), got.body, 'Reliance configurations')
      return {
        documents: Object.values(byLine).map((c) => doc('relianceConfigs', c)),
        covers: [{ collection: 'relianceConfigs' }],
        gone: [],
      }
    }
    case 'users': {
      const got = await get(ctx, { method: 'GET', path: UPSTREAM.users })
      if (got.unchanged) return 'unchanged'
      const users = decode(Schema.Array(User), got.body, 'list of users')
      return { documents: users.map((u) => doc('users', u)), covers: [{ collection: 'users' }], gone: [] }
    }
    case 'dataSources': {
      const got = await get(ctx, { method: 'GET', path: UPSTREAM.dataSources(plantId) })
      if (got.unchanged) return 'unchanged'
      const sources = decode(Schema.Array(DataSource), got.body, 'list of data sources')
      return {
        documents: sources.map((s) => doc('dataSources', s)),
        covers: [{ collection: 'dataSources' }],
        gone: [],
      }
    }
  }
}

/**
 * A monitor's rules. The REST read answers a list, empty when the monitor has none, and cannot tell
 * "no rules document" from "an empty one": in the replica every monitor the authority has has a
 * rules document, empty or not — which the screens show alike (all rules off).
 */
export function rulesSnapshot(monitorId: string, rules: ReadonlyArray<unknown>): Snapshot {
  return {
    documents: [{ collection: 'monitorRules', id: monitorId, data: { monitorId, rules } }],
    covers: [],
    gone: [],
  }
}

/** A Teams webhook as the authority lists it: the specification's answer has no URL (ours adds it). */
export const TeamsWebhookAnswer = Schema.Struct({
  id: Schema.NonEmptyString,
  lineId: Schema.NonEmptyString,
  url: Schema.optionalKey(Schema.String),
  lastModifiedDateTime: UtcIsoString,
})

/** A webhook document; without a URL in the answer, the replica keeps the one it holds. */
export function teamsDoc(hook: typeof TeamsWebhookAnswer.Type): ReplicaDoc {
  const { url, ...rest } = hook
  return url === undefined
    ? { collection: 'teamsWebhooks', id: hook.id, data: { ...rest, url: '' }, keepFields: ['url'] }
    : { collection: 'teamsWebhooks', id: hook.id, data: { ...rest, url } }
}

const StationWithSignals = Schema.Struct({ ...Station.fields, children: Schema.Array(Signal) })

export function decode<S extends Schema.Decoder<unknown>>(schema: S, body: unknown, what: string): S['Type'] {
  const result = Schema.decodeUnknownResult(schema)(body)
  if (Result.isFailure(result)) throw new AuthorityMalformed(what)
  return result.success
}

const doc = (collection: CollectionName, data: { readonly id: string }): ReplicaDoc => ({
  collection,
  id: data.id,
  data: data as unknown as Record<string, unknown>,
})

const goneSnapshot = (refs: ReadonlyArray<readonly [CollectionName, string]>): Snapshot => ({
  documents: [],
  covers: [],
  gone: refs.map(([collection, id]) => ({ collection, id })),
})

const LINE_FIELD: Partial<Record<CollectionName, string>> = {
  stations: 'lineId',
  signals: 'lineId',
  signalGroups: 'lineId',
  signalLimits: 'lineUUID',
}

const lineCover = (lineId: string, collections: ReadonlyArray<CollectionName>) =>
  collections.map((collection) => ({ collection, fields: { [LINE_FIELD[collection]!]: lineId } }))

/** A line the authority no longer knows: none of its documents of these collections remain. */
const emptyLine = (lineId: string, collections: ReadonlyArray<CollectionName>): Snapshot => ({
  documents: [],
  covers:
    collections[0] === 'monitors'
      ? [{ collection: 'monitors', fields: { 'monitor_filter.line_uuid': lineId } }]
      : lineCover(lineId, collections),
  gone: [],
})

type Got = { readonly unchanged: boolean; readonly body: unknown }

/**
 * A read (GET, or a read by POST such as the signal groups), conditional when the poller asks. The
 * body is kept beside the ETag only for units of several reads (`keepBody`), which need the unchanged
 * parts to say what the whole covers; a bulk unit (a line's signals) keeps only its ETag.
 */
async function get(ctx: ReadContext, request: AuthorityRequest, keepBody = false): Promise<Got> {
  const key = `${request.method} ${request.path}`
  const cached = request.method === 'GET' ? ctx.cache?.get(key) : undefined
  const answer = await ctx.client.request(ctx.cookie, request, cached ? { ifNoneMatch: cached.etag } : {})
  if (answer.status === 304 && cached) return { unchanged: true, body: cached.body }
  if (answer.etag && ctx.cache && request.method === 'GET')
    ctx.cache.set(key, { etag: answer.etag, body: keepBody ? answer.body : undefined })
  return { unchanged: false, body: answer.body }
}

/** A read of one thing by id: 404 says it is gone. */
async function getOrGone(
  ctx: ReadContext,
  request: AuthorityRequest,
  keepBody = false,
): Promise<Got | 'gone'> {
  try {
    return await get(ctx, request, keepBody)
  } catch (err) {
    if (err instanceof AuthorityRefusal && err.status === 404) return 'gone'
    throw err
  }
}
