import { Schema } from 'effect'
import { LinePatch, lineLabel, type Line } from '../schema/line'
import { findFeederCycle } from '../validation/line-rules'
import { Messages } from '../validation/messages'
import type { DocSet } from './doc-set'
import { IntentRejected, defineIntent, rejectInvalid, rejectNotFound, type IntentEnv } from './intent'
import { actorPlantRead, requireFeature } from './plant-flags'
import {
  monitorsOfLineRead,
  recountActiveMonitors,
  restoreLineMonitors,
  stopLineMonitors,
} from './line-monitors'

/**
 * Line Management (LINE-03..06): switching a line on or off, and its settings (friendly name,
 * alert thresholds, feeder lines, exclusions). Name, display name, isNewLine and the last ingested
 * time are the plant's, never the user's.
 */
const L = Messages.lines

export const SetLineActiveArgs = Schema.Struct({ lineId: Schema.NonEmptyString, active: Schema.Boolean })
export type SetLineActiveArgs = typeof SetLineActiveArgs.Type

export const UpdateLineSettingsArgs = Schema.Struct({ lineId: Schema.NonEmptyString, changes: LinePatch })
export type UpdateLineSettingsArgs = typeof UpdateLineSettingsArgs.Type

/** LINE-03: deactivating stops every monitor of the line and remembers them; reactivating restores them. */
export const setLineActive = defineIntent<SetLineActiveArgs>({
  name: 'setLineActive',
  args: SetLineActiveArgs,
  reads: ({ lineId }) => [{ collection: 'lines', ids: [lineId] }, monitorsOfLineRead(lineId)],
  edits: ({ lineId }) => [{ collection: 'lines', id: lineId }],
  apply: (docs, { lineId, active }) => changeLine(docs, lineId, { active }),
  describe: ({ lineId, active }, docs) => `${active ? 'Activate' : 'Deactivate'} ${labelOf(docs, lineId)}`,
})

/** LINE-04/05/06: any subset of the line's settings; a feeder change is checked for loops. */
export const updateLineSettings = defineIntent<UpdateLineSettingsArgs>({
  name: 'updateLineSettings',
  args: UpdateLineSettingsArgs,
  reads: ({ lineId, changes }, env) => [
    // Feeder loops need every line of the plant; other edits only this one.
    changes.feederLineIds ? { collection: 'lines', all: true } : { collection: 'lines', ids: [lineId] },
    monitorsOfLineRead(lineId),
    actorPlantRead(env),
  ],
  edits: ({ lineId }) => [{ collection: 'lines', id: lineId }],
  apply(docs, { lineId, changes }, env) {
    checkLineFeatures(docs, env, lineId, changes)
    changeLine(docs, lineId, changes)
  },
  describe: ({ lineId, changes }, docs) => {
    const fields = Object.keys(changes).map((f) => FIELD_LABELS[f] ?? f)
    return `Change ${fields.join(', ')} of ${labelOf(docs, lineId)}`
  },
})

const FIELD_LABELS: Readonly<Record<string, string>> = {
  active: 'Active',
  friendlyName: L.friendlyNameLabel,
  ingestionThresholdHours: L.noDataAlertLabel,
  alertViewingWindowDays: L.alertDisplayedLabel,
  feederLineIds: 'Feeder lines',
  excludedPartIds: 'Excluded part ids',
  excludedModelNumbers: 'Excluded model numbers',
}

/**
 * SHELL-03: feeder lines are part marriage; excluded parts and model numbers are the exclude-parts
 * feature. Sending the values the line already holds is no change, so it passes with the flag off.
 */
function checkLineFeatures(docs: DocSet, env: IntentEnv, lineId: string, changes: LinePatch): void {
  const line = docs.get('lines', lineId)
  if (!line) return
  if (changes.feederLineIds && !sameSet(line.feederLineIds, changes.feederLineIds))
    requireFeature(docs, env, 'partMarriage')
  const excluded = (key: 'excludedPartIds' | 'excludedModelNumbers') => {
    const value = changes[key]
    return value !== undefined && !sameSet(line[key], value)
  }
  if (excluded('excludedPartIds') || excluded('excludedModelNumbers'))
    requireFeature(docs, env, 'excludeParts')
}

function changeLine(docs: DocSet, lineId: string, changes: LinePatch): void {
  const line = docs.get('lines', lineId) ?? rejectNotFound(L.unableToFind)
  const next: Line = {
    ...line,
    ...changes,
    // A feeder listed twice is the same link.
    ...(changes.feederLineIds ? { feederLineIds: [...new Set(changes.feederLineIds)] } : {}),
  }
  if (changes.feederLineIds && !sameSet(line.feederLineIds, next.feederLineIds)) {
    checkFeederLines(docs, lineId, next.feederLineIds)
  }
  docs.put('lines', lineId, next)
  if (next.active !== line.active) {
    if (next.active) restoreLineMonitors(docs, lineId)
    else stopLineMonitors(docs, lineId)
    recountActiveMonitors(docs, [lineId])
  }
}

/** LINE-06: a line cannot feed itself, feeders must exist, and no loop through other lines. */
function checkFeederLines(docs: DocSet, lineId: string, feederLineIds: ReadonlyArray<string>): void {
  if (feederLineIds.includes(lineId)) rejectInvalid(L.feederLineSelf, { lineId })
  const lines = docs.all('lines')
  const known = new Set(lines.map((l) => l.id))
  const unknown = feederLineIds.find((id) => !known.has(id))
  if (unknown !== undefined) rejectInvalid(L.feederLineNotFound, { lineId: unknown })
  if (findFeederCycle(lineId, feederLineIds, lines)) {
    throw new IntentRejected(409, 'CIRCULAR_FEEDER', L.circularDependency)
  }
}

const sameSet = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => {
  const sb = new Set(b)
  return new Set(a).size === sb.size && a.every((x) => sb.has(x))
}

const labelOf = (docs: DocSet, lineId: string) => {
  const line = docs.get('lines', lineId)
  return line ? lineLabel(line) : lineId
}
