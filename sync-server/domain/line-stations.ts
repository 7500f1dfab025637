import type { Signal } from '../../shared/schema/signal'
import { Station } from '../../shared/schema/station'
import { finalStationError } from '../../shared/validation/signal-rules'
import { decodeInput } from '../http/body'
import { listDocuments } from '../store/documents'
import type { CollectionRules } from './collection-rules'
import { badRequest } from './domain-error'
import { requireExisting } from './line-documents'

/** Stations: only the Final Station label is the client's (SM-04); the rest comes from ingestion. */
export const stationRules: CollectionRules<Station> = {
  collection: 'stations',
  scope: 'plant',
  deletable: false,
  authorize(_session, change) {
    requireExisting(change)
  },
  decode: (data) => decodeInput(Station, data),
  async validate(ctx, change) {
    const previous = requireExisting(change).data
    const final = (change.next as Station).final
    const signals = await listDocuments<Signal>(ctx.tx, ctx.session.customerId, 'signals', {
      plantId: ctx.session.plantId,
      fields: { stationId: change.id },
    })
    const error = finalStationError(
      previous,
      signals.map((s) => s.data),
      final,
    )
    if (error !== undefined) throw badRequest(error)
    return { ...previous, id: change.id, final }
  },
}
