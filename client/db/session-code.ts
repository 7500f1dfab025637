/**
 * What a signed-in session runs and the sign-in screen does not: the local database (RxDB), its
 * replication, and the intents a device runs itself. sync-controller.ts loads this module on demand
 * (session-code-loader.ts) before it opens a local database, so a new device's sign-in screen downloads far
 * less; a stored session starts loading it at once, beside the session check.
 */
export { argsKeptAfterSend, upgradeAction } from '../../shared/intents'
export { openAppDatabase } from './app-database'
export { openChangeStream } from './change-stream'
export { adoptLegacyPending } from './legacy-pending'
export { checkLocally, runLocally } from './local-intents'
export { firstSyncDone, replicateCollection } from './replication'
export { trackAbsorption, trackReplication } from './status'
