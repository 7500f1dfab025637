/**
 * What a signed-in session runs and the sign-in screen does not: the local database (RxDB), its
 * replication, and the intents a device runs itself. session/local-database.ts loads this module on demand
 * (session-code-loader.ts) before it opens a local database, so a new device's sign-in screen downloads far
 * less; a stored session starts loading it at once, beside the session check.
 */
export { argsKeptAfterSend, upgradeAction } from '../../../shared/intents'
export { openLocalStore } from '../storage/rx-local-store'
export { openChangeStream } from '../sync/change-stream'
export { adoptLegacyPending } from '../sync/legacy-pending'
export { checkLocally, runLocally } from '../sync/local-intents'
export { firstSyncDone, replicateCollection } from '../sync/replication'
export { trackAbsorption, trackReplication } from '../sync/status'
