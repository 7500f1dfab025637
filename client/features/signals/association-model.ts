import type { Signal } from '../../../shared/schema/signal'
import {
  containerForEntityType,
  entityTypeForContainer,
  measurementLinks,
  validateAssociation,
  type AssociationContainer,
  type AssociationContainers,
} from '../../../shared/validation/signal-rules'
import type { FieldErrors } from '../../../shared/validation/field-error'
import { afterEntityTypeChange, diffLinks, type Link } from './signal-summary'

/**
 * The Associations panel (SM-10) as data: the selected signals as chips in the four containers,
 * moves between containers (drag and drop, touch, or the keyboard's "Move to"), the container rules,
 * and the two confirm steps — the entity changes the moves make, then every link created or deleted
 * — computed with the shared rules the saveSignalAssociations intent applies.
 */
export const CONTAINERS: ReadonlyArray<AssociationContainer> = [
  'measurement',
  'upperLimit',
  'lowerLimit',
  'result',
]

export const CONTAINER_LABELS: Readonly<Record<AssociationContainer, string>> = {
  measurement: 'Measurement',
  upperLimit: 'Upper limit',
  lowerLimit: 'Lower limit',
  result: 'Result',
}

type Linked = Pick<
  Signal,
  'id' | 'entityType' | 'lineId' | 'singleSide' | 'upperLimit' | 'lowerLimit' | 'result'
>

/** Each selected signal in the container its entity type belongs to (parts, units, unknown: Measurement). */
export function initialContainers(
  selected: ReadonlyArray<Pick<Signal, 'id' | 'entityType'>>,
): AssociationContainers {
  const of = (c: AssociationContainer) =>
    selected.filter((s) => containerForEntityType(s.entityType) === c).map((s) => s.id)
  return {
    measurement: of('measurement'),
    upperLimit: of('upperLimit'),
    lowerLimit: of('lowerLimit'),
    result: of('result'),
  }
}

export const containerOf = (c: AssociationContainers, id: string): AssociationContainer | undefined =>
  CONTAINERS.find((k) => c[k].includes(id))

/** The chip moved to the end of `to`; a move to where it already is changes nothing. */
export function moveChip(
  c: AssociationContainers,
  id: string,
  to: AssociationContainer,
): AssociationContainers {
  const from = containerOf(c, id)
  if (from === undefined || from === to) return c
  return { ...c, [from]: c[from].filter((x) => x !== id), [to]: [...c[to], id] }
}

/**
 * The container rules; the single-boundary rule applies when a measurement in the panel is single
 * sided and the single-sided flag is on.
 */
export function associationErrors(
  c: AssociationContainers,
  byId: ReadonlyMap<string, Pick<Signal, 'singleSide'>>,
  singleSidedFlag: boolean,
): FieldErrors {
  const singleSided = c.measurement.some((id) => byId.get(id)?.singleSide != null)
  return validateAssociation(c, singleSidedFlag && singleSided)
}

export interface EntityChange {
  readonly id: string
  readonly from: Signal['entityType']
  readonly to: Signal['entityType']
}

/** Step 1: the chips whose container gives them another entity type. */
export function entityChanges(
  c: AssociationContainers,
  byId: ReadonlyMap<string, Pick<Signal, 'entityType'>>,
): Array<EntityChange> {
  return CONTAINERS.flatMap((container) =>
    c[container].flatMap((id) => {
      const from = byId.get(id)?.entityType
      if (from === undefined || containerForEntityType(from) === container) return []
      return [{ id, from, to: entityTypeForContainer(container) }]
    }),
  )
}

/** Step 2: every link the save creates or deletes on the line (type changes, then the measurements' links). */
export function associationLinkChanges<S extends Linked>(
  c: AssociationContainers,
  lineSignals: ReadonlyArray<S>,
): { readonly created: Array<Link>; readonly deleted: Array<Link> } {
  const byId = new Map(lineSignals.map((s) => [s.id, s]))
  const after = afterEntityTypeChange(
    lineSignals,
    entityChanges(c, byId).map((e) => ({ id: e.id, entityType: e.to })),
  )
  const links = measurementLinks(c)
  for (const id of c.measurement) {
    const s = after.get(id)
    if (s) after.set(id, { ...s, ...links })
  }
  return diffLinks(lineSignals, after.values())
}
