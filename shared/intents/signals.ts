import { Schema } from 'effect'
import {
  EntityType,
  QualityCharacteristic,
  ResultClassifications,
  SingleSide,
  type Signal,
} from '../schema/signal'
import { defineIntent, type IntentEnv } from './intent'
import type { DocSet } from './doc-set'
import { requireFeature } from './plant-flags'
import { entityTypeFlag } from '../validation/feature-gates'
import {
  editSignals,
  featureFlagsOf,
  signalLabel,
  signalLineReads,
  signalReads,
  signalRefs,
  signalsLabel,
  type SignalEdit,
} from './signal-edits'

/**
 * Signal Management (SM-05..SM-11) from the signal details pane: status, friendly name, entity
 * type (with the dissociations it causes), distribution, quality characteristic and result
 * classifications. Each acts on the selected signals as one action: all of them or none.
 * Only an entity-type change reads the whole line (its link targets and the signals it dissociates);
 * the other edits leave links as they are. The Associations panel and the generic attribute update
 * are in signal-associations.ts.
 */
const SignalId = Schema.NonEmptyString
const SignalIds = Schema.Array(SignalId).check(Schema.isMinLength(1))

export const SetSignalStatusArgs = Schema.Struct({ signalIds: SignalIds, active: Schema.Boolean })
export type SetSignalStatusArgs = typeof SetSignalStatusArgs.Type
export const RenameSignalArgs = Schema.Struct({
  signalId: SignalId,
  friendlyName: Schema.NullOr(Schema.String),
})
export type RenameSignalArgs = typeof RenameSignalArgs.Type
export const ChangeSignalEntityTypeArgs = Schema.Struct({ signalIds: SignalIds, entityType: EntityType })
export type ChangeSignalEntityTypeArgs = typeof ChangeSignalEntityTypeArgs.Type
export const SetSignalDistributionArgs = Schema.Struct({
  signals: Schema.Array(Schema.Struct({ signalId: SignalId, singleSide: Schema.NullOr(SingleSide) })),
})
export type SetSignalDistributionArgs = typeof SetSignalDistributionArgs.Type
export const SetQualityCharacteristicArgs = Schema.Struct({
  signalIds: SignalIds,
  qualityCharacteristic: QualityCharacteristic,
})
export type SetQualityCharacteristicArgs = typeof SetQualityCharacteristicArgs.Type
export const SaveResultClassificationsArgs = Schema.Struct({
  signals: Schema.Array(Schema.Struct({ signalId: SignalId, resultClassifications: ResultClassifications })),
})
export type SaveResultClassificationsArgs = typeof SaveResultClassificationsArgs.Type

/** The same change for every selected signal. */
const sameEdit = (ids: ReadonlyArray<string>, change: Partial<Signal>): ReadonlyArray<SignalEdit> =>
  ids.map((id) => ({ id, edit: (s) => ({ ...s, ...change }) }))

/** SM-05: switching the selected signals On or Off (Mixed cannot be set). */
export const setSignalStatus = defineIntent<SetSignalStatusArgs>({
  name: 'setSignalStatus',
  args: SetSignalStatusArgs,
  reads: ({ signalIds }, env) => signalReads(signalIds, env),
  edits: ({ signalIds }) => signalRefs(signalIds),
  apply: (docs, { signalIds, active }, env) =>
    requireMultiselect(docs, env, signalIds) ??
    editSignals(docs, sameEdit(signalIds, { isSignalActive: active }), featureFlagsOf(docs, env)),
  describe: ({ signalIds, active }, docs) => `Turn ${active ? 'on' : 'off'} ${signalsLabel(docs, signalIds)}`,
})

/** SM-06: one signal's friendly name; trailing spaces dropped, blank means none, no leading spaces. */
export const renameSignal = defineIntent<RenameSignalArgs>({
  name: 'renameSignal',
  args: RenameSignalArgs,
  reads: ({ signalId }, env) => signalReads([signalId], env),
  edits: ({ signalId }) => signalRefs([signalId]),
  apply: (docs, { signalId, friendlyName }, env) =>
    editSignals(docs, sameEdit([signalId], { friendlyName }), featureFlagsOf(docs, env)),
  describe: ({ signalId, friendlyName }, docs) =>
    `Rename ${docs.get('signals', signalId)?.name ?? signalId} to ${friendlyName ?? '(no friendly name)'}`,
})

/** SM-07: a new entity type; links that no longer fit are dissociated, on this signal and on others. */
export const changeSignalEntityType = defineIntent<ChangeSignalEntityTypeArgs>({
  name: 'changeSignalEntityType',
  args: ChangeSignalEntityTypeArgs,
  reads: ({ signalIds }, env) => signalReads(signalIds, env),
  followUp: ({ signalIds }, docs) => signalLineReads(docs, signalIds),
  edits: ({ signalIds }) => signalRefs(signalIds),
  apply(docs, { signalIds, entityType }, env) {
    requireMultiselect(docs, env, signalIds)
    requireEntityTypeSelection(docs, env, signalIds, entityType)
    editSignals(docs, sameEdit(signalIds, { entityType }), featureFlagsOf(docs, env))
  },
  describe: ({ signalIds, entityType }, docs) =>
    `Change entity type of ${signalsLabel(docs, signalIds)} to ${entityType}`,
})

/** SM-08: single sided (LOWER/UPPER) or two sided (null), for measurements only. */
export const setSignalDistribution = defineIntent<SetSignalDistributionArgs>({
  name: 'setSignalDistribution',
  args: SetSignalDistributionArgs,
  reads: ({ signals }, env) => signalReads(ids(signals), env),
  edits: ({ signals }) => signalRefs(ids(signals)),
  apply(docs, { signals }, env) {
    requireMultiselect(docs, env, ids(signals))
    // Back to two sided is always allowed: a plant that lost the flag can still undo a side.
    if (
      signals.some(
        (u) => u.singleSide !== null && docs.get('signals', u.signalId)?.singleSide !== u.singleSide,
      )
    )
      requireFeature(docs, env, 'singleSidedLimits')
    editSignals(
      docs,
      signals.map(({ signalId, singleSide }) => ({ id: signalId, edit: (s) => ({ ...s, singleSide }) })),
      featureFlagsOf(docs, env),
    )
  },
  describe: ({ signals }, docs) => `Change distribution of ${signalsLabel(docs, ids(signals))}`,
})

/** SM-09: the quality characteristic of the selected signals. */
export const setQualityCharacteristic = defineIntent<SetQualityCharacteristicArgs>({
  name: 'setQualityCharacteristic',
  args: SetQualityCharacteristicArgs,
  reads: ({ signalIds }, env) => signalReads(signalIds, env),
  edits: ({ signalIds }) => signalRefs(signalIds),
  apply: (docs, { signalIds, qualityCharacteristic }, env) =>
    requireMultiselect(docs, env, signalIds) ??
    editSignals(docs, sameEdit(signalIds, { qualityCharacteristic }), featureFlagsOf(docs, env)),
  describe: ({ signalIds, qualityCharacteristic }, docs) =>
    `Set quality characteristic of ${signalsLabel(docs, signalIds)} to ${qualityCharacteristic}`,
})

/** SM-11: the drawer's Save, for one or several RESULT signals at once. */
export const saveResultClassifications = defineIntent<SaveResultClassificationsArgs>({
  name: 'saveResultClassifications',
  args: SaveResultClassificationsArgs,
  reads: ({ signals }, env) => signalReads(ids(signals), env),
  edits: ({ signals }) => signalRefs(ids(signals)),
  apply: (docs, { signals }, env) =>
    requireMultiselect(docs, env, ids(signals)) ??
    editSignals(
      docs,
      signals.map(({ signalId, resultClassifications }) => ({
        id: signalId,
        edit: (s) => ({ ...s, resultClassifications }),
      })),
      featureFlagsOf(docs, env),
    ),
  describe: ({ signals }, docs) =>
    signals.length === 1
      ? `Save classifications for ${signalLabel(docs, signals[0]!.signalId)}`
      : `Save classifications for ${signals.length} signals`,
})

const ids = (signals: ReadonlyArray<{ readonly signalId: string }>) => signals.map((s) => s.signalId)

/** SHELL-03: acting on several signals at once is multiselect (SM-04). */
function requireMultiselect(docs: DocSet, env: IntentEnv, signalIds: ReadonlyArray<string>): undefined {
  if (new Set(signalIds).size > 1) requireFeature(docs, env, 'multiselect')
  return undefined
}

/**
 * SHELL-03: giving a signal a limit, result or component-id type needs that type's selection flag
 * (SM-07); a signal that already has the type is no change.
 */
export function requireEntityTypeSelection(
  docs: DocSet,
  env: IntentEnv,
  signalIds: ReadonlyArray<string>,
  entityType: EntityType,
): void {
  const flag = entityTypeFlag(entityType)
  if (flag && signalIds.some((id) => docs.get('signals', id)?.entityType !== entityType))
    requireFeature(docs, env, flag)
}
