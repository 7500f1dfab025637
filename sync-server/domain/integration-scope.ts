import type { Plant } from '../../shared/schema/plant'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { getDocument, type Executor } from '../store/documents'
import { notFound } from './domain-error'

/**
 * Scope checks of the plant, integration and user routes: the session's own plant and its feature
 * flags (SHELL-03: the flags live in the replicated plant document). Writes check them in the
 * intents (shared/intents); these serve the reads.
 */

/** A {plantId} path parameter that is not the session's plant is as unknown as another tenant's. */
export function assertOwnPlant(session: Session, plantId: string): void {
  if (plantId !== session.plantId) throw notFound(Messages.server.notFound)
}

export async function sessionPlant(ex: Executor, session: Session): Promise<Plant | undefined> {
  const plant = await getDocument<Plant>(ex, session.customerId, 'plants', session.plantId)
  return plant && !plant.deleted ? plant.data : undefined
}

/** ETQ Reliance exists for a plant with the ETQ flag or the customer-id override (ETQ-01). */
export async function canUseReliance(ex: Executor, session: Session): Promise<boolean> {
  const plant = await sessionPlant(ex, session)
  return plant !== undefined && (plant.featureFlags.etqIntegration || plant.etqCustomerOverride)
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
