import type { FeatureFlags } from '../../shared/schema/plant'
import { canonicalClassificationOrder, type Signal } from '../../shared/schema/signal'
import { deepEqual } from '../../shared/sync/deep-equal'
import { Messages } from '../../shared/validation/messages'
import {
  SignalLinkMessages,
  linksChanged,
  validateSignalLinks,
  withEntityType,
} from '../../shared/validation/signal-link-rules'
import { friendlyNameToSave } from '../../shared/validation/signal-rules'
import { badRequest } from './domain-error'

/**
 * The rules of one signal change, as a pure function so that a REST batch can check every change
 * against the combined result before writing any (signal-batch.ts), and a replicated push checks
 * against the stored line. Returns the document to store or throws 400 with the rule's message.
 *
 * - name, stationId, stationName, lineId and id are the server's;
 * - an entity-type change away from MEASUREMENT drops the signal's own links and distribution
 *   (the links other signals hold to it are dropped by the write's side effect, `dissociatedBy`);
 * - links and distribution are checked only when they change, so an old inconsistency never blocks
 *   an unrelated edit such as a friendly name;
 * - classifications change only on RESULT signals (the drawer shows only those, SM-11).
 */
export function prepareSignal(
  previous: Signal,
  next: Signal,
  signalsById: ReadonlyMap<string, Signal>,
  flags: Pick<FeatureFlags, 'singleSidedLimits'>,
): Signal {
  let signal: Signal = {
    ...next,
    id: previous.id,
    name: previous.name,
    stationId: previous.stationId,
    stationName: previous.stationName,
    lineId: previous.lineId,
    friendlyName: next.friendlyName === null ? null : friendlyNameToSave(next.friendlyName),
    resultClassifications: canonicalClassificationOrder(next.resultClassifications),
  }
  if (signal.entityType !== previous.entityType) signal = withEntityType(signal, signal.entityType)

  if (signal.singleSide !== previous.singleSide && signal.singleSide !== null) {
    if (signal.entityType !== 'MEASUREMENT')
      throw badRequest(SignalLinkMessages.singleSideOnlyForMeasurements)
  }
  if (linksChanged(previous, signal)) {
    const all = new Map(signalsById)
    all.set(signal.id, signal)
    const [first, ...rest] = validateSignalLinks(signal, all, flags.singleSidedLimits)
    if (first) throw badRequest(first.message, { issues: [first, ...rest] })
  }
  if (
    signal.entityType !== 'RESULT' &&
    !deepEqual(signal.resultClassifications, canonicalClassificationOrder(previous.resultClassifications))
  ) {
    throw badRequest(Messages.classifications.allMustBeResult)
  }
  return signal
}
