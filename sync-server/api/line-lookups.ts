import type { Line } from '../../shared/schema/line'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { notFound } from '../domain/domain-error'
import { findVisible } from '../domain/line-documents'
import type { Services } from '../domain/services'
import type { StoredDocument } from '../store/documents'

/** Lookups the line and signal routes share; unknown and other tenants' ids read the same. */

export async function requireLine(services: Services, session: Session, lineId: string | undefined) {
  const line = lineId ? await findVisible<Line>(services.db, session, 'lines', lineId) : undefined
  if (!line) throw notFound(Messages.lines.unableToFind)
  return line
}

/** A {plantId} path parameter must be the session's plant. */
export function requireOwnPlant(session: Session, plantId: string): void {
  if (plantId !== session.plantId) throw notFound(Messages.server.notFound)
}

/** The shared Line shape. */
export const lineView = (doc: StoredDocument<Line>): Line => ({ ...doc.data, id: doc.id })
