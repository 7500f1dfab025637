import { Schema } from 'effect'
import type { Monitor } from '../../shared/schema/monitor'
import { MonitorFromTask } from '../../shared/schema/monitor-task'
import type { Task } from '../../shared/schema/task'
import type { CollectionName } from '../../shared/sync/collections'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { applyChange } from '../domain/apply-change'
import { conflict, notFound } from '../domain/domain-error'
import { visibleDocument } from '../domain/monitor-lookups'
import type { Services } from '../domain/services'
import type { StoredDocument } from '../store/documents'

/** What the monitor routes share: loading a monitor (404), saving through the one write path, wire shape. */

/** The session plant's live monitor, or 404 'Monitor not found' (also for another tenant's id). */
export async function requireMonitor(
  services: Services,
  session: Session,
  id: string,
): Promise<StoredDocument<Monitor>> {
  const monitor = await visibleDocument<Monitor>(services.db, session, 'monitors', id)
  if (!monitor) throw notFound(Messages.monitor.notFound)
  return monitor
}

/**
 * Writes through applyChange (the same rules as a replicated push). With `expectedRevision`, a write
 * that raced another one answers 409 instead of overwriting it unseen.
 */
export async function save<T>(
  services: Services,
  session: Session,
  collection: CollectionName,
  id: string,
  next: T | undefined,
  expectedRevision?: number,
): Promise<StoredDocument<T>> {
  const result = await applyChange(
    services,
    session,
    collection,
    id,
    next,
    expectedRevision === undefined ? {} : { expectedRevision },
  )
  if (result.kind === 'conflict') throw conflict('CONFLICT', Messages.server.conflict)
  return result.document as StoredDocument<T>
}

const encodeTask = Schema.encodeSync(MonitorFromTask)

/** MON-08: the stored client monitor as the task endpoints answer it. */
export const toTask = (doc: StoredDocument<Monitor>): Task =>
  encodeTask({ ...doc.data, monitor_uuid: doc.id })
