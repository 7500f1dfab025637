import { isIntentName, type IntentName } from '../../shared/intents'
import type { DocSet } from '../../shared/intents/doc-set'
import type { SaveRelianceConfigArgs } from '../../shared/intents/integrations'
import type { WriteContext } from './collection-rules'
import { storeRelianceSecret } from './integration-reliance'

/**
 * What an intent does on the server beyond its documents: writes to tables that never replicate.
 * Run by apply-intent.ts in the intent's transaction, after its document changes, with its decoded
 * arguments and the documents as the intent left them. Only intents listed here have one.
 */
type ServerEffect = (ctx: WriteContext, args: unknown, docs: DocSet) => Promise<void>

const EFFECTS: Partial<Record<IntentName, ServerEffect>> = {
  // ETQ-03: the write-only client secret is stored apart from the config document.
  saveRelianceConfig: (ctx, args, docs) => storeRelianceSecret(ctx, args as SaveRelianceConfigArgs, docs),
}

/** Whether the intent writes anything beyond its documents (apply-intent.ts guards those with a savepoint). */
export const hasServerEffect = (name: string): boolean => isIntentName(name) && EFFECTS[name] !== undefined

export async function runServerEffect(ctx: WriteContext, name: string, args: unknown, docs: DocSet) {
  if (isIntentName(name)) await EFFECTS[name]?.(ctx, args, docs)
}
