import { INTENTS } from '../shared/intents'

/**
 * The sync server as the soak runs it: sync-server/main.ts in a process of its own, so it can be
 * killed with SIGKILL. With SOAK_INTENT_VERSION=2 it is the next app version, in which
 * updateLineSettings takes version 2 of its arguments: version 1 (what the soak's devices, still on
 * the old app, send) upgrades to it, except a change of excluded parts, which version 2 moved
 * elsewhere and cannot take from an old device (the device keeps that action as a sync issue).
 */
export const REFUSED_BY_VERSION_2 = 'version 2 sets excluded parts elsewhere.'

if (process.env.SOAK_INTENT_VERSION === '2') {
  const definition = INTENTS.updateLineSettings as unknown as Record<string, unknown>
  definition.version = 2
  definition.upgrades = {
    1: (args: unknown) => {
      const { changes } = args as { changes?: Record<string, unknown> }
      if (changes && 'excludedPartIds' in changes) throw new Error(REFUSED_BY_VERSION_2)
      return args
    },
  }
}
await import('../sync-server/main')
