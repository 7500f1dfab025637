import { Schema } from 'effect'
import { defineIntent, type IntentDefinition } from '../../shared/intents/intent'
import type { RelianceConfig } from '../../shared/schema/reliance-config'
import type { Session } from '../auth/session'
import type { StoredDocument } from '../store/documents'
import { readRelianceSecret } from './integration-reliance'
import { tryRelianceToken, type ConnectionStatus } from './reliance-token'
import type { Services } from './services'

/**
 * ETQ-02: once a saveRelianceConfig is committed — sent over REST or pushed by a device that saved
 * it offline — the server tries the line's configuration (reliance-token.ts) and records SUCCESS or
 * ERROR on it, so the status chip and the Delete button mean something. The test runs after the
 * commit, never inside the transaction (a slow endpoint must not hold the customer's write lock),
 * and its result is written through the same write path as any change, so it replicates to every
 * device like one. A configuration changed or deleted while its test ran keeps what it has: the
 * newer save runs its own test.
 *
 * Gateway mode never gets here (apply-intent.ts hands writes to the authority, which tests them).
 */
export function startRelianceCheck(write: ServerWrite, written: ReadonlyArray<StoredDocument>): void {
  // A save that changed nothing (no new secret either) wrote nothing, and is not tested again.
  const saved = written.find((d) => d.collection === 'relianceConfigs' && !d.deleted)
  if (!saved) return
  const { services } = write
  const check = checkConfig(write, saved as StoredDocument<RelianceConfig>).catch((err: unknown) => {
    // The server stopping under a running test, the database going away: the status stays as it was.
    console.warn('Recording the ETQ Reliance connection test failed', err)
  })
  const running = runningChecks(services)
  running.add(check)
  void check.finally(() => running.delete(check))
}

/** Resolves once every connection test started on these services has recorded its result. */
export async function relianceChecksSettled(services: Services): Promise<void> {
  const running = runningChecks(services)
  while (running.size > 0) await Promise.all([...running])
}

/** Where the result is written: apply-intent.ts's applyServerIntent (passed in: it runs this module). */
export interface ServerWrite {
  readonly services: Services
  readonly session: Session
  readonly apply: <A>(definition: IntentDefinition<A>, args: A) => Promise<unknown>
}

const RUNNING = new WeakMap<Services, Set<Promise<void>>>()

function runningChecks(services: Services): Set<Promise<void>> {
  let set = RUNNING.get(services)
  if (!set) RUNNING.set(services, (set = new Set()))
  return set
}

async function checkConfig(
  { services, session, apply }: ServerWrite,
  config: StoredDocument<RelianceConfig>,
) {
  const secret = (await readRelianceSecret(services.db, session.customerId, config.id)) ?? ''
  const { apiHost, clientId, tokenEndpoint, updatedTime } = config.data
  const status = await tryRelianceToken(
    { tokenEndpoint, clientId, clientSecret: secret },
    services.relianceTokenTimeoutMs,
  )
  const tested = { apiHost, clientId, tokenEndpoint, updatedTime }
  await apply(recordRelianceConnection, {
    configId: config.id,
    tested,
    status,
  })
}

const RecordRelianceConnectionArgs = Schema.Struct({
  configId: Schema.NonEmptyString,
  /** The configuration as it was tested: the result belongs to it only. */
  tested: Schema.Struct({
    apiHost: Schema.String,
    clientId: Schema.String,
    tokenEndpoint: Schema.String,
    updatedTime: Schema.String,
  }),
  status: Schema.Literals(['SUCCESS', 'ERROR']),
})
type RecordRelianceConnectionArgs = typeof RecordRelianceConnectionArgs.Type

/**
 * The server's own write of a test's result. Not a user action, so not in shared/intents: no device
 * can push it (a pushed name must be one of those), and no device runs it.
 */
export const recordRelianceConnection: IntentDefinition<RecordRelianceConnectionArgs> =
  defineIntent<RecordRelianceConnectionArgs>({
    name: 'recordRelianceConnection',
    args: RecordRelianceConnectionArgs,
    reads: ({ configId }) => [{ collection: 'relianceConfigs', ids: [configId] }],
    edits: () => [],
    apply(docs, { configId, tested, status }) {
      const config = docs.get('relianceConfigs', configId)
      if (!config || !isTested(config, tested) || config.connectionStatus === status) return
      docs.put('relianceConfigs', configId, {
        ...config,
        connectionStatus: status satisfies ConnectionStatus,
      })
    },
    describe: () => 'Record the ETQ Reliance connection test',
  })

const isTested = (config: RelianceConfig, tested: RecordRelianceConnectionArgs['tested']) =>
  config.apiHost === tested.apiHost &&
  config.clientId === tested.clientId &&
  config.tokenEndpoint === tested.tokenEndpoint &&
  config.updatedTime === tested.updatedTime
