import { actorPlantRead, featureFlagsOf } from './plant-flags'
import type { FeatureFlags } from '../schema/plant'
import { canonicalClassificationOrder, type Signal } from '../schema/signal'
import { deepEqual } from '../sync/deep-equal'
import { Messages } from '../validation/messages'
import {
  SignalLinkMessages,
  dissociatedBy,
  linksChanged,
  validateSignalLinks,
  withEntityType,
} from '../validation/signal-link-rules'
import { friendlyNameToSave, validateSignalFriendlyName } from '../validation/signal-rules'
import type { DocSet } from './doc-set'
import { rejectInvalid, rejectNotFound, type DocumentRead, type DocumentRef, type IntentEnv } from './intent'

/**
 * What every signal intent (signals.ts, signal-associations.ts) shares: the rules of one signal
 * change, and the pipeline that applies several edits as one action — each checked, in write order,
 * against the result of the earlier ones and the dissociations they caused, so a batch is all or
 * nothing and a measurement may link to a signal whose type changes in the same action.
 */

/** One signal's edit, applied to the signal as it is when its turn comes. */
export interface SignalEdit {
  readonly id: string
  readonly edit: (current: Signal) => Signal
}

/** The signals named, the plant (its feature flags); `signalLineReads` then adds their lines' signals. */
export const signalReads = (ids: ReadonlyArray<string>, env: IntentEnv): ReadonlyArray<DocumentRead> => [
  { collection: 'signals', ids },
  actorPlantRead(env),
]

/** Every signal of the lines the named signals are on: link targets and what a type change dissociates. */
export const signalLineReads = (docs: DocSet, ids: ReadonlyArray<string>): ReadonlyArray<DocumentRead> => {
  const lines = new Set(ids.flatMap((id) => docs.get('signals', id)?.lineId ?? []))
  return [...lines].map((lineId) => ({ collection: 'signals', where: { lineId } }) as const)
}

export const signalRefs = (ids: ReadonlyArray<string>): ReadonlyArray<DocumentRef> =>
  ids.map((id) => ({ collection: 'signals', id }))

export { featureFlagsOf }

/**
 * Applies the edits as one action. Every edited signal must exist (and be on `lineId` when given).
 * Write order: signals that end up as anything but a measurement first, so a measurement linking
 * to a signal converted in the same action finds it converted (the Associations panel's drag-and-drop).
 */
export function editSignals(
  docs: DocSet,
  edits: ReadonlyArray<SignalEdit>,
  flags: Pick<FeatureFlags, 'singleSidedLimits'>,
  lineId?: string,
): void {
  for (const { id } of edits) {
    const signal = docs.get('signals', id)
    if (!signal || (lineId !== undefined && signal.lineId !== lineId))
      rejectNotFound(Messages.signals.signalNotFound)
  }
  const endsAs = (e: SignalEdit) => e.edit(docs.get('signals', e.id)!).entityType
  const ordered = [
    ...edits.filter((e) => endsAs(e) !== 'MEASUREMENT'),
    ...edits.filter((e) => endsAs(e) === 'MEASUREMENT'),
  ]
  for (const { id, edit } of ordered) {
    const current = docs.get('signals', id)!
    const byId = new Map(docs.all('signals').map((s) => [s.id, s]))
    const next = prepareSignal(current, edit(current), byId, flags)
    docs.put('signals', id, next)
    if (next.entityType !== current.entityType) {
      // The measurements whose links to this signal no longer fit its type lose those links.
      for (const other of dissociatedBy(next, docs.all('signals'))) docs.put('signals', other.id, other)
    }
  }
}

/**
 * The rules of one signal change; returns the signal to store or rejects with the rule's message.
 * - name, stationId, stationName, lineId and id are the plant's;
 * - an entity-type change away from MEASUREMENT drops the signal's own links and distribution;
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
  if (next.friendlyName !== previous.friendlyName) {
    const error = validateSignalFriendlyName(next.friendlyName)
    if (error !== undefined) rejectInvalid(error)
  }
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
    if (signal.entityType !== 'MEASUREMENT') rejectInvalid(SignalLinkMessages.singleSideOnlyForMeasurements)
  }
  if (linksChanged(previous, signal)) {
    const all = new Map(signalsById)
    all.set(signal.id, signal)
    const [first, ...rest] = validateSignalLinks(signal, all, flags.singleSidedLimits)
    if (first) rejectInvalid(first.message, { issues: [first, ...rest] })
  }
  if (
    signal.entityType !== 'RESULT' &&
    !deepEqual(signal.resultClassifications, canonicalClassificationOrder(previous.resultClassifications))
  ) {
    rejectInvalid(Messages.classifications.allMustBeResult)
  }
  return signal
}

/** A signal in the user's words: its friendly name, else its name. */
export const signalLabel = (docs: DocSet, id: string): string => {
  const signal = docs.get('signals', id)
  return signal?.friendlyName || signal?.name || id
}

/** "Paint temp" for one signal, "3 signals" for several. */
export const signalsLabel = (docs: DocSet, ids: ReadonlyArray<string>): string =>
  ids.length === 1 ? signalLabel(docs, ids[0]!) : `${ids.length} signals`
