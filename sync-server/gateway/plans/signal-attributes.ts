import { attributesFromChanges } from '../../../shared/intents/signal-associations'
import type { Signal, SignalAttributes } from '../../../shared/schema/signal'
import type { Session } from '../../auth/session'
import type { AuthorityRequest } from '../authority-client'
import { UPSTREAM } from '../upstream-paths'

/**
 * PATCH /api/signal-attribute-update, the settings specification's one write of a signal's labeling
 * attributes (SM-12), as the signal plans build it: per line (the call names one line), with the
 * attributes in the specification's snake_case.
 */
export interface SignalAttributeChange {
  readonly signalId: string
  readonly attributes: SignalAttributes
}

export function attributeUpdate(
  session: Session,
  lineId: string,
  changes: ReadonlyArray<SignalAttributeChange>,
): AuthorityRequest {
  return {
    method: 'PATCH',
    path: UPSTREAM.signalAttributeUpdate,
    body: {
      signalRequest: { customer_uuid: session.customerId, plant_uuid: session.plantId, line_uuid: lineId },
      signals: changes.map((c) => ({ signal_uuid: c.signalId, signal_attributes: c.attributes })),
    },
  }
}

/** Every labeling attribute of a signal as it is: what an undo puts back. */
export const allAttributes = (s: Signal): SignalAttributes => attributesFromChanges(s)

/** The signals by the line they are on (one call per line). */
export function byLine(signals: ReadonlyArray<Signal>): Map<string, Signal[]> {
  const out = new Map<string, Signal[]>()
  for (const s of signals) {
    const list = out.get(s.lineId)
    if (list) list.push(s)
    else out.set(s.lineId, [s])
  }
  return out
}
