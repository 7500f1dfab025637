import { Schema } from 'effect'
import { MAX_PULL_BATCH } from '../constants'

/**
 * Wire shapes of the replication endpoints (RxDB replicateRxCollection on the client).
 * Every replicated document carries the server-owned fields below in addition to its entity fields.
 */
export const SERVER_FIELDS = ['updatedAt', 'revision', '_deleted'] as const

export const ServerMeta = Schema.Struct({
  /** Server clock, UTC ISO. */
  updatedAt: Schema.String,
  /** Bumped by the server on every write; 0 for a document the server has never stored. */
  revision: Schema.Int,
  _deleted: Schema.Boolean,
})
export type ServerMeta = typeof ServerMeta.Type

/** Opaque to the client: it sends back what it was given. */
export const Checkpoint = Schema.Struct({ seq: Schema.Int })
export type Checkpoint = typeof Checkpoint.Type

export const PullRequest = Schema.Struct({
  checkpoint: Schema.NullOr(Checkpoint),
  batchSize: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_PULL_BATCH })),
  /**
   * Only this line's documents (line-scoped collections: LINE_FIELDS), so a first sync can bring the
   * line a user opened ahead of the rest. Pages like any pull; its checkpoint is only good for
   * further pages of the same line, never for the whole collection.
   */
  lineId: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
})
export type PullRequest = typeof PullRequest.Type

/**
 * A document as replicated: an object of its entity's fields and the server's, checked where it is
 * used (`checkDocuments` for the key, revision and `_deleted`; the entity schemas for the rest).
 * Decoding checks that it is an object and keeps it as it came: decoded as a Record, every document
 * was copied field by field (a first sync's 100,000 signals: 0.1–0.14 s, more than parsing them
 * takes; docs/architecture.md). It accepts and refuses the same values as that Record.
 */
export const ReplicatedDocument = Schema.declare(
  (u: unknown): u is { readonly [field: string]: unknown } =>
    typeof u === 'object' && u !== null && !Array.isArray(u),
  { identifier: 'ReplicatedDocument' },
)
export type ReplicatedDocument = typeof ReplicatedDocument.Type

/** GET /sync/counts: documents per collection the session will pull (a first sync's progress). */
export const CollectionCounts = Schema.Struct({
  counts: Schema.Record(Schema.String, Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
})
export type CollectionCounts = typeof CollectionCounts.Type

export const PullResponse = Schema.Struct({
  documents: Schema.Array(ReplicatedDocument),
  checkpoint: Schema.NullOr(Checkpoint),
})
export type PullResponse = typeof PullResponse.Type

export const REJECTION_CODES = [
  'DUPLICATE_MONITOR',
  'CIRCULAR_FEEDER',
  'VALIDATION',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
] as const
export type RejectionCode = (typeof REJECTION_CODES)[number]

/** Why the server did not apply a pushed change; `message` is the spec's message for it. */
export const Rejection = Schema.Struct({
  code: Schema.Literals(REJECTION_CODES),
  status: Schema.Int,
  message: Schema.String,
  /** e.g. the existing monitor's uuid and name for a duplicate. */
  details: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
})
export type Rejection = typeof Rejection.Type

export const StreamEvent = Schema.Struct({
  collection: Schema.String,
  documents: Schema.Array(ReplicatedDocument),
  checkpoint: Checkpoint,
  /**
   * The stream's previous checkpoint for this collection: a client whose last event of it ended
   * elsewhere missed one (or got them out of order) and pulls instead of moving its checkpoint.
   */
  after: Schema.optionalKey(Schema.Int),
})
export type StreamEvent = typeof StreamEvent.Type

/** Sent on the stream after (re)connection: the client runs a pull to catch up. */
export const RESYNC = 'RESYNC'

/**
 * The stream's first message to a client that asks for it (STREAM_START_PARAM), in place of RESYNC:
 * where the stream starts. `after` is the sequence its events follow (the first event of each
 * collection carries it as its `after`); `latest` is each collection's newest sequence at that
 * moment. Everything up to `latest` the client must pull; what comes later, the stream sends. A
 * client that already holds a collection up to its `latest` needs no pull: without these figures
 * every (re)connection pulled every collection once, and once more at its first event.
 */
export const StreamStart = Schema.Struct({
  resync: Schema.Struct({
    after: Schema.Int,
    latest: Schema.Record(Schema.String, Schema.Int),
  }),
})
export type StreamStart = typeof StreamStart.Type

/** The query parameter of /sync/stream that asks for StreamStart instead of RESYNC (older servers ignore it). */
export const STREAM_START_PARAM = { name: 'start', value: '1' } as const

/**
 * The stream's heartbeat (an `event: ping`): a stream silent for longer than STREAM_SILENCE_MS is
 * dead even if its connection looks open (a proxy that stopped forwarding), and the client opens a
 * new one. Comments (`: keep-alive`) would not do: EventSource never shows them to the page.
 */
export const PING = 'PING'
/** The SSE event name of the heartbeat (its data is a StreamHeartbeat; PING from older servers). */
export const PING_EVENT = 'ping'

/**
 * What a heartbeat carries: for each collection this stream has sent an event of, that last event's
 * checkpoint. A lost event is noticed by the next one's `after`; the last one of a collection has
 * no next one, so a client whose last event of it ended elsewhere pulls (found by the soak: a
 * device kept two signals one revision behind for good). Older clients ignore a ping's data.
 */
export const StreamHeartbeat = Schema.Struct({
  lastSent: Schema.Record(Schema.String, Schema.Int),
})
export type StreamHeartbeat = typeof StreamHeartbeat.Type
export const STREAM_HEARTBEAT_MS = 15_000
export const STREAM_SILENCE_MS = 40_000
