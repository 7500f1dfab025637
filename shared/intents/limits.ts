import { Schema } from 'effect'
import { SignalLimitEntry } from '../schema/signal-limit'
import { limitsToSave, validateLimitEntryRows } from '../validation/limit-entry-rules'
import { Messages } from '../validation/messages'
import { defineIntent, rejectInvalid } from './intent'
import { actorPlantRead, featureFlagsOf } from './plant-flags'

/**
 * Cap Limits (CAPL-02..04): Save Changes stores every edited row of the grid as one action (one bad
 * cell saves nothing). Signals not sent keep their limits. Line, station, signal name and side of
 * an entry are copied from its signal, which is authoritative for them; the rows are the user's.
 */
export const SaveSignalLimitsArgs = Schema.Struct({
  lineId: Schema.NonEmptyString,
  entries: Schema.Array(SignalLimitEntry),
})
export type SaveSignalLimitsArgs = typeof SaveSignalLimitsArgs.Type

/**
 * CAPL-02/03 cell rules (a single-sided signal's locked cells stay empty, unless they held that
 * value before), CAPL-04 rows without values dropped when the limits flag is on. An entry left
 * without rows is removed: the signal then has no limits ('Show only signals with limits').
 */
export const saveSignalLimits = defineIntent<SaveSignalLimitsArgs>({
  name: 'saveSignalLimits',
  args: SaveSignalLimitsArgs,
  reads: ({ entries }, env) => {
    const ids = entries.map((e) => e.signalUUID)
    return [{ collection: 'signals', ids }, { collection: 'signalLimits', ids }, actorPlantRead(env)]
  },
  edits: ({ entries }) => entries.map((e) => ({ collection: 'signalLimits', id: e.signalUUID })),
  apply(docs, { lineId, entries }, env) {
    const flags = featureFlagsOf(docs, env)
    const ids = entries.map((e) => e.signalUUID)
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i)
    if (duplicate !== undefined) rejectInvalid(Messages.server.invalidRequest, { signalUUID: duplicate })
    for (const entry of entries) {
      const id = entry.signalUUID
      const signal = docs.get('signals', id)
      // The signal must be on the line saved (an entry never moves between lines).
      if (!signal || entry.lineUUID !== lineId || signal.lineId !== lineId) {
        rejectInvalid(Messages.signals.signalNotFound, { signalUUID: id })
      }
      const previous = docs.get('signalLimits', id)
      const side = flags.singleSidedLimits ? signal!.singleSide : null
      const [first, ...rest] = validateLimitEntryRows(entry.limits, side, previous?.limits ?? [])
      if (first) rejectInvalid(first.message, { issues: [first, ...rest] })
      const limits = limitsToSave(entry.limits, flags.limits)
      if (limits.length === 0) {
        if (previous) docs.remove('signalLimits', id)
        continue
      }
      docs.put('signalLimits', id, {
        lineUUID: signal!.lineId,
        station: signal!.stationName,
        signalUUID: id,
        signalName: signal!.name,
        singleSide: signal!.singleSide,
        limits,
      })
    }
  },
  describe: ({ entries }, docs) =>
    entries.length === 1
      ? `Save limits of ${docs.get('signals', entries[0]!.signalUUID)?.name ?? entries[0]!.signalUUID}`
      : `Save limits of ${entries.length} signals`,
})
