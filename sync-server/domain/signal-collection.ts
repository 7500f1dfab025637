import { Signal } from '../../shared/schema/signal'
import { dissociatedBy } from '../../shared/validation/signal-link-rules'
import { decodeInput } from '../http/body'
import { getDocuments, listDocuments, type Executor } from '../store/documents'
import type { Session } from '../auth/session'
import { writeSideEffect } from './apply-change'
import type { CollectionRules } from './collection-rules'
import { plantFeatureFlags, requireExisting } from './line-documents'
import { prepareSignal } from './signal-changes'

/** Signals (SM-05..SM-11): labeling is the client's, identity and place the server's. */

export async function signalsOfLine(ex: Executor, session: Session, lineId: string) {
  return listDocuments<Signal>(ex, session.customerId, 'signals', {
    plantId: session.plantId,
    fields: { lineId },
  })
}

export const signalRules: CollectionRules<Signal> = {
  collection: 'signals',
  scope: 'plant',
  deletable: false,
  authorize(_session, change) {
    requireExisting(change)
  },
  decode: (data) => decodeInput(Signal, data),
  async validate(ctx, change) {
    const previous = requireExisting(change).data
    const next = change.next as Signal
    // Only the signals this one links to are needed to check its links (not the whole line).
    const targets = [next.upperLimit, next.lowerLimit, ...next.result].filter(
      (id): id is string => id !== null,
    )
    const linked = await getDocuments<Signal>(ctx.tx, ctx.session.customerId, 'signals', targets)
    const visible = linked.filter((s) => !s.deleted && s.plantId === ctx.session.plantId)
    const flags = await plantFeatureFlags(ctx.tx, ctx.session)
    return prepareSignal(previous, next, new Map(visible.map((s) => [s.id, s.data])), flags)
  },
  async afterWrite(ctx, change, stored) {
    // An entity-type change unlinks the measurements whose links to this signal no longer fit.
    if (change.previous?.data.entityType === stored.data.entityType) return
    const line = await signalsOfLine(ctx.tx, ctx.session, stored.data.lineId)
    const plantOf = new Map(line.map((s) => [s.id, s.plantId]))
    for (const other of dissociatedBy(
      stored.data,
      line.map((s) => s.data),
    )) {
      await writeSideEffect(ctx, 'signals', other.id, plantOf.get(other.id) ?? stored.plantId, { ...other })
    }
  },
}
