import { relianceChecksSettled } from './domain/reliance-connection'
import { systemClock } from '../shared/time/clock'
import type { ServerConfig } from './config'
import type { Services } from './domain/services'
import { createLocalChangeBus, createPostgresChangeBus } from './replication/change-bus'
import { Gateway } from './gateway/gateway'
import { pokeGateways } from './replication/poke-gateways'
import { applyFeatureFlagSetting } from './domain/feature-flag-settings'
import { keepIntentLogBounded } from './domain/intent-log-retention'
import { ensureDemoPlant } from './seed/demo-plant'
import { openDatabase, type Database } from './store/database'

/** Opens the database (PGlite by default, PostgreSQL with DATABASE_URL), seeds it on first start. */
export interface Started {
  readonly services: Services
  readonly database: Database
  close(): Promise<void>
}

export async function startServices(config: ServerConfig): Promise<Started> {
  const first = await startServicesWithoutSeed(config)
  // In front of an authority the plant's data is the authority's: nothing is seeded here.
  if (config.gateway) return first
  const seeded = await ensureDemoPlant(first.services, config.demo)
  let started = first
  if (seeded && first.database.kind === 'pglite') {
    // Seeding grows PGlite's WebAssembly heap by hundreds of MB, and a WebAssembly heap never
    // shrinks: reopening the data folder (~0.5 s, once per data folder) starts from a small heap.
    await first.close()
    started = await startServicesWithoutSeed(config)
  }
  try {
    // SHELL-03: the deployment's flags win over what is stored, at every start.
    await applyFeatureFlagSetting(started.services, config.featureFlags ?? new Map())
  } catch (error) {
    await started.close()
    throw error
  }
  return started
}

export async function startServicesWithoutSeed(config: ServerConfig): Promise<Started> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  )
  const changes =
    database.kind === 'postgres' ? await createPostgresChangeBus(database.pool) : createLocalChangeBus()
  const base = { db: database.db, changes, clock: systemClock }
  const gateway = config.gateway ? new Gateway(base, config.gateway) : undefined
  const services: Services = gateway ? { ...base, gateway } : base
  await gateway?.start()
  const stopPokes = config.pokeUrls
    ? pokeGateways(changes, config.pokeUrls, config.gatewayPokeToken)
    : () => {}
  // The intent log is pruned at every start and once a day after (docs/operations.md).
  const intentLog = keepIntentLogBounded(database.db)
  return {
    services,
    database,
    async close() {
      stopPokes()
      // A Reliance connection test still running records its result before the database goes.
      await relianceChecksSettled(services)
      await intentLog.stop()
      await gateway?.stop()
      await changes.close()
      await database.close()
    },
  }
}
