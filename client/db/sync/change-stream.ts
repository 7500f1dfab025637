import { Result, Schema } from 'effect'
import { RESYNC, StreamEvent } from '../../../shared/sync/protocol'
import { isCollectionName } from '../../../shared/sync/collections'
import { checkDocuments, type CollectionReplication } from './replication'
import type { Transport } from './transport'

/**
 * The one server-sent event stream of a session, fanned out to the collections' replications.
 * Every event is decoded with the shared schema; a malformed one is reported and dropped (the next
 * RESYNC pull brings whatever it carried), never written.
 */
const decodeEvent = Schema.decodeUnknownResult(StreamEvent)

export function openChangeStream(
  transport: Transport,
  replications: () => ReadonlyArray<CollectionReplication>,
  onError: (reason?: string) => void,
): { close(): void } | undefined {
  if (!transport.openStream) return undefined
  // Called on the transport so a class-based transport keeps its `this`.
  return transport.openStream(
    (data) => {
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
      const event = decodeEvent(parsed)
      if (Result.isFailure(event) || !isCollectionName(event.success.collection)) {
        return onError('The server sent a malformed change')
      }
      const { collection, documents, checkpoint } = event.success
      try {
        checkDocuments(collection, documents)
      } catch {
        return onError('The server sent a malformed change')
      }
      replications()
        .find((r) => r.collection === collection)
        ?.receive({ documents: [...documents], checkpoint })
    },
    () => onError(),
  )
}
