import type { LoadedDocument } from '../../../shared/intents/doc-set'
import { noFeatureFlags, type FeatureFlags } from '../../../shared/schema/plant'
import type { Signal } from '../../../shared/schema/signal'
import { ADMIN_ACTOR, doc } from './intent-harness'

/**
 * Small documents for the signal, station and limit intent tests: one line ('line-1') with two
 * stations, a linked measurement and its limit and result signals, and the plant with its flags.
 */
export const signal = (id: string, fields: Partial<Signal> = {}): Signal => ({
  id,
  name: id.toUpperCase(),
  friendlyName: null,
  entityType: 'MEASUREMENT',
  isSignalActive: true,
  singleSide: null,
  upperLimit: null,
  lowerLimit: null,
  result: [],
  qualityCharacteristic: 'None',
  resultClassifications: [],
  stationId: 'st-1',
  stationName: 'Station 1',
  lineId: 'line-1',
  ...fields,
})

export const signalDoc = (s: Signal): LoadedDocument => doc('signals', s.id, s)

export const plantDoc = (flags: Partial<FeatureFlags> = {}): LoadedDocument =>
  doc('plants', ADMIN_ACTOR.plantId, {
    id: ADMIN_ACTOR.plantId,
    customerId: ADMIN_ACTOR.customerId,
    name: 'Demo',
    timeZone: 'UTC',
    ingestorId: null,
    featureFlags: { ...noFeatureFlags(), ...flags },
    etqCustomerOverride: false,
  })

/** m1 links upper u1, lower l1 and result r1; m2 also lists r1; x1 is UNKNOWN; p1 a part attribute. */
export const LINE = {
  m1: signal('m1', { upperLimit: 'u1', lowerLimit: 'l1', result: ['r1'] }),
  m2: signal('m2', { result: ['r1'] }),
  u1: signal('u1', { entityType: 'UPPER_LIMIT' }),
  l1: signal('l1', { entityType: 'LOWER_LIMIT' }),
  r1: signal('r1', {
    entityType: 'RESULT',
    stationId: 'st-2',
    stationName: 'Station 2',
    resultClassifications: [{ value: 'OK', result: 'pass', failureMode: null }],
  }),
  x1: signal('x1', { entityType: 'UNKNOWN' }),
  p1: signal('p1', { entityType: 'PART_ATTRIBUTE' }),
  other: signal('other', { entityType: 'UPPER_LIMIT', lineId: 'line-2', stationId: 'st-9' }),
} as const

export const lineDocs = (flags: Partial<FeatureFlags> = {}, changed: ReadonlyArray<Signal> = []) => {
  const byId = new Map<string, Signal>(Object.values(LINE).map((s) => [s.id, s]))
  for (const s of changed) byId.set(s.id, s)
  return [...[...byId.values()].map(signalDoc), plantDoc(flags)]
}
