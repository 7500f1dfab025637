import { Messages } from '../validation/messages'
import type { IntentDefinition } from './intent'

/**
 * Intent versions: an action stored (on a device) or sent (to the server) by another app version
 * names the version of its arguments (absent: 1). Before it runs, each host brings it to the
 * version its own intents take, through the definition's upgrade steps, or refuses it with a
 * message that says why (kept on the device as a sync issue): an action of a newer version than
 * this host knows, of an action that no longer exists, or whose upgrade step has none or fails.
 */
export type ArgsUpgrade =
  | { readonly ok: true; readonly args: unknown; readonly version: number; readonly upgraded: boolean }
  | { readonly ok: false; readonly reason: string }

type Versioned = Pick<IntentDefinition<unknown>, 'version' | 'upgrades'>

/** The version of the arguments this app writes for an intent. */
export const currentVersion = (definition: Versioned): number => definition.version ?? 1

/** `version` as the action carries it (undefined: 1), brought to the definition's current version. */
export function upgradeArgs(definition: Versioned, version: number | undefined, args: unknown): ArgsUpgrade {
  const from = version ?? 1
  const to = currentVersion(definition)
  if (!Number.isInteger(from) || from < 1) return older(Messages.sync.noUpgradeStep(from))
  if (from > to) return { ok: false, reason: Messages.sync.newerAppChange }
  let current = args
  for (let v = from; v < to; v++) {
    const step = definition.upgrades?.[v]
    if (!step) return older(Messages.sync.noUpgradeStep(v))
    try {
      current = step(current)
    } catch (err) {
      return older(err instanceof Error ? err.message : String(err))
    }
  }
  return { ok: true, args: current, version: to, upgraded: from !== to }
}

const older = (reason: string): ArgsUpgrade => ({ ok: false, reason: Messages.sync.olderAppChange(reason) })
