import { ENTITY_TYPES } from '../../../shared/constants'
import type { FeatureFlags } from '../../../shared/schema/plant'
import type { EntityType, Signal } from '../../../shared/schema/signal'
import { dissociatedBy, withEntityType } from '../../../shared/validation/signal-link-rules'
import { isEntityTypeSelectable } from '../../../shared/validation/feature-gates'

/**
 * What the signal details pane shows for a selection (SM-05..SM-09) and what an entity-type change
 * or an association save would do to the links of the line (SM-07, SM-10), computed with the same
 * shared rules the intents apply, so the summary dialog lists exactly what the save will change.
 */
export type SignalStatus = 'on' | 'off' | 'mixed'

/** On, Off, or Mixed when the selected signals differ (Mixed cannot be set). */
export function signalStatus(signals: ReadonlyArray<Pick<Signal, 'isSignalActive'>>): SignalStatus {
  const on = signals.filter((s) => s.isSignalActive).length
  return on === signals.length ? 'on' : on === 0 ? 'off' : 'mixed'
}

/** The value every selected signal shares, or undefined when they differ (or nothing is selected). */
export function commonValue<S, V>(signals: ReadonlyArray<S>, get: (s: S) => V): V | undefined {
  const [first, ...rest] = signals
  if (first === undefined) return undefined
  const value = get(first)
  return rest.every((s) => get(s) === value) ? value : undefined
}

/**
 * The entity types the picker offers. The limit, result and component-id types are behind their
 * selection flags; the current types of the selection are always listed so the picker can show them.
 */
export function entityTypeOptions(
  flags: Pick<
    FeatureFlags,
    'limitEntityTypeSelection' | 'resultEntityTypeSelection' | 'componentEntityTypeSelection'
  >,
  current: ReadonlyArray<EntityType>,
): Array<EntityType> {
  const offered = (t: EntityType): boolean => current.includes(t) || isEntityTypeSelectable(flags, t)
  return ENTITY_TYPES.filter(offered)
}

export type LinkRole = 'upperLimit' | 'lowerLimit' | 'result'

/** One association: the measurement `from` links to `to` as its upper limit, lower limit or result. */
export interface Link {
  readonly from: string
  readonly role: LinkRole
  readonly to: string
}

type Linked = Pick<
  Signal,
  'id' | 'entityType' | 'lineId' | 'singleSide' | 'upperLimit' | 'lowerLimit' | 'result'
>

export const linksOf = (s: Linked): Array<Link> => [
  ...(s.upperLimit !== null ? [{ from: s.id, role: 'upperLimit' as const, to: s.upperLimit }] : []),
  ...(s.lowerLimit !== null ? [{ from: s.id, role: 'lowerLimit' as const, to: s.lowerLimit }] : []),
  ...s.result.map((to) => ({ from: s.id, role: 'result' as const, to })),
]

const linkKey = (l: Link) => `${l.from}\u0000${l.role}\u0000${l.to}`

/** Links present after and not before (created), and before and not after (deleted). */
export function diffLinks(
  before: Iterable<Linked>,
  after: Iterable<Linked>,
): { readonly created: Array<Link>; readonly deleted: Array<Link> } {
  const a = new Map([...before].flatMap(linksOf).map((l) => [linkKey(l), l]))
  const b = new Map([...after].flatMap(linksOf).map((l) => [linkKey(l), l]))
  return {
    created: [...b].filter(([k]) => !a.has(k)).map(([, l]) => l),
    deleted: [...a].filter(([k]) => !b.has(k)).map(([, l]) => l),
  }
}

/** The signals of the line after giving each of `ids` a new type, with the dissociations it causes. */
export function afterEntityTypeChange<S extends Linked>(
  lineSignals: ReadonlyArray<S>,
  changes: ReadonlyArray<{ readonly id: string; readonly entityType: EntityType }>,
): Map<string, S> {
  const byId = new Map(lineSignals.map((s) => [s.id, s]))
  for (const { id, entityType } of changes) {
    const current = byId.get(id)
    if (!current || current.entityType === entityType) continue
    const next = withEntityType(current, entityType)
    byId.set(id, next)
    for (const other of dissociatedBy(next, byId.values())) byId.set(other.id, other)
  }
  return byId
}

export interface EntityTypeChangeSummary<S> {
  /** The selected signals whose type changes, with their old type. */
  readonly conversions: ReadonlyArray<{
    readonly signal: S
    readonly from: EntityType
    readonly to: EntityType
  }>
  /** Every link the change removes, on the selected signals and on others. */
  readonly dissociations: ReadonlyArray<Link>
}

/** SM-07: what 'Change Entity Type' will do, for the summary dialog. */
export function entityTypeChangeSummary<S extends Linked>(
  selected: ReadonlyArray<S>,
  lineSignals: ReadonlyArray<S>,
  entityType: EntityType,
): EntityTypeChangeSummary<S> {
  const conversions = selected
    .filter((s) => s.entityType !== entityType)
    .map((signal) => ({ signal, from: signal.entityType, to: entityType }))
  const after = afterEntityTypeChange(
    lineSignals,
    conversions.map((c) => ({ id: c.signal.id, entityType })),
  )
  return { conversions, dissociations: diffLinks(lineSignals, after.values()).deleted }
}
