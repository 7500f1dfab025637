import { noFeatureFlags, type FeatureFlags } from '../../../shared/schema/plant'
import { IntentRejected } from '../../../shared/intents/intent'
import { doc } from './intent-harness'

/**
 * Documents the admin-area intent tests share: the actor's plant (its feature flags), a line and a
 * user. Only the fields those intents read are filled in.
 */
export const plant = (flags: Partial<FeatureFlags> = {}, etqCustomerOverride = false) =>
  doc('plants', 'plant-demo', {
    id: 'plant-demo',
    customerId: 'cust-demo',
    name: 'Demo Plant',
    timeZone: 'UTC',
    ingestorId: null,
    featureFlags: { ...noFeatureFlags(), ...flags },
    etqCustomerOverride,
  })

export const line = (id: string, name: string) =>
  doc('lines', id, { id, name, displayName: name, friendlyName: null, active: true })

/** What a rejected run throws, as `{status, code, message}`. */
export async function rejectionOf(run: Promise<unknown>) {
  try {
    await run
  } catch (err) {
    if (err instanceof IntentRejected) return { status: err.status, code: err.code, message: err.message }
    throw err
  }
  return undefined
}
