import type { IntentArgs, IntentName } from '../../shared/intents'
import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import { applyIntent } from '../domain/apply-intent'
import type { Services } from '../domain/services'
import type { StoredDocument } from '../store/documents'

/** What a route passes on: the request's services, session and Idempotency-Key (idempotency-key.ts). */
export interface CallContext {
  readonly services: Services
  readonly session: Session
  readonly idempotencyKey?: string | undefined
  readonly idempotencyFingerprint?: string | undefined
}

/**
 * A REST call runs the same named intent a device pushes (no base values: a REST caller acts on the
 * server's current state, so there is nothing to conflict with). Answers the documents it wrote.
 *
 * With an `Idempotency-Key` the call is logged under that key like a pushed action under its id: a
 * retry of it is answered from the log, never applied twice (a gateway in front of this server
 * retries a call whose answer it lost, docs/gateway.md). Routes therefore build their answers from
 * what the intent wrote (`Written`), not from ids they minted for this one request.
 */
export async function callIntent<N extends IntentName>(
  { services, session, idempotencyKey, idempotencyFingerprint }: CallContext,
  name: N,
  args: IntentArgs<N>,
): Promise<Written> {
  const result = await applyIntent(services, session, {
    name,
    args,
    ...(idempotencyKey === undefined
      ? {}
      : {
          id: `idem:${session.userId}:${idempotencyKey}`,
          ...(idempotencyFingerprint === undefined ? {} : { fingerprint: idempotencyFingerprint }),
        }),
  })
  return new Written(
    result.status === 'applied' ? result.documents : [],
    result.status === 'applied' ? (result.replacedIds ?? {}) : {},
  )
}

/** What an intent wrote, for routes that answer with one of those documents. */
export class Written {
  constructor(
    readonly documents: ReadonlyArray<StoredDocument>,
    /** Ids the authority gave documents in place of the ids the call minted (gateway mode only). */
    private readonly replaced: Readonly<Record<string, string>> = {},
  ) {}

  find<T>(collection: CollectionName, id: string): StoredDocument<T> | undefined {
    const own = this.idFor(id)
    return this.documents.find((d) => d.collection === collection && d.id === own) as
      StoredDocument<T> | undefined
  }

  /** The first document of a collection the intent wrote (a create answered from the log carries its own id). */
  first<T>(collection: CollectionName): StoredDocument<T> | undefined {
    return this.documents.find((d) => d.collection === collection) as StoredDocument<T> | undefined
  }

  /** The id a document minted by this call ended up with. */
  idFor(id: string): string {
    return this.replaced[id] ?? id
  }
}
