import { Station } from '../../shared/schema/station'
import { decodeInput } from './decode'
import type { CollectionRules } from './collection-rules'
import { requireExisting } from './line-documents'

/**
 * Storage rules of stations. Only the Final Station label is the user's (SM-04, decided by the
 * setStationFinal intent in shared/intents/stations.ts); the rest comes from ingestion, so a
 * change keeps everything else as stored and can never create or delete a station.
 */
export const stationRules: CollectionRules<Station> = {
  collection: 'stations',
  scope: 'plant',
  deletable: false,
  authorize(_session, change) {
    requireExisting(change)
  },
  decode: (data) => decodeInput(Station, data),
  async validate(_ctx, change) {
    const previous = requireExisting(change).data
    return { ...previous, id: change.id, final: (change.next as Station).final }
  },
}
