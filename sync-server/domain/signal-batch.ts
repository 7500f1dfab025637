import type { Signal } from '../../shared/schema/signal'
import { Messages } from '../../shared/validation/messages'
import { dissociatedBy } from '../../shared/validation/signal-link-rules'
import type { Session } from '../auth/session'
import { applyChange } from './apply-change'
import { notFound } from './domain-error'
import { findVisible, plantFeatureFlags } from './line-documents'
import { signalsOfLine } from './signal-collection'
import { prepareSignal } from './signal-changes'
import type { Services } from './services'

/** One signal's edit within a REST call: applied to the signal as it is when its turn comes. */
export interface SignalEdit {
  readonly id: string
  readonly edit: (current: Signal) => Signal
}

/**
 * Applies several signal edits as one decision (PATCH /api/signal-attribute-update, /api/signals,
 * /api/signal/result-classifications). All-or-nothing in the way that matters to the user: every
 * edit is first checked, in write order, against the combined result (earlier edits and their
 * dissociations included), and nothing is written unless all pass. Only then is each signal written
 * through applyChange (its own transaction, the same rules a replicated push meets). Write order:
 * signals that end up as anything but a measurement first, so that a measurement linking to a
 * signal whose type changes in the same call (the Associations panel's drag-and-drop) finds it
 * converted. Only a concurrent edit between the check and the writes can stop a later write; the
 * error is answered and the earlier writes stay, each complete.
 */
export async function applySignalEdits(
  services: Services,
  session: Session,
  edits: ReadonlyArray<SignalEdit>,
  lineId?: string,
): Promise<Array<Signal>> {
  const db = services.db
  const state = new Map<string, Signal>()
  for (const { id } of edits) {
    if (state.has(id)) continue
    const doc = await findVisible<Signal>(db, session, 'signals', id)
    if (!doc || (lineId !== undefined && doc.data.lineId !== lineId)) {
      throw notFound(Messages.signals.signalNotFound)
    }
    if (![...state.values()].some((s) => s.lineId === doc.data.lineId)) {
      for (const s of await signalsOfLine(db, session, doc.data.lineId)) state.set(s.id, s.data)
    }
  }
  const flags = await plantFeatureFlags(db, session)

  const ordered = orderForWriting(edits, state)
  for (const { id, edit } of ordered) {
    const current = state.get(id)!
    const next = prepareSignal(current, edit(current), state, flags)
    state.set(id, next)
    if (next.entityType !== current.entityType) {
      for (const other of dissociatedBy(next, state.values())) state.set(other.id, other)
    }
  }

  for (const { id, edit } of ordered) {
    const current = await findVisible<Signal>(db, session, 'signals', id)
    if (!current) throw notFound(Messages.signals.signalNotFound)
    await applyChange(services, session, 'signals', id, edit(current.data))
  }
  const saved: Array<Signal> = []
  for (const id of new Set(edits.map((e) => e.id))) {
    const doc = await findVisible<Signal>(db, session, 'signals', id)
    if (doc) saved.push(doc.data)
  }
  return saved
}

function orderForWriting(edits: ReadonlyArray<SignalEdit>, state: ReadonlyMap<string, Signal>) {
  const endsAs = (e: SignalEdit) => e.edit(state.get(e.id)!).entityType
  const targets = edits.filter((e) => endsAs(e) !== 'MEASUREMENT')
  const measurements = edits.filter((e) => endsAs(e) === 'MEASUREMENT')
  return [...targets, ...measurements]
}
