import { Messages } from '../../shared/validation/messages'
import type { CollectionName } from '../../shared/sync/collections'
import { deepEqual } from '../../shared/sync/deep-equal'
import { ADMIN_ONLY_COLLECTIONS } from '../../shared/sync/collections'
import type { Session } from '../auth/session'
import {
  CUSTOMER_WIDE,
  deletedStub,
  getDocument,
  writeDocument,
  writeTransaction,
  type StoredDocument,
} from '../store/documents'
import type { CollectionRules, WriteContext } from './collection-rules'
import { DomainError, forbidden, notFound } from './domain-error'
import { rulesFor } from './registry'
import type { Services } from './services'

export interface ApplyOptions {
  /** Replication: the revision the client believes is stored (0 = it believes there is none). */
  readonly expectedRevision?: number
}

export type ApplyResult =
  | { readonly kind: 'applied'; readonly document: StoredDocument }
  | { readonly kind: 'unchanged'; readonly document: StoredDocument }
  | { readonly kind: 'conflict'; readonly master: StoredDocument | undefined }

/**
 * The one write path. Authorizes, decodes, validates and stores a change in a transaction holding
 * the customer's write lock, runs side effects there too, and announces every written document
 * once the transaction has committed.
 */
export async function applyChange(
  services: Services,
  session: Session,
  collection: CollectionName,
  id: string,
  next: unknown,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const rules = rulesFor(collection)
  if (ADMIN_ONLY_COLLECTIONS.has(collection) && session.role !== 'administrator') {
    throw forbidden(Messages.server.forbidden)
  }
  const written: StoredDocument[] = []
  const result = await writeTransaction(services.db, session.customerId, async (tx) => {
    const previous = await getDocument(tx, session.customerId, collection, id)
    const live = previous && !previous.deleted ? previous : undefined
    if (live && live.plantId !== CUSTOMER_WIDE && live.plantId !== session.plantId) {
      // Another plant's document is as invisible as another customer's.
      throw notFound(Messages.server.notFound)
    }
    if (options.expectedRevision !== undefined && options.expectedRevision !== (previous?.revision ?? 0)) {
      return { kind: 'conflict', master: previous } as const
    }
    const ctx: WriteContext = { services, session, tx, written }
    return writeWithRules(ctx, rules, id, live, next)
  })
  if (result.kind === 'applied') announce(services, session.customerId, written)
  return result
}

export async function writeWithRules(
  ctx: WriteContext,
  rules: CollectionRules<object>,
  id: string,
  previous: StoredDocument | undefined,
  next: unknown,
): Promise<ApplyResult> {
  rules.authorize(ctx.session, { id, previous, next })
  if (next === undefined) {
    if (!previous) return { kind: 'unchanged', document: deletedStub(rules.collection, id) }
    if (!rules.deletable) throw forbidden(Messages.server.forbidden)
  }
  const decoded = next === undefined ? undefined : rules.decode(next)
  const change = { id, previous, next: decoded }
  const data = decoded === undefined ? undefined : await rules.validate(ctx, change)
  if (previous && data !== undefined && sameData(previous.data, data)) {
    return { kind: 'unchanged', document: previous }
  }
  const stored = await writeDocument(ctx.tx, {
    customerId: ctx.session.customerId,
    collection: rules.collection,
    id,
    plantId: rules.scope === 'customer' ? CUSTOMER_WIDE : ctx.session.plantId,
    data: (data ?? previous?.data ?? {}) as Record<string, unknown>,
    deleted: data === undefined,
  })
  ctx.written.push(stored)
  await rules.afterWrite?.(ctx, change, stored)
  return { kind: 'applied', document: stored }
}

/** Writes a side-effect document (e.g. a monitor stopped by its line) without client-facing checks. */
export async function writeSideEffect(
  ctx: WriteContext,
  collection: CollectionName,
  id: string,
  plantId: string,
  data: Record<string, unknown>,
): Promise<StoredDocument> {
  const stored = await writeDocument(ctx.tx, {
    customerId: ctx.session.customerId,
    collection,
    id,
    plantId,
    data,
  })
  ctx.written.push(stored)
  return stored
}

const sameData = deepEqual

export function announce(services: Services, customerId: string, written: ReadonlyArray<StoredDocument>) {
  const last = new Map<CollectionName, number>()
  for (const doc of written) last.set(doc.collection, Math.max(last.get(doc.collection) ?? 0, doc.seq))
  for (const [collection, seq] of last) services.changes.publish({ customerId, collection, seq })
}

export { DomainError }
