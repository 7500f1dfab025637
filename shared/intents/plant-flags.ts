import { noFeatureFlags, type FeatureFlags } from '../schema/plant'
import type { DocSet } from './doc-set'
import type { DocumentRead, IntentEnv } from './intent'

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
