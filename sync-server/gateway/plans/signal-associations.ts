import {
  attributesFromChanges,
  type SaveSignalAssociationsArgs,
  type UpdateSignalsArgs,
} from '../../../shared/intents/signal-associations'
import { signalsAnswered } from '../answers'
import { NO_CALLS, type PlanBuilder, type Step } from '../plan'
import { unitsTouched } from '../touched'
import { allAttributes, attributeUpdate } from './signal-attributes'
import { changedSignals } from './signals'

/**
 * Signal links (shared/intents/signal-associations.ts). The Associations panel's Confirm is the
 * specification's two steps as two calls: the entity changes (every chip whose type its container
 * changes), then the association changes (each measurement's upper limit, lower limit and results).
 * The associations refused → the entity changes are taken back (every signal the action changed gets
 * back all its attributes) and the action is rejected. The generic attribute update is one call.
 */
export const saveSignalAssociations: PlanBuilder<SaveSignalAssociationsArgs> = (input) => {
  const { args, run, session } = input
  if (run.changes.length === 0) return NO_CALLS
  const retyped = run.changes.flatMap((c) => {
    if (c.collection !== 'signals') return []
    const before = run.docs.before('signals', c.id)
    const after = run.docs.get('signals', c.id)
    return before && after && before.entityType !== after.entityType ? [after] : []
  })
  const links = args.containers.measurement.flatMap((id) => {
    const s = run.docs.get('signals', id)
    return s
      ? [
          {
            signalId: id,
            attributes: { upper_limit: s.upperLimit, lower_limit: s.lowerLimit, result: s.result },
          },
        ]
      : []
  })
  const steps: Step[] = []
  if (retyped.length > 0)
    steps.push({
      name: 'entity-changes',
      request: () =>
        attributeUpdate(
          session,
          args.lineId,
          retyped.map((s) => ({ signalId: s.id, attributes: { signal_entity_type: s.entityType } })),
        ),
      expects: signalsAnswered,
      undo: () => [
        attributeUpdate(
          session,
          args.lineId,
          changedSignals(input).map((s) => ({ signalId: s.id, attributes: allAttributes(s) })),
        ),
      ],
    })
  if (links.length > 0)
    steps.push({
      name: 'association-changes',
      request: () => attributeUpdate(session, args.lineId, links),
      expects: signalsAnswered,
    })
  return {
    steps,
    refresh: (results) => {
      const known = results.map(signalsAnswered)
      return { known, read: unitsTouched(run.changes, run.docs, known) }
    },
  }
}

export const updateSignals: PlanBuilder<UpdateSignalsArgs> = ({ args, run, session }) => {
  if (run.changes.length === 0) return NO_CALLS
  const changes = args.signals.map(({ signalId, changes }) => ({
    signalId,
    attributes: attributesFromChanges(changes),
  }))
  return {
    steps: [
      {
        name: 'signal-attribute-update',
        request: () => attributeUpdate(session, args.lineId, changes),
        expects: signalsAnswered,
      },
    ],
    refresh: (results) => {
      const known = results.map(signalsAnswered)
      return { known, read: unitsTouched(run.changes, run.docs, known) }
    },
  }
}
