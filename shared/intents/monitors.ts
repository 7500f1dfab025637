import { Schema } from 'effect'
import { CAP_TASK_DEFAULT_ALERT_THRESHOLD, CAP_TASK_DEFAULT_FREQUENCY_MINUTES } from '../constants'
import { ValidMonitor, newMonitorDraft, type Monitor } from '../schema/monitor'
import { ValidMonitorRules } from '../schema/monitor-rules-document'
import { defaultMonitorPeriod } from '../schema/monitor-period'
import type { MonitorRules } from '../schema/alert-rule'
import { deepEqual } from '../sync/deep-equal'
import { Messages } from '../validation/messages'
import { findDuplicateMonitor, sameMonitorSettings } from '../validation/monitor-duplicate'
import { validateMonitorReferences } from '../validation/monitor-references'
import { nextDefaultMonitorName } from '../validation/monitor-rules'
import { classificationsOfSelection, validateMonitorQuery } from '../validation/monitor-query-rules'
import type { FieldErrors } from '../validation/field-error'
import { fixedClock } from '../time/clock'
import type { DocSet } from './doc-set'
import {
  IntentRejected,
  defineIntent,
  rejectInvalid,
  rejectNotFound,
  type DocumentRead,
  type IntentEnv,
} from './intent'
import { monitorsOfLineRead, recountActiveMonitors } from './line-monitors'
import { actorPlantRead, requireFeature } from './plant-flags'

/**
 * Monitors (MON, MADM, CAPA-02): creating and editing one together with its alert rules (one action,
 * so the rules can never arrive before their monitor), switching it on or off, its exclusion switches,
 * deleting it with its rules, saving its rules alone, and the Cap Alerts toggle. Every change keeps
 * the line's active monitor count (LINE-08).
 */
const M = Messages.monitor

export const CreateMonitorArgs = Schema.Struct({
  monitor: ValidMonitor,
  rules: Schema.optionalKey(ValidMonitorRules),
})
export type CreateMonitorArgs = typeof CreateMonitorArgs.Type
export const UpdateMonitorArgs = CreateMonitorArgs
export type UpdateMonitorArgs = CreateMonitorArgs

const MonitorId = { monitorId: Schema.NonEmptyString }
export const SetMonitorActiveArgs = Schema.Struct({ ...MonitorId, active: Schema.Boolean })
export type SetMonitorActiveArgs = typeof SetMonitorActiveArgs.Type
export const UpdateMonitorSwitchesArgs = Schema.Struct({
  ...MonitorId,
  active: Schema.optionalKey(Schema.Boolean),
  useExcludedPartIds: Schema.optionalKey(Schema.Boolean),
  useExcludedModelNumbers: Schema.optionalKey(Schema.Boolean),
})
export type UpdateMonitorSwitchesArgs = typeof UpdateMonitorSwitchesArgs.Type
export const DeleteMonitorArgs = Schema.Struct(MonitorId)
export type DeleteMonitorArgs = typeof DeleteMonitorArgs.Type
export const SaveAlertRulesArgs = Schema.Struct({ ...MonitorId, rules: ValidMonitorRules })
export type SaveAlertRulesArgs = typeof SaveAlertRulesArgs.Type
export const SetCapAlertArgs = Schema.Struct({
  signalId: Schema.NonEmptyString,
  active: Schema.Boolean,
  /** The uuid the cap monitor gets if this toggle creates it (minted by the device). */
  newMonitorId: Schema.NonEmptyString,
})
export type SetCapAlertArgs = typeof SetCapAlertArgs.Type

/** MON-06/07: a new monitor and its rules, checked for references and duplicates first. */
export const createMonitor = defineIntent<CreateMonitorArgs>({
  name: 'createMonitor',
  args: CreateMonitorArgs,
  reads: ({ monitor }, env) => monitorSaveReads(monitor, env),
  followUp: ({ monitor }, docs) => resultSignalReads(monitor, docs),
  edits: () => [],
  apply(docs, { monitor, rules }, env) {
    const next = scoped(monitor, env)
    const existing = docs.get('monitors', next.monitor_uuid)
    if (existing) {
      // The same create again (a retried request) changes nothing; another one onto a taken uuid is
      // refused. A period the first create defaulted is not a difference.
      const defaulted = monitor.monitor_filter.period === undefined
      const again = defaulted ? withPeriodOf(next, existing) : next
      if (deepEqual(existing, again)) return
      throw new IntentRejected(409, 'CONFLICT', Messages.server.conflict, { task_uuid: next.monitor_uuid })
    }
    checkFeatures(docs, env, next, undefined)
    checkMonitor(docs, next, undefined, env)
    docs.put('monitors', next.monitor_uuid, next)
    if (rules) docs.put('monitorRules', next.monitor_uuid, { monitorId: next.monitor_uuid, rules })
    recountActiveMonitors(docs, [next.monitor_filter.line_uuid])
  },
  describe: ({ monitor }) => `Create monitor ${monitor.monitor_name}`,
})

/** MON-06: an edited monitor and (when given) its rules, as one action. */
export const updateMonitor = defineIntent<UpdateMonitorArgs>({
  name: 'updateMonitor',
  args: UpdateMonitorArgs,
  reads: ({ monitor }, env) => [
    ...monitorSaveReads(monitor, env),
    { collection: 'monitorRules', ids: [monitor.monitor_uuid] },
  ],
  followUp: ({ monitor }, docs) => [
    ...previousLineReads(docs, monitor.monitor_uuid),
    ...resultSignalReads(monitor, docs),
  ],
  edits: ({ monitor }) => [
    { collection: 'monitors', id: monitor.monitor_uuid },
    { collection: 'monitorRules', id: monitor.monitor_uuid },
  ],
  apply(docs, { monitor, rules }, env) {
    const previous = docs.get('monitors', monitor.monitor_uuid) ?? rejectNotFound(M.notFound)
    const next = scoped(monitor, env)
    checkFeatures(docs, env, next, previous)
    checkMonitor(docs, next, previous, env)
    docs.put('monitors', next.monitor_uuid, next)
    if (rules) docs.put('monitorRules', next.monitor_uuid, { monitorId: next.monitor_uuid, rules })
    recountActiveMonitors(docs, [previous.monitor_filter.line_uuid, next.monitor_filter.line_uuid])
  },
  describe: ({ monitor }) => `Edit monitor ${monitor.monitor_name}`,
})

/** MADM-03: the grids' Active toggle. */
export const setMonitorActive = defineIntent<SetMonitorActiveArgs>({
  name: 'setMonitorActive',
  args: SetMonitorActiveArgs,
  reads: ({ monitorId }) => [{ collection: 'monitors', ids: [monitorId] }],
  followUp: ({ monitorId }, docs) => previousLineReads(docs, monitorId),
  edits: ({ monitorId }) => [{ collection: 'monitors', id: monitorId }],
  apply: (docs, { monitorId, active }) => switchMonitor(docs, monitorId, { active }),
  describe: ({ monitorId, active }, docs) =>
    `${active ? 'Start' : 'Stop'} monitor ${nameOf(docs, monitorId)}`,
})

/** The CAP service's PATCH (monitors §7): active and the two exclusion switches (CAPA-04). */
export const updateMonitorSwitches = defineIntent<UpdateMonitorSwitchesArgs>({
  name: 'updateMonitorSwitches',
  args: UpdateMonitorSwitchesArgs,
  reads: ({ monitorId }, env) => [{ collection: 'monitors', ids: [monitorId] }, actorPlantRead(env)],
  followUp: ({ monitorId }, docs) => previousLineReads(docs, monitorId),
  edits: ({ monitorId }) => [{ collection: 'monitors', id: monitorId }],
  apply(docs, { monitorId, active, useExcludedPartIds, useExcludedModelNumbers }, env) {
    const monitor = docs.get('monitors', monitorId) ?? rejectNotFound(M.notFound)
    checkFeatures(
      docs,
      env,
      {
        ...monitor,
        use_excluded_part_ids: useExcludedPartIds ?? monitor.use_excluded_part_ids,
        use_excluded_model_numbers: useExcludedModelNumbers ?? monitor.use_excluded_model_numbers,
      },
      monitor,
    )
    switchMonitor(docs, monitorId, {
      ...(active === undefined ? {} : { active }),
      ...(useExcludedPartIds === undefined ? {} : { use_excluded_part_ids: useExcludedPartIds }),
      ...(useExcludedModelNumbers === undefined
        ? {}
        : { use_excluded_model_numbers: useExcludedModelNumbers }),
    })
  },
  describe: ({ monitorId }, docs) => `Change switches of monitor ${nameOf(docs, monitorId)}`,
})

/** MADM-04: a deleted monitor takes its alert rules with it. */
export const deleteMonitor = defineIntent<DeleteMonitorArgs>({
  name: 'deleteMonitor',
  args: DeleteMonitorArgs,
  reads: ({ monitorId }) => [
    { collection: 'monitors', ids: [monitorId] },
    { collection: 'monitorRules', ids: [monitorId] },
  ],
  followUp: ({ monitorId }, docs) => previousLineReads(docs, monitorId),
  edits: () => [],
  apply(docs, { monitorId }) {
    const monitor = docs.get('monitors', monitorId) ?? rejectNotFound(M.notFound)
    docs.remove('monitors', monitorId)
    if (docs.get('monitorRules', monitorId)) docs.remove('monitorRules', monitorId)
    recountActiveMonitors(docs, [monitor.monitor_filter.line_uuid])
  },
  describe: ({ monitorId }, docs) => `Delete monitor ${nameOf(docs, monitorId)}`,
})

/** RULE-04: the rules of an existing monitor (the Cap Alert Rules dialog, the rules form). */
export const saveAlertRules = defineIntent<SaveAlertRulesArgs>({
  name: 'saveAlertRules',
  args: SaveAlertRulesArgs,
  reads: ({ monitorId }) => [
    { collection: 'monitors', ids: [monitorId] },
    { collection: 'monitorRules', ids: [monitorId] },
  ],
  edits: ({ monitorId }) => [{ collection: 'monitorRules', id: monitorId }],
  apply(docs, { monitorId, rules }) {
    if (!docs.get('monitors', monitorId)) rejectNotFound(M.notFound)
    docs.put('monitorRules', monitorId, { monitorId, rules: rules as MonitorRules })
  },
  describe: ({ monitorId }, docs) => `Save alert rules of ${nameOf(docs, monitorId)}`,
})

/** CAPA-02: the Cap Alerts toggle; switching on creates the signal's cap monitor when it has none. */
export const setCapAlert = defineIntent<SetCapAlertArgs>({
  name: 'setCapAlert',
  args: SetCapAlertArgs,
  reads: ({ signalId }) => [
    { collection: 'signals', ids: [signalId] },
    { collection: 'monitors', where: { monitor_type: 'cap' } },
  ],
  followUp: ({ signalId }, docs) => {
    const lineId = docs.get('signals', signalId)?.lineId
    return lineId ? [{ collection: 'lines', ids: [lineId] }, monitorsOfLineRead(lineId)] : []
  },
  edits: () => [],
  apply(docs, { signalId, active, newMonitorId }, env) {
    const signal = docs.get('signals', signalId) ?? rejectNotFound(Messages.signals.signalNotFound)
    const ofLine = docs
      .all('monitors')
      .filter((m) => m.monitor_type === 'cap' && m.monitor_filter.line_uuid === signal.lineId)
    const existing = ofLine.find((m) => m.monitor_filter.signal_uuids.includes(signalId))
    if (existing) return switchMonitor(docs, existing.monitor_uuid, { active })
    if (!active) return
    const draft = newMonitorDraft('cap', {
      cust_uuid: env.actor.customerId,
      plant_uuid: env.actor.plantId,
      line_uuid: signal.lineId,
    })
    const monitor: Monitor = {
      ...draft,
      monitor_uuid: newMonitorId,
      monitor_name: nextDefaultMonitorName(
        'cap',
        ofLine.map((m) => m.monitor_name),
      ),
      frequency: CAP_TASK_DEFAULT_FREQUENCY_MINUTES,
      monitor_filter: {
        ...draft.monitor_filter,
        signal_uuids: [signalId],
        alert_threshold: CAP_TASK_DEFAULT_ALERT_THRESHOLD,
      },
    }
    if (docs.get('monitors', newMonitorId))
      throw new IntentRejected(409, 'CONFLICT', Messages.server.conflict)
    checkMonitor(docs, monitor, undefined, env)
    docs.put('monitors', newMonitorId, monitor)
    recountActiveMonitors(docs, [signal.lineId])
  },
  describe: ({ signalId, active }, docs) => {
    const signal = docs.get('signals', signalId)
    return `${active ? 'Turn on' : 'Turn off'} cap alerts of ${signal?.friendlyName || signal?.name || signalId}`
  },
})

/** What saving a monitor needs: its line and lines' monitors, the signals and groups it names, and its type's monitors (duplicates). */
function monitorSaveReads(monitor: Monitor, env: IntentEnv): ReadonlyArray<DocumentRead> {
  const lineId = monitor.monitor_filter.line_uuid
  return [
    actorPlantRead(env),
    { collection: 'monitors', ids: [monitor.monitor_uuid] },
    { collection: 'monitors', where: { monitor_type: monitor.monitor_type } },
    ...(lineId ? [{ collection: 'lines', ids: [lineId] } as const, monitorsOfLineRead(lineId)] : []),
    {
      collection: 'signals',
      ids: [
        ...monitor.monitor_filter.signal_uuids,
        ...monitor.monitor_filter.part_attributes.map((a) => a.attributeUuid),
      ],
    },
    { collection: 'signalGroups', ids: monitor.monitor_filter.signal_group_uuids },
  ]
}

/** The result signals linked to the selected measurements: their classifications are the ones offered (FLT-08). */
function resultSignalReads(monitor: Monitor, docs: DocSet): ReadonlyArray<DocumentRead> {
  if ((monitor.monitor_filter.result_classifications ?? []).length === 0) return []
  const ids = monitor.monitor_filter.signal_uuids.flatMap((id) => docs.get('signals', id)?.result ?? [])
  return ids.length === 0 ? [] : [{ collection: 'signals', ids }]
}

/** The line a stored monitor is on now, and that line's monitors (for its count). */
function previousLineReads(docs: DocSet, monitorId: string): ReadonlyArray<DocumentRead> {
  const lineId = docs.get('monitors', monitorId)?.monitor_filter.line_uuid
  return lineId ? [{ collection: 'lines', ids: [lineId] }, monitorsOfLineRead(lineId)] : []
}

/**
 * The monitor belongs to the actor's customer and plant, whatever the device sent there. An SVD or
 * MVD monitor sent without a period (a REST client's) gets the defined default at the acting host's
 * time, so every stored one has the period it trains on.
 */
const scoped = (monitor: Monitor, env: IntentEnv): Monitor => ({
  ...monitor,
  monitor_filter: {
    ...monitor.monitor_filter,
    cust_uuid: env.actor.customerId,
    plant_uuid: env.actor.plantId,
    ...(monitor.monitor_type === 'cap' || monitor.monitor_filter.period
      ? {}
      : { period: defaultMonitorPeriod(env.now) }),
  },
})

/**
 * SHELL-03: creating an MVD monitor needs the multi-variate creation flag; switching an exclusion on
 * needs the exclude-parts flag. What a monitor already holds may stay, so it can still be edited or
 * switched off after its plant lost the flag.
 */
function checkFeatures(docs: DocSet, env: IntentEnv, next: Monitor, previous: Monitor | undefined): void {
  if (next.monitor_type === 'mvd' && previous?.monitor_type !== 'mvd')
    requireFeature(docs, env, 'multiVariateCreation')
  const switchedOn = (key: 'use_excluded_part_ids' | 'use_excluded_model_numbers') =>
    next[key] && previous?.[key] !== true
  if (switchedOn('use_excluded_part_ids') || switchedOn('use_excluded_model_numbers'))
    requireFeature(docs, env, 'excludeParts')
}

/**
 * The rules that need other documents: the line exists, the signals and groups are that line's, an
 * inactive line's monitor is not started, and no other monitor has the same settings (MON-07). A
 * monitor whose settings did not change may be renamed or toggled even if it already collides.
 */
function checkMonitor(docs: DocSet, next: Monitor, previous: Monitor | undefined, env: IntentEnv): void {
  const lineId = next.monitor_filter.line_uuid
  const line = docs.get('lines', lineId) ?? rejectNotFound(Messages.lines.unableToFind)
  const lineOf = (collection: 'signals' | 'signalGroups', ids: ReadonlyArray<string>) =>
    new Map(
      ids.flatMap((id) => {
        const doc = docs.get(collection, id)
        return doc ? [[id, doc.lineId] as const] : []
      }),
    )
  const wasActive = previous?.active === true && previous.monitor_filter.line_uuid === lineId
  const referenceErrors = validateMonitorReferences(
    next,
    {
      lineActive: line.active,
      signalLines: lineOf('signals', next.monitor_filter.signal_uuids),
      groupLines: lineOf('signalGroups', next.monitor_filter.signal_group_uuids),
    },
    wasActive,
  )
  // FLT-08..10: the same query rules the form runs, at the acting host's time.
  const errors = [...referenceErrors, ...queryErrors(docs, next, env)]
  const first = errors[0]
  if (first)
    rejectInvalid(first.message, { issues: errors.map((e) => ({ path: e.path, message: e.message })) })
  if (previous && sameMonitorSettings(previous, next)) return
  const sameType = docs.all('monitors').filter((m) => m.monitor_type === next.monitor_type)
  const duplicate = findDuplicateMonitor(next, sameType)
  if (duplicate) {
    throw new IntentRejected(409, 'DUPLICATE_MONITOR', M.duplicateBody(duplicate.monitor_name), {
      task_uuid: duplicate.monitor_uuid,
      monitor_uuid: duplicate.monitor_uuid,
      monitor_name: duplicate.monitor_name,
    })
  }
}

function queryErrors(docs: DocSet, monitor: Monitor, env: IntentEnv): FieldErrors {
  const f = monitor.monitor_filter
  const attributeIds = f.part_attributes
    .map((a) => a.attributeUuid)
    .filter((id) => {
      const signal = docs.get('signals', id)
      return signal?.entityType === 'PART_ATTRIBUTE' && signal.lineId === f.line_uuid
    })
  const classifications = classificationsOfSelection(f.signal_uuids, (id) => docs.get('signals', id)).values
  return validateMonitorQuery(
    monitor,
    { knownAttributeIds: attributeIds, classifications },
    fixedClock(env.now),
  )
}

const withPeriodOf = (monitor: Monitor, from: Monitor): Monitor => {
  const { period: _period, ...filter } = monitor.monitor_filter
  const period = from.monitor_filter.period
  return { ...monitor, monitor_filter: period ? { ...filter, period } : filter }
}

type Switches = Partial<Pick<Monitor, 'active' | 'use_excluded_part_ids' | 'use_excluded_model_numbers'>>

function switchMonitor(docs: DocSet, monitorId: string, switches: Switches): void {
  const monitor = docs.get('monitors', monitorId) ?? rejectNotFound(M.notFound)
  const next = { ...monitor, ...switches }
  if (next.active && !monitor.active) {
    const line = docs.get('lines', monitor.monitor_filter.line_uuid)
    if (line && !line.active) rejectInvalid(M.inactiveLine)
  }
  docs.put('monitors', monitorId, next)
  recountActiveMonitors(docs, [monitor.monitor_filter.line_uuid])
}

const nameOf = (docs: DocSet, monitorId: string) => docs.get('monitors', monitorId)?.monitor_name ?? monitorId
