import type { Kysely } from 'kysely'
import type { Clock } from '../../shared/time/clock'
import type { ChangeBus } from '../replication/change-bus'
import type { Tables } from '../store/tables'

/** What every handler and domain service works with; built once in main.ts (or per test). */
export interface Services {
  readonly db: Kysely<Tables>
  readonly changes: ChangeBus
  readonly clock: Clock
}
