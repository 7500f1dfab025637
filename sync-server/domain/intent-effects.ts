import { isIntentName, type IntentName } from '../../shared/intents'
import type { DocSet } from '../../shared/intents/doc-set'
import type { SaveRelianceConfigArgs } from '../../shared/intents/integrations'
import type { StoredDocument } from '../store/documents'
import type { WriteContext } from './collection-rules'
import { storeRelianceSecret } from './integration-reliance'
import { startRelianceCheck, type ServerWrite } from './reliance-connection'

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

/**
 * What the server starts once an applied intent is committed (not when a retry is answered from the
 * log): work too slow for the transaction, which writes its own result later.
 */
type AfterCommit = (write: ServerWrite, written: ReadonlyArray<StoredDocument>) => void

const AFTER_COMMIT: Partial<Record<IntentName, AfterCommit>> = {
  // ETQ-02: a configuration the save wrote gets its connection tested and its status recorded.
  saveRelianceConfig: startRelianceCheck,
}

/** `written`: the documents the intent wrote, as committed. */
export function runAfterCommit(
  write: ServerWrite,
  name: string,
  written: ReadonlyArray<StoredDocument>,
): void {
  if (isIntentName(name)) AFTER_COMMIT[name]?.(write, written)
}
