import { benchServerReplication } from './server-replication'

/**
 * `npm run bench [-- --signals N]`: prints figures; never passes or fails on time.
 * Client benchmarks (first sync in Chromium, cold start, bundle size) join this list with the client.
 */
const args = process.argv.slice(2)
const at = args.indexOf('--signals')
const signals = at >= 0 ? Number(args[at + 1]) : 100_000

await benchServerReplication(signals)
