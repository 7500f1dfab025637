import type { EntityType } from '../schema/signal'
import type { FeatureFlagName, FeatureFlags } from '../schema/plant'

/**
 * SHELL-03: what each feature flag gates, said once for the screens (which hide or disable the
 * control) and the intents (which refuse the action when the flag is off).
 */

/** The feature's name in a refusal ('… is turned off for this plant'). */
export const FEATURE_LABELS: Readonly<Record<FeatureFlagName, string>> = {
  multiVariateCreation: 'Multi-variate monitor creation',
  etqIntegration: 'ETQ integration',
  singleSidedLimits: 'Single-sided limits',
  limits: 'Limits',
  excludeParts: 'Exclude parts and model numbers',
  userDeletion: 'User deletion',
  userLocation: 'User location',
  limitEntityTypeSelection: 'Limit entity type selection',
  resultEntityTypeSelection: 'Result entity type selection',
  componentEntityTypeSelection: 'Component id entity type selection',
  partMarriage: 'Part marriage',
  multiselect: 'Multiselect',
}

type EntityTypeFlag =
  'limitEntityTypeSelection' | 'resultEntityTypeSelection' | 'componentEntityTypeSelection'

/** The flag that must be on to give a signal this entity type, or null when none is needed. */
export function entityTypeFlag(type: EntityType): EntityTypeFlag | null {
  switch (type) {
    case 'UPPER_LIMIT':
    case 'LOWER_LIMIT':
      return 'limitEntityTypeSelection'
    case 'RESULT':
      return 'resultEntityTypeSelection'
    case 'COMPONENT_ID':
      return 'componentEntityTypeSelection'
    default:
      return null
  }
}

/** Whether the entity type picker may offer (and an intent may set) this type. */
export const isEntityTypeSelectable = (
  flags: Pick<FeatureFlags, EntityTypeFlag>,
  type: EntityType,
): boolean => {
  const flag = entityTypeFlag(type)
  return flag === null || flags[flag]
}
