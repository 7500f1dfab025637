import type { IntentArgs, IntentName } from '../../shared/intents'
import type { CollectionName } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import { applyIntent } from '../domain/apply-intent'
import type { Services } from '../domain/services'
import type { StoredDocument } from '../store/documents'

/**
 * A REST call runs the same named intent a device pushes (no base values: a REST caller acts on the
 * server's current state, so there is nothing to conflict with). Answers the documents it wrote.
 */
export async function callIntent<N extends IntentName>(
  services: Services,
  session: Session,
  name: N,
  args: IntentArgs<N>,
): Promise<Written> {
  const result = await applyIntent(services, session, { name, args })
  return new Written(result.status === 'applied' ? result.documents : [])
}

/** What an intent wrote, for routes that answer with one of those documents. */
export class Written {
  constructor(readonly documents: ReadonlyArray<StoredDocument>) {}

  find<T>(collection: CollectionName, id: string): StoredDocument<T> | undefined {
    return this.documents.find((d) => d.collection === collection && d.id === id) as
      StoredDocument<T> | undefined
  }
}
