import { Messages } from '../../../shared/validation/messages'

/**
 * What is selected in the stations tree (SM-02, SM-03): nothing, one station, or signals. Signals
 * are picked with a click; ctrl/meta adds or removes one and shift selects the range from the last
 * clicked signal, across stations — only with the multiselect flag. While result classifications
 * are viewed the selection is locked and every change is refused with the spec's message.
 */
export type Selection =
  | { readonly kind: 'none' }
  | { readonly kind: 'station'; readonly stationId: string }
  | { readonly kind: 'signals'; readonly ids: ReadonlyArray<string>; readonly anchor: string }

export const NO_SELECTION: Selection = { kind: 'none' }

export interface ClickModifiers {
  /** ctrl (or meta on a Mac) held. */
  readonly toggle: boolean
  /** shift held. */
  readonly range: boolean
}

export interface SelectionContext {
  readonly multiselect: boolean
  /** Signal ids in the order the tree shows them. */
  readonly order: ReadonlyArray<string>
  /** Result classifications are being viewed. */
  readonly locked: boolean
}

export type SelectionOutcome =
  { readonly ok: true; readonly selection: Selection } | { readonly ok: false; readonly message: string }

const locked = (): SelectionOutcome => ({
  ok: false,
  message: Messages.signalsTab.lockedWhileViewingClassifications,
})

/** A click on a signal row (or Space/Enter on it, with the same modifiers). */
export function clickSignal(
  current: Selection,
  id: string,
  mods: ClickModifiers,
  ctx: SelectionContext,
): SelectionOutcome {
  if (ctx.locked) return locked()
  const single: Selection = { kind: 'signals', ids: [id], anchor: id }
  if (!ctx.multiselect || current.kind !== 'signals' || (!mods.toggle && !mods.range)) {
    return { ok: true, selection: single }
  }
  if (mods.range) {
    const from = ctx.order.indexOf(current.anchor)
    const to = ctx.order.indexOf(id)
    if (from < 0 || to < 0) return { ok: true, selection: single }
    const [lo, hi] = from <= to ? [from, to] : [to, from]
    const range = ctx.order.slice(lo, hi + 1)
    // ctrl+shift adds the range to what is selected; shift alone replaces it.
    const ids = mods.toggle ? [...new Set([...current.ids, ...range])] : range
    return { ok: true, selection: { kind: 'signals', ids, anchor: current.anchor } }
  }
  const ids = current.ids.includes(id) ? current.ids.filter((x) => x !== id) : [...current.ids, id]
  return { ok: true, selection: ids.length === 0 ? NO_SELECTION : { kind: 'signals', ids, anchor: id } }
}

/** 'Configure Station': the station alone. */
export const selectStation = (stationId: string, ctx: Pick<SelectionContext, 'locked'>): SelectionOutcome =>
  ctx.locked ? locked() : { ok: true, selection: { kind: 'station', stationId } }

/** Clear selection. */
export const clearSelection = (ctx: Pick<SelectionContext, 'locked'>): SelectionOutcome =>
  ctx.locked ? locked() : { ok: true, selection: NO_SELECTION }

/** The selected signal ids (none for a station). */
export const selectedSignalIds = (s: Selection): ReadonlyArray<string> => (s.kind === 'signals' ? s.ids : [])

/**
 * The selection kept to what still exists (a line switch or a signal removed elsewhere): ids not
 * in `existing` drop out; an empty result is no selection.
 */
export function pruneSelection(
  s: Selection,
  existingSignals: ReadonlySet<string>,
  existingStations: ReadonlySet<string>,
): Selection {
  if (s.kind === 'station') return existingStations.has(s.stationId) ? s : NO_SELECTION
  if (s.kind !== 'signals') return s
  const ids = s.ids.filter((id) => existingSignals.has(id))
  if (ids.length === s.ids.length) return s
  if (ids.length === 0) return NO_SELECTION
  return { kind: 'signals', ids, anchor: ids.includes(s.anchor) ? s.anchor : ids[0]! }
}
