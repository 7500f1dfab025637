import type { Kysely } from 'kysely'
import type { Monitor } from '../../shared/schema/monitor'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { DomainError } from '../domain/domain-error'
import { getDocument } from '../store/documents'
import type { Tables } from '../store/tables'
import type { AuthorityRefusal } from './authority-client'
import type { RefreshUnit } from './authority-reads'

/**
 * The authority's refusal as the action's verdict, keeping the specification's meaning (docs/gateway.md):
 * - 409 naming a duplicate (`task_uuid`) → DUPLICATE_MONITOR with 'You already have a monitor {name}
 *   configured with these settings.' and the duplicate's id, which the device offers to open ('Edit
 *   existing monitor'); the duplicate is read into the replica first, so the device has it;
 * - 409 circular feeder lines → CIRCULAR_FEEDER; another 409 → CONFLICT;
 * - 400 and 422 → VALIDATION with the authority's own message (and its field issues);
 * - 403 → FORBIDDEN, 404 → NOT_FOUND, with the authority's message or ours.
 */
export async function refusalVerdict(
  refusal: AuthorityRefusal,
  readIntoReplica: (unit: RefreshUnit) => Promise<void>,
  db: Kysely<Tables>,
  session: Session,
): Promise<DomainError> {
  const { status, code, message, details } = refusal
  if (status === 409) {
    const duplicate = details.task_uuid ?? details.monitor_uuid
    if (code === 'DUPLICATE_MONITOR' || typeof duplicate === 'string') {
      const id = typeof duplicate === 'string' ? duplicate : undefined
      if (id) await readIntoReplica({ kind: 'monitor', monitorId: id })
      const held = id ? await getDocument<Monitor>(db, session.customerId, 'monitors', id) : undefined
      const name =
        typeof details.monitor_name === 'string' ? details.monitor_name : (held?.data.monitor_name ?? '')
      return new DomainError(409, 'DUPLICATE_MONITOR', message || Messages.monitor.duplicateBody(name), {
        ...(id ? { task_uuid: id, monitor_uuid: id } : {}),
        monitor_name: name,
      })
    }
    if (code === 'CIRCULAR_FEEDER')
      return new DomainError(409, 'CIRCULAR_FEEDER', message || Messages.lines.circularDependency, details)
    return new DomainError(409, 'CONFLICT', message || Messages.server.conflict, details)
  }
  if (status === 403) return new DomainError(403, 'FORBIDDEN', message || Messages.server.forbidden, details)
  if (status === 404) return new DomainError(404, 'NOT_FOUND', message || Messages.server.notFound, details)
  return new DomainError(400, 'VALIDATION', message || Messages.server.invalidRequest, details)
}
