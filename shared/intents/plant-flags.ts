import { noFeatureFlags, type FeatureFlagName, type FeatureFlags } from '../schema/plant'
import { FEATURE_LABELS } from '../validation/feature-gates'
import { Messages } from '../validation/messages'
import type { DocSet } from './doc-set'
import { rejectForbidden, type DocumentRead, type IntentEnv } from './intent'

/**
 * The actor's plant as intents read it: feature flags gate what several areas allow (signals,
 * limits, users, ETQ Reliance), and the plant document is where they live, on the device as on the
 * server. One read and one lookup, so every area reads the flags alike.
 */
export const actorPlantRead = (env: IntentEnv): DocumentRead => ({
  collection: 'plants',
  ids: [env.actor.plantId],
})

/** The actor's plant's flags (a plant without a document has every flag off). */
export const featureFlagsOf = (docs: DocSet, env: IntentEnv): FeatureFlags => ({
  ...noFeatureFlags(),
  ...(docs.get('plants', env.actor.plantId)?.featureFlags ?? {}),
})

/** Refuses the action (403, a kept rejection on a push) when the actor's plant has `flag` off. */
export function requireFeature(docs: DocSet, env: IntentEnv, flag: FeatureFlagName): void {
  if (!featureFlagsOf(docs, env)[flag]) rejectForbidden(Messages.features.off(FEATURE_LABELS[flag]))
}
