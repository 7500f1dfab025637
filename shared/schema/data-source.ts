import { Schema } from 'effect'
import { UtcIsoString } from './plant'

/** A data source of the plant's ingestor (Data Sources screen, DS-01). */
export const DataSource = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.String,
  /** Shown in the plant's time zone; stored as UTC. */
  createdAt: UtcIsoString,
  topic: Schema.String,
  ingestorId: Schema.NonEmptyString,
})
export type DataSource = typeof DataSource.Type

/** GET /api/plants/{plantId}/ingestor answer: only the id is used. */
export const Ingestor = Schema.Struct({
  id: Schema.NonEmptyString,
})
export type Ingestor = typeof Ingestor.Type
