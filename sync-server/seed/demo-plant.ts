import type { DemoCredentials } from '../config'
import type { Services } from '../domain/services'
import { hashPassword } from '../auth/password'
import { NO_PASSWORD, normalizeEmail } from '../domain/user-credentials'
import { analyzeDocuments, insertDocuments, writeTransaction } from '../store/documents'
import { buildDemoCustomer, buildOtherCustomer, type SeedCustomer } from './demo-customers'

export interface SeedOptions {
  /** Adds bulk lines until the demo plant has at least this many signals (benchmarks). */
  readonly signals?: number
  /** Signals of each bulk line (default about 3,000): the Signal Management bench wants one of 5,000. */
  readonly lineSignals?: number
}

/**
 * Creates the demo plant and the second customer on first start; does nothing when they exist, so
 * restarting the server keeps every change users made.
 */
export async function ensureDemoPlant(
  services: Services,
  demo: DemoCredentials,
  options: SeedOptions = {},
): Promise<boolean> {
  const existing = await services.db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', 'cust-demo')
    .executeTakeFirst()
  if (existing) return false
  const now = new Date(services.clock.now().epochMilliseconds)
  await writeCustomer(services, buildDemoCustomer(now, demo, options.signals, options.lineSignals))
  await writeCustomer(services, buildOtherCustomer(now))
  return true
}

async function writeCustomer(services: Services, seed: SeedCustomer): Promise<void> {
  const hashes = await Promise.all(seed.credentials.map((c) => hashPassword(c.password)))
  await services.db.insertInto('customers').values({ id: seed.customerId, name: seed.name }).execute()
  await writeTransaction(services.db, seed.customerId, async (tx) => {
    await insertDocuments(tx, seed.customerId, seed.docs)
    // Every seeded user gets its sign-in row, so its e-mail is claimed from the start (issue 12);
    // those without a seeded password get one nothing matches.
    const passwords = new Map(seed.credentials.map((c, i) => [c.userId, hashes[i]!]))
    const accounts = seed.docs
      .filter((d) => d.collection === 'users')
      .map((d) => ({
        user_id: d.id,
        customer_id: seed.customerId,
        email: normalizeEmail(String(d.data.email)),
        password_hash: passwords.get(d.id) ?? NO_PASSWORD,
      }))
    if (accounts.length > 0)
      await tx
        .insertInto('credentials')
        .values(accounts)
        .onConflict((oc) => oc.doNothing())
        .execute()
    if (seed.secrets.length > 0) {
      await tx
        .insertInto('secrets')
        .values(
          seed.secrets.map((s) => ({
            customer_id: seed.customerId,
            owner_id: s.ownerId,
            kind: s.kind,
            secret: s.secret,
          })),
        )
        .execute()
    }
  })
  // Planner statistics after a bulk load, so the first pulls use the index.
  await analyzeDocuments(services.db)
}
