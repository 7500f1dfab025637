import { Result, Schema } from 'effect'
import {
  PING,
  RESYNC,
  STREAM_SILENCE_MS,
  StreamEvent,
  StreamHeartbeat,
  StreamStart,
} from '../../../shared/sync/protocol'
import { isCollectionName } from '../../../shared/sync/collections'
import { checkDocuments, type CollectionReplication } from './replication'
import type { Transport } from './transport'

/**
 * The one server-sent event stream of a session, fanned out to the collections' replications.
 * Every event is decoded with the shared schema; a malformed one is reported and dropped (the next
 * RESYNC pull brings whatever it carried), never written.
 */
const decodeEvent = Schema.decodeUnknownResult(StreamEvent)
const decodeHeartbeat = Schema.decodeUnknownResult(StreamHeartbeat)
const decodeStart = Schema.decodeUnknownResult(StreamStart)

export function openChangeStream(
  transport: Transport,
  replications: () => ReadonlyArray<CollectionReplication>,
  onError: (reason?: string) => void,
  silenceMs: number = STREAM_SILENCE_MS,
): { close(): void } | undefined {
  if (!transport.openStream) return undefined
  // Bound to the transport so a class-based transport keeps its `this`.
  // A stream silent for longer than its heartbeat allows is dead though its connection looks open
  // (a proxy stopped forwarding): it is closed and a new one opened, whose RESYNC pulls what passed.
  let heard = Date.now()
  const openStream = transport.openStream.bind(transport)
  let handle = open(openStream, replications, onError, () => (heard = Date.now()))
  const watchdog = setInterval(() => {
    if (Date.now() - heard <= silenceMs) return
    handle.close()
    heard = Date.now()
    onError()
    handle = open(openStream, replications, onError, () => (heard = Date.now()))
  }, silenceMs / 4)
  return {
    close() {
      clearInterval(watchdog)
      handle.close()
    },
  }
}

function open(
  openStream: NonNullable<Transport['openStream']>,
  replications: () => ReadonlyArray<CollectionReplication>,
  onError: (reason?: string) => void,
  alive: () => void,
): { close(): void } {
  return openStream(
    (data) => {
      alive()
      if (data === PING) return
      if (data === RESYNC) {
        for (const r of replications()) r.receive('RESYNC')
        return
      }
      let parsed: unknown
      try {
        parsed = JSON.parse(data)
      } catch {
        return onError('The server sent a malformed change')
      }
      if (typeof parsed === 'object' && parsed !== null && 'resync' in parsed) {
        const start = decodeStart(parsed)
        if (Result.isFailure(start)) return onError('The server sent a malformed change')
        const { after, latest } = start.success.resync
        for (const r of replications()) r.restarted(after, latest[r.collection])
        return
      }
      if (typeof parsed === 'object' && parsed !== null && 'lastSent' in parsed) {
        const beat = decodeHeartbeat(parsed)
        if (Result.isFailure(beat)) return onError('The server sent a malformed change')
        for (const r of replications()) {
          const last = beat.success.lastSent[r.collection]
          if (last !== undefined) r.heartbeat(last)
        }
        return
      }
      const event = decodeEvent(parsed)
      if (Result.isFailure(event) || !isCollectionName(event.success.collection)) {
        return onError('The server sent a malformed change')
      }
      const { collection, documents, checkpoint, after } = event.success
      try {
        checkDocuments(collection, documents)
      } catch {
        return onError('The server sent a malformed change')
      }
      replications()
        .find((r) => r.collection === collection)
        ?.receive({ documents: [...documents], checkpoint, ...(after === undefined ? {} : { after }) })
    },
    () => onError(),
  )
}
