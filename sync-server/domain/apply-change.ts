import { Messages } from '../../shared/validation/messages'
import type { CollectionName } from '../../shared/sync/collections'
import { deepEqual } from '../../shared/sync/deep-equal'
import { ADMIN_ONLY_COLLECTIONS } from '../../shared/sync/collections'
import { CUSTOMER_WIDE, deletedStub, writeDocument, type StoredDocument } from '../store/documents'
import type { CollectionRules, WriteContext } from './collection-rules'
import { DomainError, forbidden } from './domain-error'
import type { Services } from './services'

export type ApplyResult =
  | { readonly kind: 'applied'; readonly document: StoredDocument }
  | { readonly kind: 'unchanged'; readonly document: StoredDocument }

/**
 * Storing one document of an intent's changes (apply-intent.ts): the collection's storage rules in
 * order — authorize → decode → validate → write → afterWrite — inside the intent's transaction.
 */
export async function writeWithRules(
  ctx: WriteContext,
  rules: CollectionRules<object>,
  id: string,
  previous: StoredDocument | undefined,
  next: unknown,
): Promise<ApplyResult> {
  // Belt and braces: the administrators' collections are refused to anyone else whatever wrote them.
  if (ADMIN_ONLY_COLLECTIONS.has(rules.collection) && ctx.session.role !== 'administrator') {
    throw forbidden(Messages.server.forbidden)
  }
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

/** Writes a side-effect document without client-facing checks (the lastLogin sign-in stamps, users.ts). */
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
