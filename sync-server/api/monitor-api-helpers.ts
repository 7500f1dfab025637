import { Schema } from 'effect'
import type { Monitor } from '../../shared/schema/monitor'
import { MonitorFromTask } from '../../shared/schema/monitor-task'
import type { Task } from '../../shared/schema/task'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { notFound } from '../domain/domain-error'
import { visibleDocument } from '../domain/monitor-lookups'
import type { Services } from '../domain/services'
import type { StoredDocument } from '../store/documents'

/** What the monitor routes share: loading a monitor (404) and its wire shape. */

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

const encodeTask = Schema.encodeSync(MonitorFromTask)

/** MON-08: the stored client monitor as the task endpoints answer it. */
export const toTask = (doc: StoredDocument<Monitor>): Task =>
  encodeTask({ ...doc.data, monitor_uuid: doc.id })
