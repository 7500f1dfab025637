import type { FeatureFlagName, Plant } from '../../shared/schema/plant'
import { Messages } from '../../shared/validation/messages'
import type { Session } from '../auth/session'
import { getDocument, type Executor, type StoredDocument } from '../store/documents'
import type { ApplyResult } from './apply-change'
import { conflict, notFound } from './domain-error'

/**
 * Scope checks shared by the plant, integration and user rules: the session's own plant, its
 * feature flags (SHELL-03: the flags live in the replicated plant document) and its lines.
 */

/** A {plantId} path parameter that is not the session's plant is as unknown as another tenant's. */
export function assertOwnPlant(session: Session, plantId: string): void {
  if (plantId !== session.plantId) throw notFound(Messages.server.notFound)
}

export async function sessionPlant(ex: Executor, session: Session): Promise<Plant | undefined> {
  const plant = await getDocument<Plant>(ex, session.customerId, 'plants', session.plantId)
  return plant && !plant.deleted ? plant.data : undefined
}

export async function hasFeature(ex: Executor, session: Session, flag: FeatureFlagName): Promise<boolean> {
  const plant = await sessionPlant(ex, session)
  return plant?.featureFlags[flag] === true
}

/** ETQ Reliance exists for a plant with the ETQ flag or the customer-id override (ETQ-01). */
export async function canUseReliance(ex: Executor, session: Session): Promise<boolean> {
  const plant = await sessionPlant(ex, session)
  return plant !== undefined && (plant.featureFlags.etqIntegration || plant.etqCustomerOverride)
}

/** 404 unless `lineId` is a live line of the session's plant. */
export async function assertLineOfPlant(ex: Executor, session: Session, lineId: string): Promise<void> {
  const line = await getDocument(ex, session.customerId, 'lines', lineId)
  if (!line || line.deleted || line.plantId !== session.plantId) throw notFound(Messages.server.notFound)
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The document a REST call saved (or found unchanged). REST writes never assume a revision, so no conflict. */
export function storedOf(result: ApplyResult): StoredDocument {
  if (result.kind === 'conflict') throw conflict('CONFLICT', Messages.server.conflict)
  return result.document
}
