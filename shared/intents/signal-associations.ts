import { Schema } from 'effect'
import { EntityType, QualityCharacteristic, type Signal, type SignalAttributes } from '../schema/signal'
import {
  containerForEntityType,
  entityTypeForContainer,
  measurementLinks,
  validateAssociation,
  type AssociationContainer,
  type AssociationContainers,
} from '../validation/signal-rules'
import { defineIntent, rejectInvalid } from './intent'
import {
  editSignals,
  featureFlagsOf,
  signalLineReads,
  signalReads,
  signalRefs,
  signalsLabel,
  type SignalEdit,
} from './signal-edits'
import { requireEntityTypeSelection } from './signals'

/**
 * Signal links as one action: the Associations panel's Confirm (SM-10: every chip's entity type and
 * every measurement's links, saved together so no link can arrive before the type change it needs),
 * and the generic attribute update of PATCH /api/signal-attribute-update (SM-12), which may change
 * any labeling attribute of several signals of one line at once.
 */
const SignalId = Schema.NonEmptyString
const Ids = Schema.Array(SignalId)

export const SaveSignalAssociationsArgs = Schema.Struct({
  lineId: Schema.NonEmptyString,
  containers: Schema.Struct({ measurement: Ids, upperLimit: Ids, lowerLimit: Ids, result: Ids }),
})
export type SaveSignalAssociationsArgs = typeof SaveSignalAssociationsArgs.Type

/** The attributes a user edits; absent ones stay as they are, null links dissociate. */
export const SignalChanges = Schema.Struct({
  qualityCharacteristic: Schema.optionalKey(QualityCharacteristic),
  upperLimit: Schema.optionalKey(Schema.NullOr(SignalId)),
  lowerLimit: Schema.optionalKey(Schema.NullOr(SignalId)),
  result: Schema.optionalKey(Ids),
  entityType: Schema.optionalKey(EntityType),
  friendlyName: Schema.optionalKey(Schema.NullOr(Schema.String)),
  isSignalActive: Schema.optionalKey(Schema.Boolean),
})
export type SignalChanges = typeof SignalChanges.Type

/**
 * Each change's attribute in PATCH /api/signal-attribute-update (SM-12), the specification's
 * snake_case: the one table both directions are read from (the REST route takes attributes, a
 * gateway sends them).
 */
const ATTRIBUTE_OF = {
  qualityCharacteristic: 'quality_characteristic',
  upperLimit: 'upper_limit',
  lowerLimit: 'lower_limit',
  result: 'result',
  entityType: 'signal_entity_type',
  friendlyName: 'signal_friendly_name',
  isSignalActive: 'signal_active',
} as const satisfies { readonly [K in keyof SignalChanges]-?: keyof SignalAttributes }

/** The changes as the call's attributes; absent ones stay absent. A whole signal gives all of them. */
export const attributesFromChanges = (changes: SignalChanges): SignalAttributes =>
  renamed(changes, Object.entries(ATTRIBUTE_OF)) as SignalAttributes

/** The call's attributes as the updateSignals intent's changes; absent ones stay absent. */
export const changesFromAttributes = (attributes: SignalAttributes): SignalChanges =>
  renamed(
    attributes,
    Object.entries(ATTRIBUTE_OF).map(([change, attribute]) => [attribute, change]),
  ) as SignalChanges

function renamed(from: object, names: ReadonlyArray<readonly [string, string]>): Record<string, unknown> {
  const source = from as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [name, to] of names) if (source[name] !== undefined) out[to] = source[name]
  return out
}

export const UpdateSignalsArgs = Schema.Struct({
  lineId: Schema.NonEmptyString,
  signals: Schema.Array(Schema.Struct({ signalId: SignalId, changes: SignalChanges })),
})
export type UpdateSignalsArgs = typeof UpdateSignalsArgs.Type

const CONTAINERS: ReadonlyArray<AssociationContainer> = ['measurement', 'upperLimit', 'lowerLimit', 'result']
const allIds = (c: AssociationContainers) => [...new Set(CONTAINERS.flatMap((k) => c[k]))]

/**
 * SM-10: a chip keeps its type when the container already shows it (parts, units and unknown sit
 * under Measurement), otherwise takes the container's; each signal under Measurement gets the links
 * of the other containers. The panel's container rules are checked first, then every link.
 */
export const saveSignalAssociations = defineIntent<SaveSignalAssociationsArgs>({
  name: 'saveSignalAssociations',
  args: SaveSignalAssociationsArgs,
  reads: ({ containers }, env) => signalReads(allIds(containers), env),
  followUp: ({ containers }, docs) => signalLineReads(docs, allIds(containers)),
  edits: ({ containers }) => signalRefs(allIds(containers)),
  apply(docs, { lineId, containers }, env) {
    const flags = featureFlagsOf(docs, env)
    const singleSided = containers.measurement.some((id) => docs.get('signals', id)?.singleSide != null)
    const [first, ...rest] = validateAssociation(containers, flags.singleSidedLimits && singleSided)
    if (first) rejectInvalid(first.message, { issues: [first, ...rest] })
    const links = measurementLinks(containers)
    const edits: SignalEdit[] = []
    for (const container of CONTAINERS) {
      for (const id of containers[container]) {
        edits.push({
          id,
          edit: (s): Signal => ({
            ...s,
            ...(containerForEntityType(s.entityType) === container
              ? {}
              : { entityType: entityTypeForContainer(container) }),
            ...(container === 'measurement' ? links : {}),
          }),
        })
      }
    }
    editSignals(docs, edits, flags, lineId)
  },
  describe: ({ containers }, docs) => `Save associations of ${signalsLabel(docs, containers.measurement)}`,
})

/** SM-12: any labeling attributes of several signals of one line, as one action. */
export const updateSignals = defineIntent<UpdateSignalsArgs>({
  name: 'updateSignals',
  args: UpdateSignalsArgs,
  reads: ({ signals }, env) => signalReads(ids(signals), env),
  followUp: ({ signals }, docs) => signalLineReads(docs, ids(signals)),
  edits: ({ signals }) => signalRefs(ids(signals)),
  apply(docs, { lineId, signals }, env) {
    for (const { signalId, changes } of signals)
      if (changes.entityType) requireEntityTypeSelection(docs, env, [signalId], changes.entityType)
    editSignals(
      docs,
      signals.map(({ signalId, changes }) => ({ id: signalId, edit: (s): Signal => ({ ...s, ...changes }) })),
      featureFlagsOf(docs, env),
      lineId,
    )
  },
  describe: ({ signals }, docs) => {
    const fields = [...new Set(signals.flatMap((s) => Object.keys(s.changes)))]
    return `Change ${fields.join(', ')} of ${signalsLabel(docs, ids(signals))}`
  },
})

const ids = (signals: ReadonlyArray<{ readonly signalId: string }>) => [
  ...new Set(signals.map((s) => s.signalId)),
]
