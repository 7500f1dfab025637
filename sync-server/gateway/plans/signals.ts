import { Schema } from 'effect'
import type {
  ChangeSignalEntityTypeArgs,
  RenameSignalArgs,
  SaveResultClassificationsArgs,
  SetQualityCharacteristicArgs,
  SetSignalDistributionArgs,
  SetSignalStatusArgs,
} from '../../../shared/intents/signals'
import { ResultClassificationsPatch, type Signal, type SignalAttributes } from '../../../shared/schema/signal'
import { signalsAnswered } from '../answers'
import { NO_CALLS, type Plan, type PlanBuilder, type PlanInput, type Step } from '../plan'
import { unitsTouched } from '../touched'
import { UPSTREAM } from '../upstream-paths'
import { allAttributes, attributeUpdate, byLine } from './signal-attributes'

/**
 * Signal Management's details pane (shared/intents/signals.ts). Status, friendly name, entity type
 * and quality characteristic are PATCH /api/signal-attribute-update, one call per line of the
 * selected signals (a selection spans one line in the screens; a call names one line); distribution
 * is PATCH /api/signals and classifications PATCH /api/signal/result-classifications. Signals the
 * authority's cascade changed besides the selected ones (a type change dissociating measurements)
 * are read back with their line.
 */
export const setSignalStatus: PlanBuilder<SetSignalStatusArgs> = (input) =>
  attributesPerLine(input, input.args.signalIds, () => ({ signal_active: input.args.active }))

export const renameSignal: PlanBuilder<RenameSignalArgs> = (input) =>
  attributesPerLine(input, [input.args.signalId], (after) => ({ signal_friendly_name: after.friendlyName }))

export const changeSignalEntityType: PlanBuilder<ChangeSignalEntityTypeArgs> = (input) =>
  attributesPerLine(input, input.args.signalIds, () => ({ signal_entity_type: input.args.entityType }))

export const setQualityCharacteristic: PlanBuilder<SetQualityCharacteristicArgs> = (input) =>
  attributesPerLine(input, input.args.signalIds, () => ({
    quality_characteristic: input.args.qualityCharacteristic,
  }))

export const setSignalDistribution: PlanBuilder<SetSignalDistributionArgs> = (input) =>
  oneCall(input, 'patch-signals', {
    method: 'PATCH',
    path: UPSTREAM.signals,
    body: input.args.signals.map((s) => ({ id: s.signalId, singleSide: s.singleSide })),
  })

const encodeClassifications = Schema.encodeSync(ResultClassificationsPatch)

export const saveResultClassifications: PlanBuilder<SaveResultClassificationsArgs> = (input) =>
  oneCall(input, 'patch-result-classifications', {
    method: 'PATCH',
    path: UPSTREAM.resultClassifications,
    body: encodeClassifications(
      Object.fromEntries(
        input.args.signals.map((s) => [s.signalId, { resultClassifications: s.resultClassifications }]),
      ),
    ),
  })

/**
 * One attribute call per line; when a later line's call is refused, the earlier lines' signals get
 * back every attribute they had (types and links included, which a type change may have cascaded).
 */
function attributesPerLine(
  input: PlanInput<unknown>,
  signalIds: ReadonlyArray<string>,
  attributes: (after: Signal) => SignalAttributes,
): Plan {
  const { run, session } = input
  if (run.changes.length === 0) return NO_CALLS
  const selected = signalIds.flatMap((id) => run.docs.get('signals', id) ?? [])
  const steps: Step[] = [...byLine(selected)].map(([lineId, signals]) => ({
    name: 'signal-attribute-update',
    request: () =>
      attributeUpdate(
        session,
        lineId,
        signals.map((s) => ({ signalId: s.id, attributes: attributes(s) })),
      ),
    expects: signalsAnswered,
    undo: () => [
      attributeUpdate(
        session,
        lineId,
        changedSignals(input)
          .filter((s) => s.lineId === lineId)
          .map((s) => ({ signalId: s.id, attributes: allAttributes(s) })),
      ),
    ],
  }))
  return {
    steps,
    refresh: (results) => {
      const known = results.map(signalsAnswered)
      return { known, read: unitsTouched(run.changes, run.docs, known) }
    },
  }
}

function oneCall(input: PlanInput<unknown>, name: string, request: ReturnType<Step['request']>): Plan {
  if (input.run.changes.length === 0) return NO_CALLS
  return {
    steps: [{ name, request: () => request, expects: signalsAnswered }],
    refresh: ([answer]) => {
      const known = [signalsAnswered(answer)]
      return { known, read: unitsTouched(input.run.changes, input.run.docs, known) }
    },
  }
}

/** The signals the action changed, as they were before it. */
export const changedSignals = (input: PlanInput<unknown>): ReadonlyArray<Signal> =>
  input.run.changes.flatMap((c) =>
    c.collection === 'signals' ? (input.run.docs.before('signals', c.id) ?? []) : [],
  )
