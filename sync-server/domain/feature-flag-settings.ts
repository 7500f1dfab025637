import { FEATURE_FLAGS } from '../../shared/constants'
import type { FeatureFlagName, FeatureFlags, Plant } from '../../shared/schema/plant'
import { deepEqual } from '../../shared/sync/deep-equal'
import { Messages } from '../../shared/validation/messages'
import { listDocuments, writeDocument, writeTransaction, type StoredDocument } from '../store/documents'
import { announce } from './apply-change'
import type { Services } from './services'

/**
 * SHELL-03: the deployment sets a customer's feature flags — at start (FEATURE_FLAGS, JSON keyed by
 * customer id) or while running (PATCH /api/deployment/customers/{id}/feature-flags). Either way the
 * flags are written into the customer's plant documents, which replicate: devices online see the
 * change live, offline ones on reconnect, and intents (device and server) read them from there.
 * A setting names only the flags it changes; the others keep their stored value.
 */

/** The flags a setting changes, and the ETQ customer-id override (ETQ-01), all optional. */
export type FlagPatch = Partial<Record<FeatureFlagName | 'etqCustomerOverride', boolean>>

/** What a plant holds after a setting: the answer of the deployment endpoint. */
export interface PlantFlags {
  readonly plantId: string
  readonly featureFlags: FeatureFlags
  readonly etqCustomerOverride: boolean
}

/** A setting that cannot be applied; its message names the bad key (README "Feature flags"). */
export class FeatureFlagSettingError extends Error {
  override readonly name = 'FeatureFlagSettingError'
  constructor(
    message: string,
    /** A key or value that is not a flag setting, or a customer this server does not have. */
    readonly kind: 'invalid' | 'unknownCustomer' = 'invalid',
  ) {
    super(message)
  }
}

const SETTABLE: ReadonlyArray<string> = [...FEATURE_FLAGS, 'etqCustomerOverride']

/** One customer's flags: an object of known names to booleans. `where` names it in a refusal. */
export function parseFlagPatch(value: unknown, where: string): FlagPatch {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new FeatureFlagSettingError(Messages.features.notAnObject(where))
  const patch: Record<string, boolean> = {}
  for (const [key, flag] of Object.entries(value)) {
    if (!SETTABLE.includes(key))
      throw new FeatureFlagSettingError(Messages.features.unknownFlag(where, key, SETTABLE.join(', ')))
    if (typeof flag !== 'boolean') throw new FeatureFlagSettingError(Messages.features.notBoolean(where, key))
    patch[key] = flag
  }
  return patch
}

/** FEATURE_FLAGS: `{"<customer id>": {"<flag>": true|false, …}, …}`; unset or blank is no setting. */
export function parseFeatureFlagSetting(raw: string | undefined): ReadonlyMap<string, FlagPatch> {
  if (raw === undefined || raw.trim() === '') return new Map()
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw new FeatureFlagSettingError(Messages.features.notJson('FEATURE_FLAGS'))
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new FeatureFlagSettingError(Messages.features.notAnObject('FEATURE_FLAGS'))
  return new Map(
    Object.entries(json).map(([customerId, flags]) => [
      customerId,
      parseFlagPatch(flags, `FEATURE_FLAGS.${customerId}`),
    ]),
  )
}

/** The customer's plants with their flags; a customer without a plant is unknown here. */
export async function readCustomerFlags(
  services: Services,
  customerId: string,
): Promise<ReadonlyArray<PlantFlags>> {
  const plants = await listDocuments<Plant>(services.db, customerId, 'plants')
  if (plants.length === 0)
    throw new FeatureFlagSettingError(Messages.features.unknownCustomer(customerId), 'unknownCustomer')
  return plants.map((p) => flagsOf(p.data))
}

/**
 * Writes the patch into every plant of the customer, in one transaction, and announces the plants
 * that changed so live streams carry them to devices. A patch that changes nothing writes nothing.
 */
export async function applyFlagPatch(
  services: Services,
  customerId: string,
  patch: FlagPatch,
): Promise<ReadonlyArray<PlantFlags>> {
  const written: StoredDocument[] = []
  const after = await writeTransaction(services.db, customerId, async (tx) => {
    const plants = await listDocuments<Plant>(tx, customerId, 'plants')
    if (plants.length === 0)
      throw new FeatureFlagSettingError(Messages.features.unknownCustomer(customerId), 'unknownCustomer')
    const result: PlantFlags[] = []
    for (const stored of plants) {
      const next = patched(stored.data, patch)
      result.push(flagsOf(next))
      if (deepEqual(next, stored.data)) continue
      written.push(
        await writeDocument(tx, {
          customerId,
          collection: 'plants',
          id: stored.id,
          plantId: stored.plantId,
          data: next as unknown as Record<string, unknown>,
        }),
      )
    }
    return result
  })
  announce(services, customerId, written)
  return after
}

/** FEATURE_FLAGS at start: every customer named must exist, or the server does not start. */
export async function applyFeatureFlagSetting(
  services: Services,
  setting: ReadonlyMap<string, FlagPatch>,
): Promise<void> {
  for (const [customerId, patch] of setting) await applyFlagPatch(services, customerId, patch)
}

function patched(plant: Plant, patch: FlagPatch): Plant {
  const { etqCustomerOverride, ...flags } = patch
  return {
    ...plant,
    featureFlags: { ...plant.featureFlags, ...flags },
    etqCustomerOverride: etqCustomerOverride ?? plant.etqCustomerOverride,
  }
}

const flagsOf = (plant: Plant): PlantFlags => ({
  plantId: plant.id,
  featureFlags: plant.featureFlags,
  etqCustomerOverride: plant.etqCustomerOverride,
})
