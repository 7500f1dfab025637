import type { Signal } from '../../shared/schema/signal'
import { SignalLimitEntry } from '../../shared/schema/signal-limit'
import { limitsToSave, validateLimitEntryRows } from '../../shared/validation/limit-entry-rules'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { decodeInput } from '../http/body'
import type { Executor } from '../store/documents'
import type { CollectionRules } from './collection-rules'
import { badRequest } from './domain-error'
import { findVisible, plantFeatureFlags } from './line-documents'

/**
 * Capability limits of one signal (CAPL-02..04), keyed by the signal's id. The rows are the
 * client's; line, station, signal name and single side are copied from the signal, which is
 * authoritative for them.
 */
export async function prepareLimitEntry(
  ex: Executor,
  session: Session,
  signalId: string,
  entry: SignalLimitEntry,
  previous: SignalLimitEntry | undefined,
): Promise<SignalLimitEntry> {
  const signal = await findVisible<Signal>(ex, session, 'signals', signalId)
  // The signal must exist in the line the entry names (an entry never moves between lines).
  if (!signal || signal.data.lineId !== entry.lineUUID) {
    throw badRequest(Messages.signals.signalNotFound, { signalUUID: signalId })
  }
  const flags = await plantFeatureFlags(ex, session)
  const side = flags.singleSidedLimits ? signal.data.singleSide : null
  const [first, ...rest] = validateLimitEntryRows(entry.limits, side, previous?.limits ?? [])
  if (first) throw badRequest(first.message, { issues: [first, ...rest] })
  return {
    lineUUID: signal.data.lineId,
    station: signal.data.stationName,
    signalUUID: signalId,
    signalName: signal.data.name,
    singleSide: signal.data.singleSide,
    limits: limitsToSave(entry.limits, flags.limits),
  }
}

export const signalLimitRules: CollectionRules<SignalLimitEntry> = {
  collection: 'signalLimits',
  scope: 'plant',
  // Any signal may get limits, and removing them all is an ordinary edit.
  deletable: true,
  authorize() {},
  decode: (data) => decodeInput(SignalLimitEntry, data),
  validate: (ctx, change) =>
    prepareLimitEntry(ctx.tx, ctx.session, change.id, change.next as SignalLimitEntry, change.previous?.data),
}
