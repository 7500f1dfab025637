import { Schema } from 'effect'
import { Messages } from '../validation/messages'
import { finalStationError } from '../validation/signal-rules'
import { defineIntent, rejectInvalid, rejectNotFound } from './intent'

/**
 * Stations in Signal Management (SM-04): the Final Station switch is the only thing a user sets on
 * a station; the rest comes from ingestion. It can be switched on only when the station holds a
 * result signal, and off always.
 */
export const SetStationFinalArgs = Schema.Struct({ stationId: Schema.NonEmptyString, final: Schema.Boolean })
export type SetStationFinalArgs = typeof SetStationFinalArgs.Type

/** SM-04: the Final Station switch. */
export const setStationFinal = defineIntent<SetStationFinalArgs>({
  name: 'setStationFinal',
  args: SetStationFinalArgs,
  reads: ({ stationId }) => [
    { collection: 'stations', ids: [stationId] },
    { collection: 'signals', where: { stationId } },
  ],
  edits: ({ stationId }) => [{ collection: 'stations', id: stationId }],
  apply(docs, { stationId, final }) {
    const station = docs.get('stations', stationId) ?? rejectNotFound(Messages.signals.stationNotFound)
    const signals = docs.all('signals').filter((s) => s.stationId === stationId)
    const error = finalStationError(station, signals, final)
    if (error !== undefined) rejectInvalid(error)
    docs.put('stations', stationId, { ...station, final })
  },
  describe: ({ stationId, final }, docs) =>
    `${final ? 'Mark' : 'Unmark'} ${docs.get('stations', stationId)?.name ?? stationId} as Final Station`,
})
