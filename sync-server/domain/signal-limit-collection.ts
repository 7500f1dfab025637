import { SignalLimitEntry } from '../../shared/schema/signal-limit'
import { Messages } from '../../shared/validation/messages'
import { decodeInput } from './decode'
import type { CollectionRules } from './collection-rules'
import { badRequest } from './domain-error'

/**
 * Storage rules of capability limits (CAPL-02..04), one entry per signal keyed by its id. The cell
 * rules, the flags and what an entry copies from its signal are the saveSignalLimits intent's
 * (shared/intents/limits.ts), which produces every limits write; here an entry is only decoded and
 * kept under its own key.
 */
export const signalLimitRules: CollectionRules<SignalLimitEntry> = {
  collection: 'signalLimits',
  scope: 'plant',
  // Any signal may get limits, and an entry left without rows is removed.
  deletable: true,
  authorize() {},
  decode: (data) => decodeInput(SignalLimitEntry, data),
  async validate(_ctx, change) {
    if (change.next === undefined) throw badRequest(Messages.server.invalidRequest)
    return { ...change.next, signalUUID: change.id }
  },
}
