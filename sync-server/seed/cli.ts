import { readConfig } from '../config'
import { startServicesWithoutSeed } from '../server'
import { ensureDemoPlant } from './demo-plant'

/**
 * `npm run seed -- --signals 100000 [--line-signals 3000]`: seeds the database named by DATA_DIR / DATABASE_URL with the
 * demo plant grown to at least that many signals (for benchmarks). A seeded database is left alone.
 */
const args = process.argv.slice(2)
const at = args.indexOf('--signals')
const signals = at >= 0 ? Number(args[at + 1]) : undefined
const perLineAt = args.indexOf('--line-signals')
const lineSignals = perLineAt >= 0 ? Number(args[perLineAt + 1]) : undefined
if (lineSignals !== undefined && (!Number.isInteger(lineSignals) || lineSignals < 9)) {
  console.error('--line-signals needs a whole number of at least 9, e.g. --line-signals 5000')
  process.exit(2)
}
if (signals !== undefined && (!Number.isInteger(signals) || signals < 0)) {
  console.error('--signals needs a whole number, e.g. --signals 100000')
  process.exit(2)
}
const config = readConfig()
const started = Date.now()
const { services, close } = await startServicesWithoutSeed(config)
const created = await ensureDemoPlant(services, config.demo, {
  ...(signals === undefined ? {} : { signals }),
  ...(lineSignals === undefined ? {} : { lineSignals }),
})
const count = await services.db
  .selectFrom('documents')
  .select((eb) => eb.fn.countAll<string>().as('n'))
  .where('collection', '=', 'signals')
  .where('customer_id', '=', 'cust-demo')
  .executeTakeFirstOrThrow()
console.log(
  created
    ? `Seeded the demo plant with ${count.n} signals in ${((Date.now() - started) / 1000).toFixed(1)} s`
    : `The database is already seeded (${count.n} signals); use an empty DATA_DIR for a new plant`,
)
await close()
